"""Splitting a dice pool between actions, and the w20 multiple-action penalty instead."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from arena.rules.commands import IllegalCommand
from arena.rules.fast import quick_init
from arena.rules.werewolf.options import MultipleActions

PartRequest = tuple[str, int, int]
"""What a controller asks for one part: (action name, dice, segment)."""


@quick_init
@dataclass(frozen=True, slots=True)
class SplitPart:
    """One part of a split action: what it does, with how many dice, when."""

    action: str
    """The action's name, a key of the pools, e.g. ``punch`` or ``dodge``."""
    dice: int
    """Dice this part rolls (at least 1); wound penalties were already taken off the pools."""
    segment: int
    """The segment it happens on."""
    penalty: int
    """Added to its difficulty: +1, +2, +3 for the 1st, 2nd, 3rd part on one segment, else 0."""


@quick_init
@dataclass(frozen=True, slots=True)
class SplitPlan:
    """A validated split of one action: the pool divided and its parts in the order given."""

    divided: int
    """The pool divided: the smallest of the parts' full pools [seed]."""
    parts: tuple[SplitPart, ...]
    """The parts; on a shared segment the earlier part is the 1st for the penalty."""

    @property
    def segments(self) -> tuple[int, ...]:
        """The segments the plan uses, highest first, each once."""
        return tuple(sorted({part.segment for part in self.parts}, reverse=True))


def divided_pool(pools: Mapping[str, int], actions: Iterable[str]) -> int:
    """The dice a split divides: the smallest full pool of the actions involved [seed].

    The same action repeated divides its own pool; different actions divide only the smallest
    of their pools (Tom: hitting 6, dodging 4, so 4 dice to split).

    Args:
        pools: action name → its full pool, wound penalty already taken off.
        actions: the actions the parts perform.

    Returns:
        The smallest of their pools, never below 0.

    Raises:
        IllegalCommand: an action with no pool, or no action at all.
    """
    names = tuple(actions)
    missing = [name for name in names if name not in pools]
    if missing or not names:
        raise IllegalCommand(f"no pool for action {missing[0] if missing else '(none)'!r}")
    return max(0, min(pools[name] for name in names))


def same_segment_penalties(segments: Sequence[int]) -> tuple[int, ...]:
    """Difficulty added to each part: its rank among the parts sharing its segment, else 0.

    The seed gives +1 and +2 for the first and second part on a segment; a third is at +3
    [ruling]. A part alone on its segment has no penalty.
    """
    seen: dict[int, int] = {}
    penalties = []
    for segment in segments:
        seen[segment] = seen.get(segment, 0) + 1
        shared = sum(1 for other in segments if other == segment) > 1
        penalties.append(seen[segment] if shared else 0)
    return tuple(penalties)


def _check_segments(parts: Sequence[PartRequest], segment: int, occupied: Collection[int]) -> None:
    """Raise unless one part is on the action's segment and the others on free lower ones."""
    if all(part[2] != segment for part in parts):
        raise IllegalCommand(f"one part must be on the action's own segment {segment}")
    for action, _, where in parts:
        if where > segment or where < 0:
            raise IllegalCommand(f"{action} on segment {where}: must be from {segment} down to 0")
        if where != segment and where in occupied:
            raise IllegalCommand(f"{action} on segment {where}: another action is already there")


def plan_split(
    pools: Mapping[str, int],
    wits: int,
    segment: int,
    parts: Sequence[PartRequest],
    *,
    occupied: Collection[int] = (),
) -> SplitPlan:
    """Validate a split of the action on `segment` into parts [seed; placement is a ruling].

    At most Wits parts; each part rolls at least 1 die and together they roll no more than
    the divided pool (`divided_pool`). One part goes on the action's own segment; the others
    on it or on any lower segment down to 0 where the combatant has no other action.

    Args:
        pools: action name → full pool (wound penalty already off), e.g. {"punch": 6}.
        wits: current Wits: the most parts.
        segment: the segment of the action being split.
        parts: (action, dice, segment) per part, in the order the combatant states them.
        occupied: segments holding the combatant's other actions or parts this turn.

    Returns:
        The plan, each part with its same-segment difficulty penalty.

    Raises:
        IllegalCommand: any rule above broken.
    """
    if len(parts) < 2:
        raise IllegalCommand("a split has at least two parts")
    if len(parts) > wits:
        raise IllegalCommand(f"Wits {wits} allows at most {wits} parts, not {len(parts)}")
    divided = divided_pool(pools, (part[0] for part in parts))
    if any(dice < 1 for _, dice, _ in parts):
        raise IllegalCommand("every part rolls at least 1 die")
    total = sum(dice for _, dice, _ in parts)
    if total > divided:
        raise IllegalCommand(f"the parts roll {total} dice but only {divided} are divided")
    _check_segments(parts, segment, occupied)
    penalties = same_segment_penalties([where for _, _, where in parts])
    return SplitPlan(
        divided=divided,
        parts=tuple(
            SplitPart(action, dice, where, penalty)
            for (action, dice, where), penalty in zip(parts, penalties, strict=True)
        ),
    )


def split_options(
    pools: Mapping[str, int], wits: int, segment: int, *, occupied: Collection[int] = ()
) -> tuple[SplitPlan, ...]:
    """Every two-part split of the action on `segment` that uses all the divided dice.

    Bounded for a decision menu: two parts only, the first on the action's segment, the
    second on the same segment or on a free lower one. Order: actions as the pools list them,
    then the first part's dice, then the second part's segment from high to low.

    Args:
        pools: action name → full pool, in the order to offer them.
        wits: current Wits (below 2 there is no split).
        segment: the segment of the action being split.
        occupied: segments holding the combatant's other actions or parts this turn.

    Returns:
        The legal plans; empty when no split is possible.
    """
    if wits < 2:
        return ()
    later = [segment, *(s for s in range(segment - 1, -1, -1) if s not in occupied)]
    plans = []
    for first in pools:
        for second in pools:
            divided = divided_pool(pools, (first, second))
            for dice in range(1, divided):
                for where in later:
                    parts = ((first, dice, segment), (second, divided - dice, where))
                    plans.append(plan_split(pools, wits, segment, parts, occupied=occupied))
    return tuple(plans)


def can_split(*, mode: MultipleActions, rage_action: bool = False, frenzied: bool = False) -> bool:
    """Whether an action may be split.

    Args:
        mode: the ``multiple_actions`` option: ``dice_penalty`` (w20) never splits a Rage action.
        rage_action: the action was bought with Rage.
        frenzied: a frenzied Garou cannot split [book].

    Returns:
        True if a split may be offered.
    """
    if frenzied:
        return False
    return not (mode == "dice_penalty" and rage_action)


def w20_multiple_action_pools(pools: Sequence[int]) -> tuple[int, ...]:
    """Pools of N declared actions under w20: -N dice on the first, -(N+1) on the next... [book].

    One action alone takes no penalty; no pool goes below 0.
    """
    count = len(pools)
    if count < 2:
        return tuple(max(0, pool) for pool in pools)
    return tuple(max(0, pool - count - index) for index, pool in enumerate(pools))
