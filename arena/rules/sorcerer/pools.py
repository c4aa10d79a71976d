"""Pool assembly: a score plus bonus dice minus penalty dice, with every modifier named."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from arena.rules.fast import quick_init
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions

Trait = Literal["stamina", "will", "lore", "humanity", "power"]
ChallengeLevel = Literal["easy", "moderate", "hard", "extreme"]


@quick_init
@dataclass(frozen=True, slots=True)
class Modifier:
    """Dice added to (positive) or removed from (negative) a pool, and why."""

    source: str
    """What the log calls it: ``total defense``, ``lasting damage``, ``rollover from aim``..."""
    dice: int
    """Bonus dice when positive, penalty dice when negative."""


@dataclass(frozen=True, slots=True, init=False)
class DicePool:
    """A pool before rolling: its base and each modifier, so the log can explain it."""

    base_name: str
    """What the base is: ``Stamina``, ``Will``, ``snapshot ritual``, ``suck it up``..."""
    base: int
    """The base number of dice (a score, or 1 for snapshot rituals and sucking it up)."""
    modifiers: tuple[Modifier, ...] = ()
    """Every modifier applied, in the order applied; none of them is zero."""
    size: int = field(init=False, compare=False, repr=False)
    """Base + bonus − penalty; may be 0 or less (see the clobber rule). Worked out when the
    pool is made: every step reads it, again and again."""
    dice_to_roll: int = field(init=False, compare=False, repr=False)
    """How many dice this pool rolls as it stands: its size, or none if that is 0 or less."""
    bonus: int = field(init=False, compare=False, repr=False)
    """Bonus dice in total (never negative)."""
    penalty: int = field(init=False, compare=False, repr=False)
    """Penalty dice in total, as a positive number (never negative)."""

    def __init__(self, base_name: str, base: int, modifiers: tuple[Modifier, ...] = ()) -> None:
        """Fill the slots directly (as `quick_init` does), the totals worked out once."""
        bonus = penalty = 0
        for m in modifiers:
            if m.dice > 0:
                bonus += m.dice
            else:
                penalty -= m.dice
        size = base + bonus - penalty
        _SET_NAME(self, base_name)
        _SET_BASE(self, base)
        _SET_MODIFIERS(self, modifiers)
        _SET_SIZE(self, size)
        _SET_ROLL(self, size if size > 0 else 0)
        _SET_BONUS(self, bonus)
        _SET_PENALTY(self, penalty)

    def plus(self, *modifiers: Modifier) -> DicePool:
        """The same pool with more modifiers (zero modifiers are dropped)."""
        return assemble_pool(self.base_name, self.base, (*self.modifiers, *modifiers))


_SLOT: dict[str, Any] = dict(vars(DicePool))
"""The pool's slot descriptors by field name: `DicePool.__init__` fills each one directly."""
_SET_NAME = _SLOT["base_name"].__set__
_SET_BASE = _SLOT["base"].__set__
_SET_MODIFIERS = _SLOT["modifiers"].__set__
_SET_SIZE = _SLOT["size"].__set__
_SET_ROLL = _SLOT["dice_to_roll"].__set__
_SET_BONUS = _SLOT["bonus"].__set__
_SET_PENALTY = _SLOT["penalty"].__set__


def assemble_pool(base_name: str, base: int, modifiers: Iterable[Modifier] = ()) -> DicePool:
    """Assemble a pool from its base and modifiers, dropping modifiers worth zero dice.

    Args:
        base_name: what the base is, for the log.
        base: the base dice, at least 0.
        modifiers: bonuses and penalties, in the order the log should list them.

    Returns:
        The pool.

    Raises:
        ValueError: the base is negative.
    """
    if base < 0:
        raise ValueError(f"a pool's base cannot be negative, got {base}")
    return DicePool(base_name, base, tuple([m for m in modifiers if m.dice != 0]))


def challenge_pool(level: ChallengeLevel, options: SorcererOptions = DEFAULT_OPTIONS) -> DicePool:
    """The difficulty pool a challenge (climb, defuse, flee) rolls against.

    Args:
        level: how hard the task is.
        options: the rules options holding the dice per level.

    Returns:
        The difficulty's pool, named after the level.
    """
    dice = {
        "easy": options.challenge_easy,
        "moderate": options.challenge_moderate,
        "hard": options.challenge_hard,
        "extreme": options.challenge_extreme,
    }[level]
    return assemble_pool(f"{level} challenge", dice)
