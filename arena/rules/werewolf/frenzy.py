"""Frenzy: the Rage check that sets it off, and what a frenzied Garou may and may not do."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from arena.rules.commands import IllegalCommand
from arena.rules.dice import DiceSource, StorytellerRoll, roll_faces, score_storyteller
from arena.rules.fast import quick_init

FrenzyTrigger = Literal["first_wounded", "packmate_wounded"]
"""When the check is made: the Garou is first wounded in the fight, or sees a packmate wounded."""


@dataclass(frozen=True, slots=True)
class FrenzyEffects:
    """What frenzy does to a Garou until the fight ends or it spends Willpower [book]."""

    form: str
    """The form it takes at once."""
    maneuvers: tuple[str, ...]
    """The only maneuvers it attacks with."""
    target: str
    """Whom it attacks: ``nearest`` enemy."""
    ignores_wound_penalties: bool
    """Wound penalties do not come off its pools."""
    can_defend: bool
    """Whether it may dodge (and so block or parry: every action is an attack)."""
    can_split: bool
    """Whether it may split a pool."""
    can_use_gnosis: bool
    """Whether it may use Gnosis."""
    played_by_ai: bool
    """A frenzied player character is played by the AI until the frenzy ends."""


FRENZY: Final = FrenzyEffects(
    form="crinos",
    maneuvers=("claw", "bite"),
    target="nearest",
    ignores_wound_penalties=True,
    can_defend=False,
    can_split=False,
    can_use_gnosis=False,
    played_by_ai=True,
)
"""The book's frenzy, as data the engine reads."""


@quick_init
@dataclass(frozen=True, slots=True)
class FrenzyCheck:
    """A frenzy check: the Rage roll and whether the Garou frenzies."""

    roll: StorytellerRoll
    """Current Rage rolled at the frenzy difficulty."""
    frenzies: bool
    """Net successes reached the threshold."""


def frenzy_difficulty(moon_difficulty: int, form_modifier: int) -> int:
    """The moon's difficulty plus the form's frenzy modifier (Crinos -1, from form data)."""
    return moon_difficulty + form_modifier


def score_frenzy(faces: Sequence[int], difficulty: int, threshold: int) -> FrenzyCheck:
    """Read a frenzy check's faces.

    Args:
        faces: one die per point of current Rage.
        difficulty: from `frenzy_difficulty`.
        threshold: the ``frenzy_successes`` option (4).

    Returns:
        The check.
    """
    roll = score_storyteller(faces, difficulty)
    return FrenzyCheck(roll=roll, frenzies=roll.net >= threshold)


def check_frenzy(
    dice: DiceSource, rage_current: int, difficulty: int, threshold: int
) -> FrenzyCheck:
    """Roll current Rage at the frenzy difficulty; `threshold` successes or more frenzies [book]."""
    return score_frenzy(roll_faces(dice, rage_current), difficulty, threshold)


def effective_wound_penalty(wound_penalty: int, *, frenzied: bool) -> int:
    """The wound penalty that comes off a pool: none for a frenzied Garou."""
    return 0 if frenzied and FRENZY.ignores_wound_penalties else wound_penalty


def end_frenzy(willpower_current: int, cost: int) -> int:
    """Spend Willpower on the frenzied Garou's action to end the frenzy; returns what is left.

    Raises:
        IllegalCommand: not enough Willpower.
    """
    if cost > willpower_current:
        raise IllegalCommand(f"ending a frenzy costs {cost} Willpower; {willpower_current} left")
    return willpower_current - cost
