"""Step 3, roll for order: a fixed order and a performance."""

from __future__ import annotations

import itertools

from arena.rules.dice import RiggedDice, resolve_contest
from arena.rules.sorcerer import (
    DicePool,
    Modifier,
    OrderRoll,
    SorcererOptions,
    TurnOrder,
    assemble_pool,
    fast_order_roll,
    fix_order,
    order_pool,
    reroll_order_ties,
    roll_order,
)
from arena.rules.sorcerer.order import unopposed


def _rolls(*faces: tuple[int, ...]) -> list[OrderRoll]:
    return [OrderRoll(f, f) for f in faces]


def test_order_compares_rolls_like_a_contest() -> None:
    order = fix_order(_rolls((6, 6, 5), (8, 7), (5, 6, 6), (6,), (6, 6, 5, 1)))
    # (8, 7) first; (6, 6, 5, 1) beats (6, 6, 5) once the tied dice are set aside; the two
    # identical rolls tie and act together, in roster order; (6,) loses to every 6, 6.
    assert order.places() == ((1,), (4,), (0, 2), (3,))
    assert [e.place for e in order.entries] == [0, 1, 2, 2, 3]
    assert order.entry(2).performance == (6, 6, 5)


def test_order_places_every_pair_of_rolls_as_their_contest_would() -> None:
    # The order sorts faces high to low instead of resolving contests: for every pair of
    # rolls of up to 3 dice (faces 1-3 and 10), the first placed wins their contest, and a
    # shared place is a complete tie, in roster order.
    faces = [(), *[r for n in (1, 2, 3) for r in itertools.product((1, 2, 3, 10), repeat=n)]]
    for a, b in itertools.product(faces, repeat=2):
        order = fix_order(_rolls(a, b))
        winner = resolve_contest(a, b).winner
        if winner is None:
            assert order.places() == ((0, 1),), (a, b)
        else:
            assert order.places() == (((0,), (1,)) if winner == "first" else ((1,), (0,))), (a, b)


def test_places_known_when_the_order_is_fixed_are_those_its_entries_group_into() -> None:
    # No place shared: fix_order hands over the places it found; grouped afresh from the
    # same entries, they are the same.
    order = fix_order(_rolls((3,), (9, 1), (7, 7), (2, 2, 2)))
    assert order.places() == ((1,), (2,), (0,), (3,))
    assert TurnOrder(order.entries).places() == order.places()
    assert fix_order([]).places() == ()


def test_order_from_faces_sorted_by_the_caller_is_the_same_order() -> None:
    # Each roll's event sorts its order faces: handed over, they are not sorted again.
    faces = [(5, 6, 6), (8, 7), (6, 6, 5), (1, 9)]
    rolls = _rolls(*faces)
    given = [tuple(sorted(f, reverse=True)) for f in faces]
    assert fix_order(rolls, given) == fix_order(rolls)
    assert fix_order(rolls, given).places() == ((3,), (1,), (0, 2))
    assert fix_order(rolls, given).entry(0).performance == (6, 6, 5)


def test_the_order_is_fixed_at_step_3() -> None:
    order = fix_order(_rolls((9, 2), (7, 7, 7)))
    assert order.places() == ((0,), (1,))
    # Later the second combatant adds two dice (rollover, clobber): performance, not order.
    later = order.add_performance_dice(1, (10, 10))
    assert later.entry(1).performance == (10, 10, 7, 7, 7)
    assert later.entry(1).order == (7, 7, 7)
    assert later.places() == ((0,), (1,))
    # Ordering from the new performance would have put it first.
    assert fix_order(_rolls((9, 2), later.entry(1).performance)).places() == ((1,), (0,))


def test_fast_counts_for_order_only() -> None:
    # A Fast demon of Power 4 with an action pool of 2 rolls 4 dice: all place it, the first 2
    # are its performance.
    fast = fast_order_roll((9, 2, 8, 1), 2)
    assert fast == OrderRoll((9, 2, 8, 1), (9, 2))
    order = fix_order([OrderRoll((9, 3), (9, 3)), fast])
    assert order.places() == ((1,), (0,))  # 9, 8 beats 9, 3 for order
    assert order.entry(1).performance == (9, 2)  # ... but it performs with 9, 2


def test_roll_order_with_fast_rolls_power_dice() -> None:
    dice = RiggedDice([9, 2, 8, 1, 5, 4])
    assert roll_order(dice, 2, fast_power=4) == OrderRoll((9, 2, 8, 1), (9, 2))
    assert roll_order(dice, 2) == OrderRoll((5, 4), (5, 4))
    assert dice.remaining == 0


def test_total_defense_rolls_stamina_plus_2_for_order() -> None:
    action = assemble_pool("Will", 4)
    pool = order_pool(action, total_defense=True, stamina=3)
    assert pool == DicePool("Stamina", 3, (Modifier("total defense (order)", 2),))
    assert order_pool(action, total_defense=False, stamina=3) == action


def test_complete_ties_act_simultaneously_under_stalemate() -> None:
    order = fix_order(_rolls((5, 3), (5, 3)))
    assert order.places() == ((0, 1),)
    assert reroll_order_ties(order, RiggedDice([]), (2, 2)) == order


def test_tie_reroll_orders_a_tie_but_keeps_performance() -> None:
    order = fix_order(_rolls((4, 4), (7,), (4, 4)))
    options = SorcererOptions(tie="reroll")
    # The tied pair (0 and 2) rerolls 2 dice each: 3, 2 then 6, 1; combatant 2 goes first.
    rerolled = reroll_order_ties(order, RiggedDice([3, 2, 6, 1]), (2, 1, 2), options)
    assert rerolled.places() == ((1,), (2,), (0,))
    assert rerolled.entry(2).performance == (4, 4)
    assert rerolled.entry(2).tiebreak == ((6, 1),)


def test_tie_reroll_repeats_until_settled() -> None:
    order = fix_order(_rolls((4,), (4,)))
    # First reroll 5 vs 5 ties again; then 2 vs 9.
    rerolled = reroll_order_ties(
        order, RiggedDice([5, 5, 2, 9]), (1, 1), SorcererOptions(tie="reroll")
    )
    assert rerolled.places() == ((1,), (0,))
    assert rerolled.entry(0).tiebreak == ((5,), (2,))


def test_order_roll_unopposed_is_the_contest_against_no_dice() -> None:
    """An order roll shown as a contest: its faces against none, as `resolve_contest` says."""
    for n in range(4):
        for faces in itertools.product(range(1, 11), repeat=n):
            ranked = tuple(sorted(faces, reverse=True))
            assert unopposed(ranked) == resolve_contest(faces, ())


def test_dice_added_to_a_performance_leave_the_places_as_they_were() -> None:
    # A clobber's bonus dice join a performance after the order is fixed: places stay put,
    # shared or not, whether or not they were asked before the dice came.
    for asked in (True, False):
        order = fix_order(_rolls((5, 3), (9,), (5, 3)))
        if asked:
            assert order.places() == ((1,), (0, 2))
        more = order.add_performance_dice(0, (10,))
        assert more.places() == ((1,), (0, 2))
        assert more.entry(0).performance == (10, 5, 3)
        alone = fix_order(_rolls((4,), (8, 2)))
        assert alone.add_performance_dice(1, (1,)).places() == ((1,), (0,))
