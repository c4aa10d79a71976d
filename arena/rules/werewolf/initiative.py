"""Initiative: the seed's segment from Wits + Alertness successes, and the w20 score."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from arena.rules.dice import DiceSource, StorytellerRoll, d10s, score_storyteller
from arena.rules.fast import quick_init

INITIATIVE_DIFFICULTY: Final = 4
"""Wits + Alertness is rolled at difficulty 4 [seed]."""


@quick_init
@dataclass(frozen=True, slots=True)
class Initiative:
    """A seed initiative roll: the segment a combatant acts on, or a lost turn."""

    segment: int
    """Net successes: the segment of the first action; 0 for no successes and for a botch."""
    botched: bool
    """A botch: the combatant has no actions this turn, but may still be attacked [ruling]."""
    roll: StorytellerRoll
    """The dice behind it."""

    @property
    def acts(self) -> bool:
        """Whether the combatant has any action this turn."""
        return not self.botched


def initiative_pool(wits: int, alertness: int, wound_penalty: int) -> int:
    """Wits + Alertness less the wound penalty (dice lost), never below 0."""
    pool = wits + alertness - wound_penalty
    return pool if pool > 0 else 0  # not max(): everyone's initiative every turn


def score_initiative(faces: Sequence[int], *, automatic: int = 0) -> Initiative:
    """Read initiative faces at difficulty 4.

    Args:
        faces: the faces of the initiative pool (see `initiative_pool`).
        automatic: automatic successes (1 for spent Willpower).

    Returns:
        The initiative: successes are the segment; a botch loses the turn's actions.
    """
    roll = score_storyteller(faces, INITIATIVE_DIFFICULTY, automatic=automatic)
    # By position (segment, botched, roll): a class called with keywords gathers them in a dict.
    return Initiative(roll.net, roll.botch, roll)


def roll_initiative(
    dice: DiceSource, wits: int, alertness: int, wound_penalty: int, *, automatic: int = 0
) -> Initiative:
    """Roll Wits + Alertness less the wound penalty at difficulty 4 [seed].

    Args:
        dice: where the faces come from.
        wits: current Wits.
        alertness: Alertness.
        wound_penalty: dice lost to wounds (0 for a frenzied Garou, who ignores them).
        automatic: automatic successes (1 for spent Willpower).

    Returns:
        The initiative.
    """
    pool = initiative_pool(wits, alertness, wound_penalty)
    # The faces as dealt, without `roll_faces`' own call: scoring keeps them as a tuple.
    return score_initiative(d10s(dice, pool), automatic=automatic)


@quick_init
@dataclass(frozen=True, slots=True)
class W20Initiative:
    """A w20 initiative: one d10 plus Dexterity and Wits, less wounds."""

    face: int
    """The d10 rolled."""
    score: int
    """face + Dexterity + Wits - wound penalty; higher acts first."""


def roll_w20_initiative(
    dice: DiceSource, dexterity: int, wits: int, wound_penalty: int
) -> W20Initiative:
    """Roll w20 initiative: 1d10 + Dexterity + Wits - wound penalty [book].

    Args:
        dice: where the face comes from.
        dexterity: current Dexterity (form included).
        wits: current Wits.
        wound_penalty: dice lost to wounds.

    Returns:
        The face and the score.
    """
    face = d10s(dice, 1)[0]
    return W20Initiative(face=face, score=face + dexterity + wits - wound_penalty)


def segment_order(actions: Sequence[tuple[str, int]]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Group (combatant, segment) actions by segment, highest first [seed].

    Actions on the same segment are simultaneous; within a group combatants keep the order
    given (pass them in roster order), and a combatant appears once per segment.

    Args:
        actions: every (combatant id, segment) action of the turn.

    Returns:
        (segment, combatant ids) pairs, from the highest segment down to 0.
    """
    groups: dict[int, list[str]] = {}
    for who, segment in actions:
        group = groups.setdefault(segment, [])
        if who not in group:
            group.append(who)
    return tuple((segment, tuple(groups[segment])) for segment in sorted(groups, reverse=True))


def w20_declaration_order(scores: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """Who declares first under w20: lowest score first; ties keep the order given [book]."""
    return tuple(who for who, _ in sorted(scores, key=lambda entry: entry[1]))


def w20_action_order(
    scores: Sequence[tuple[str, int]], rage_actions: Mapping[str, int]
) -> tuple[tuple[str, bool], ...]:
    """The w20 order of actions: everyone's normal action, then Rage actions [book].

    Normal actions go from the highest score down; then the extra actions bought with Rage
    resolve in rounds, one per combatant a round, again in initiative order. Ties keep the
    order given.

    Args:
        scores: (combatant id, initiative score), in roster order.
        rage_actions: combatant id → extra actions bought with Rage (absent means none).

    Returns:
        (combatant id, is a Rage action) in the order the actions resolve.
    """
    ranked = [who for who, _ in sorted(scores, key=lambda entry: -entry[1])]
    order = [(who, False) for who in ranked]
    for extra in range(max((rage_actions.get(who, 0) for who in ranked), default=0)):
        order.extend((who, True) for who in ranked if rage_actions.get(who, 0) > extra)
    return tuple(order)


Track = tuple[tuple[str, str, tuple[tuple[Any, ...], ...]], ...]
"""The segment track's numbers: each combatant's (name, status, slots), in roster order; a
slot's numbers start with its (tick, segment)."""
