"""Step 3, roll for order: each roll is both a place in the order and the performance."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from arena.rules.dice import Contest, DiceSource, roll_faces
from arena.rules.fast import quick_init
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions
from arena.rules.sorcerer.pools import DicePool, Modifier, assemble_pool


@quick_init
@dataclass(frozen=True, slots=True)
class OrderRoll:
    """One combatant's Step 3 roll: the faces that place it and the faces that perform."""

    order: tuple[int, ...]
    """Faces compared for the order (with Fast, the demon's Power dice)."""
    performance: tuple[int, ...]
    """Faces the action is resolved with; without Fast the same faces as `order`."""


@quick_init
@dataclass(frozen=True, slots=True)
class OrderEntry:
    """A combatant's place in the fixed order and its current performance."""

    combatant: int
    """Its roster index."""
    place: int
    """0 acts first; combatants in a complete tie share a place and act simultaneously."""
    order: tuple[int, ...]
    """The faces that placed it, high to low."""
    performance: tuple[int, ...]
    """The faces its action is resolved with, high to low; later dice are added here."""
    tiebreak: tuple[tuple[int, ...], ...] = ()
    """Faces of each tie-break reroll (``tie: reroll`` only)."""


def order_pool(
    action: DicePool,
    *,
    total_defense: bool,
    stamina: int,
    options: SorcererOptions = DEFAULT_OPTIONS,
) -> DicePool:
    """The pool rolled for order: the action's pool, or Stamina + bonus on total defense."""
    if not total_defense:
        return action
    bonus = Modifier("total defense (order)", options.total_defense_order_bonus)
    return assemble_pool("Stamina", stamina, (bonus,))


def fast_order_roll(faces: Sequence[int], action_dice: int) -> OrderRoll:
    """Split a Fast roll of max(Power, action dice) faces: all place, the first few perform.

    Args:
        faces: the faces in rolling order.
        action_dice: the action pool's dice; the first this many faces are the performance.
    """
    return OrderRoll(tuple(faces), tuple(faces[: max(0, action_dice)]))


NO_DICE: Contest = Contest((), (), (), None, 0)
"""An order roll of no dice, as a contest: nobody wins."""


def unopposed(faces: tuple[int, ...]) -> Contest:
    """An order roll as the contest the dice tray shows: its faces against none.

    `resolve_contest(faces, ())` for faces already sorted high to low, without sorting again
    (every roll for order asks): each die beats the missing side's 0.
    """
    return Contest(faces, (), (), "first", len(faces)) if faces else NO_DICE


def roll_order(dice: DiceSource, action_dice: int, *, fast_power: int = 0) -> OrderRoll:
    """Roll a combatant's order roll; with Fast, max(Power, action dice) dice for order only."""
    if fast_power > 0:
        return fast_order_roll(roll_faces(dice, max(fast_power, action_dice)), action_dice)
    faces = roll_faces(dice, action_dice)
    return OrderRoll(faces, faces)


@quick_init
@dataclass(frozen=True, slots=True)
class TurnOrder:
    """The order fixed at Step 3, with each combatant's performance."""

    entries: tuple[OrderEntry, ...]
    """In acting order; ties within a place stay in roster order."""
    _places: tuple[tuple[int, ...], ...] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    """`places`, worked out on first use (Step 4 and the view ask for it again and again)."""

    def places(self) -> tuple[tuple[int, ...], ...]:
        """Roster indices grouped by place: each group acts simultaneously."""
        found = self._places
        if found is None:
            found = _single_places(self.entries)
            if found is None:
                groups: dict[int, tuple[int, ...]] = {}
                for e in self.entries:
                    groups[e.place] = (*groups.get(e.place, ()), e.combatant)
                found = tuple([groups[p] for p in sorted(groups)])
            object.__setattr__(self, "_places", found)
        return found

    def entry(self, combatant: int) -> OrderEntry:
        """The entry of a combatant.

        Raises:
            KeyError: it is not in the order.
        """
        for e in self.entries:
            if e.combatant == combatant:
                return e
        raise KeyError(combatant)

    def add_performance_dice(self, combatant: int, faces: Sequence[int]) -> TurnOrder:
        """Add dice rolled later to a performance; the order does not change."""
        e = self.entry(combatant)
        more = tuple(sorted((*e.performance, *faces), reverse=True))
        # Built field by field: `dataclasses.replace` reads every field through calls.
        better = OrderEntry(e.combatant, e.place, e.order, more, e.tiebreak)
        found = TurnOrder(tuple([better if x.combatant == combatant else x for x in self.entries]))
        # The places stay as they were: carried over, not grouped again.
        object.__setattr__(found, "_places", self._places)
        return found


def _single_places(entries: tuple[OrderEntry, ...]) -> tuple[tuple[int, ...], ...] | None:
    """Each entry alone in its place, in acting order; None if any place is shared.

    Most orders share no place: their places rise one entry after another, so each is a
    group of one, in the order of the entries (no grouping, no sort).
    """
    last = -1
    for e in entries:
        if e.place <= last:
            return None
        last = e.place
    return tuple([(e.combatant,) for e in entries])


def fix_order(
    rolls: Sequence[OrderRoll], sorted_faces: Sequence[tuple[int, ...]] | None = None
) -> TurnOrder:
    """Fix the order from everyone's Step 3 roll, compared as contests.

    Args:
        rolls: one roll per combatant, indexed by roster index.
        sorted_faces: each roll's order faces already sorted high to low, if the caller has
            them (each roll's event shows them): they are not sorted again.

    Returns:
        The order: highest roll first, complete ties sharing a place, roster order within it.
    """
    # A contest is won by the higher roll read from its highest die down (`resolve_contest`:
    # tied pairs set aside, a die left beating none), so the faces sorted high to low compare
    # as contests do: sorting by them ranks the rolls, equal faces are a complete tie, and a
    # stable sort keeps roster order within a tie (no contest resolved per comparison).
    placed = (
        [tuple(sorted(r.order, reverse=True)) for r in rolls]
        if sorted_faces is None
        else sorted_faces
    )
    ranked = (
        # Two rolls (every duel) are ranked by one comparison; a tie keeps roster order.
        ([0, 1] if placed[0] >= placed[1] else [1, 0])
        if len(rolls) == 2
        else sorted(range(len(rolls)), key=placed.__getitem__, reverse=True)
    )
    entries: list[OrderEntry] = []
    alone: list[tuple[int, ...]] = []
    last: OrderEntry | None = None
    shared = False
    for place, i in enumerate(ranked):
        if last is not None and placed[last.combatant] == placed[i]:
            place, shared = last.place, True
        roll = rolls[i]
        # Without Fast the order dice are the performance: sorted once for both.
        performance = (
            placed[i]
            if roll.performance is roll.order
            else tuple(sorted(roll.performance, reverse=True))
        )
        last = OrderEntry(i, place, placed[i], performance)
        entries.append(last)
        alone.append((i,))
    # Only a shared place leaves a gap in the numbers (most rounds share none).
    if shared:
        return TurnOrder(_renumber(entries))
    # Each alone in its place: the places are known here, not grouped again when asked.
    found = TurnOrder(tuple(entries))
    object.__setattr__(found, "_places", tuple(alone))
    return found


def _renumber(entries: Sequence[OrderEntry]) -> tuple[OrderEntry, ...]:
    """Number places 0, 1, 2... with no gaps."""
    numbers: dict[int, int] = {}
    for e in entries:
        numbers.setdefault(e.place, len(numbers))
    return tuple(
        [e if e.place == numbers[e.place] else _placed(e, numbers[e.place]) for e in entries]
    )


def _placed(e: OrderEntry, place: int) -> OrderEntry:
    """The entry at another place."""
    return OrderEntry(e.combatant, place, e.order, e.performance, e.tiebreak)


def reroll_order_ties(
    order: TurnOrder,
    dice: DiceSource,
    order_dice: Sequence[int],
    options: SorcererOptions = DEFAULT_OPTIONS,
) -> TurnOrder:
    """Under ``tie: reroll``, break each shared place by rerolling the order dice of its members.

    Only the place changes: each performance stays the Step 3 roll. Members with no order dice
    stay tied. Under ``tie: stalemate`` the order is returned unchanged.

    Args:
        order: the order from `fix_order`.
        dice: the fight's dice.
        order_dice: dice each combatant rolled for order, indexed by roster index.
        options: the ``tie`` option.
    """
    if options.tie == "stalemate" or len(order.places()) == len(order.entries):
        return order  # no shared place: nothing to break (most rounds)
    tiers: list[list[OrderEntry]] = []
    for group in order.places():
        tiers += _break_group([order.entry(c) for c in group], dice, order_dice)
    return TurnOrder(
        tuple(
            e if e.place == place else _placed(e, place)
            for place, tier in enumerate(tiers)
            for e in tier
        )
    )


def _break_group(
    group: list[OrderEntry], dice: DiceSource, order_dice: Sequence[int]
) -> list[list[OrderEntry]]:
    """Reroll a tied group until it is ordered; return its tiers (rerolls kept in `tiebreak`)."""
    if len(group) < 2 or all(order_dice[e.combatant] <= 0 for e in group):
        return [group]
    rolls = [roll_faces(dice, order_dice[e.combatant]) for e in group]
    sub = fix_order([OrderRoll(r, r) for r in rolls])
    tiers: list[list[OrderEntry]] = []
    for sub_group in sub.places():
        members = [replace(group[k], tiebreak=(*group[k].tiebreak, rolls[k])) for k in sub_group]
        tiers += _break_group(members, dice, order_dice) if len(members) > 1 else [members]
    return tiers
