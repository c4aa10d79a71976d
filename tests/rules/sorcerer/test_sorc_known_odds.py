"""Exact odds of fresh dice against faces already rolled, checked against every roll."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Literal

import pytest

from arena.rules.dice import resolve_contest
from arena.rules.odds import (
    _known_general,
    _known_one,
    _known_one_more,
    _known_plain,
    contest_odds,
    known_contest_odds,
)
from arena.rules.sorcerer import Modifier, defence_pool
from arena.rules.sorcerer.known import defence_chance
from arena.rules.views import ContestSpec


def _brute(dice: int, faces: tuple[int, ...]) -> tuple[Counter[int], Counter[int], int]:
    """Resolve every roll of the fresh dice: victories of each side, and complete ties."""
    mine: Counter[int] = Counter()
    theirs: Counter[int] = Counter()
    ties = 0
    for roll in itertools.product(range(1, 11), repeat=dice):
        c = resolve_contest(roll, faces)
        if c.winner == "first":
            mine[c.victories] += 1
        elif c.winner == "second":
            theirs[c.victories] += 1
        else:
            ties += 1
    return mine, theirs, ties


@pytest.mark.parametrize(
    ("dice", "faces"),
    [
        (0, (5, 3)),  # no fresh dice: the rolled faces win with all of theirs
        (1, ()),  # nothing rolled: any face wins
        (1, (1,)),  # a tie only on a 1
        (2, (10, 10)),  # only two 10s tie
        (3, (10, 10, 8, 6, 2)),  # the attacker's strong roll
        (4, (3, 2, 2, 1)),  # a poor roll
        (3, (7, 7, 7)),  # pairs set aside down the roll
        (2, (9, 4, 4, 1)),  # more rolled dice than fresh ones
    ],
)
def test_known_odds_match_every_roll(dice: int, faces: tuple[int, ...]) -> None:
    mine, theirs, ties = _brute(dice, faces)
    total = 10**dice
    odds = known_contest_odds(dice, faces)
    assert odds.first_victories == tuple(mine[v] / total for v in range(dice + 1))
    assert odds.second_victories == tuple(theirs[v] / total for v in range(len(faces) + 1))
    assert odds.p_tie == ties / total


@pytest.mark.parametrize("dice", [0, 1, 2, 4, 7])
def test_known_odds_without_extra_dice_count_as_the_general_table_does(dice: int) -> None:
    # The one tied path of a defence with nothing left to roll gives the very same floats as
    # the table of tied paths that extra dice need, for every set of up to three faces.
    for count in range(4):
        for faces in itertools.combinations_with_replacement(range(10, 0, -1), count):
            assert _known_plain(dice, faces) == _known_general(dice, faces, 0), faces


@pytest.mark.parametrize("dice", [2, 3, 5])
def test_known_odds_of_rolls_as_long_as_attacks_count_as_the_general_table_does(
    dice: int,
) -> None:
    # Known faces walked from one to the next (the faces between counted together) give the
    # very same floats as the table of tied paths, for every set of four or five faces:
    # runs of one face, gaps, 10s and 1s.
    for count in (4, 5):
        for faces in itertools.combinations_with_replacement(range(10, 0, -1), count):
            assert _known_plain(dice, faces) == _known_general(dice, faces, 0), faces


@pytest.mark.parametrize("extra", [1, 2, 3])
def test_one_fresh_die_against_known_faces_and_extra_dice_counts_as_the_table_does(
    extra: int,
) -> None:
    # A clobbered defender's one die against the faces and the attacker's bonus dice still to
    # roll: counted in closed form, the very same floats as the table of tied paths, for every
    # set of up to five faces.
    for count in range(6):
        for faces in itertools.combinations_with_replacement(range(10, 0, -1), count):
            assert _known_one_more(faces, extra) == _known_general(1, faces, extra), faces
    assert known_contest_odds(1, (8, 5, 3), extra) == _known_general(1, (8, 5, 3), extra)


def test_one_fresh_die_against_known_faces_counts_as_the_tied_path_does() -> None:
    # A sucked-up blow's defence, one die: counted face by face, the very same floats as the
    # one tied path, for every set of up to six faces (none, one, ties on the best, many).
    for count in range(7):
        for faces in itertools.combinations_with_replacement(range(10, 0, -1), count):
            assert _known_one(faces) == _known_plain(1, faces), faces


@pytest.mark.parametrize("faces", [(), (1,), (10,), (7, 7), (9, 4, 4, 1), (6, 6, 6, 2, 1)])
def test_one_fresh_die_against_known_faces_matches_every_roll(faces: tuple[int, ...]) -> None:
    mine, theirs, ties = _brute(1, faces)
    odds = known_contest_odds(1, faces)
    assert odds.first_victories == tuple(mine[v] / 10 for v in range(2))
    assert odds.second_victories == tuple(theirs[v] / 10 for v in range(len(faces) + 1))
    assert odds.p_tie == ties / 10


def test_known_odds_ignore_the_order_of_the_faces() -> None:
    # The same faces in another order are the same roll.
    assert known_contest_odds(3, (2, 10, 6)) == known_contest_odds(3, (10, 6, 2))


def test_a_defence_against_mara_s_strong_roll() -> None:
    # Mara attacks with [10 10 8 6 2]: 4 fresh dice defend about 1.6%, 1 die never does.
    assert ContestSpec(4, 5, known=(10, 10, 8, 6, 2)).chances()[0] == pytest.approx(0.0157)
    assert ContestSpec(1, 5, known=(10, 10, 8, 6, 2)).chances()[0] == 0.0


def test_unknown_faces_give_the_fresh_contest() -> None:
    # Without known faces the spec is the plain contest.
    odds = contest_odds(3, 2)
    assert ContestSpec(3, 2).chances() == (odds.p_first, odds.p_second, odds.p_tie)


def test_many_fresh_dice_stay_fast_and_sum_to_one() -> None:
    # 30 dice against a dozen faces: exact, and every outcome counted once.
    odds = known_contest_odds(30, (10, 9, 9, 8, 7, 7, 5, 4, 3, 2, 1, 1))
    assert odds.p_first + odds.p_second + odds.p_tie == pytest.approx(1.0)


_FACES = range(10, 0, -1)


def _rolls(dice: int) -> list[tuple[tuple[int, ...], int]]:
    """Every roll of this many d10s as a sorted multiset, with how many ordered rolls give it."""
    found = []
    for roll in itertools.combinations_with_replacement(_FACES, dice):
        ways = math.factorial(dice)
        for count in Counter(roll).values():
            ways //= math.factorial(count)
        found.append((roll, ways))
    return found


def _known(most: int) -> list[tuple[int, ...]]:
    """Every roll of 1 to ``most`` known faces."""
    return [roll for known in range(1, most + 1) for roll, _ in _rolls(known)]


@pytest.mark.parametrize(
    ("dice", "most"),
    [
        *((dice, 4) for dice in range(4)),
        # 4 fresh dice against every roll of up to 2 known faces by default; against up to 4
        # (715 rolls against 1,000: seconds) with -m slow.
        (4, 2),
        pytest.param(4, 4, marks=pytest.mark.slow),
    ],
)
def test_known_faces_odds_equal_a_count_of_every_defence_roll(dice: int, most: int) -> None:
    # Property over every small pool: for 0 to 4 fresh dice against every roll of 1 to 4
    # known faces, the conditional odds are the count of the fresh dice's rolls that win,
    # lose or tie completely against those faces, with victories, divided by 10^dice: each
    # the one correctly rounded float of its exact count.
    rolls = _rolls(dice)
    total = 10**dice
    for faces in _known(most):
        mine: Counter[int] = Counter()
        theirs: Counter[int] = Counter()
        ties = 0
        for roll, ways in rolls:
            c = resolve_contest(roll, faces)
            if c.winner == "first":
                mine[c.victories] += ways
            elif c.winner == "second":
                theirs[c.victories] += ways
            else:
                ties += ways
        # The very same floats, not close ones: the AI compares them, and a fight follows.
        odds = known_contest_odds(dice, faces)
        assert odds.first_victories == tuple(mine[v] / total for v in range(dice + 1)), faces
        assert odds.second_victories == tuple(theirs[v] / total for v in range(len(faces) + 1)), (
            faces
        )
        assert odds.p_first == mine.total() / total, faces
        assert odds.p_second == theirs.total() / total, faces
        assert odds.p_tie == ties / total, faces


@pytest.mark.parametrize(("dice", "known"), itertools.product(range(1, 5), range(1, 5)))
def test_known_faces_odds_averaged_over_every_attack_give_the_fresh_contest(
    dice: int, known: int
) -> None:
    # Before the attacker rolls, the chance to defend is the known-faces chance averaged over
    # every roll the attacker could make: the fresh contest of `arena.rules.odds`.
    fresh = contest_odds(dice, known)
    win = lose = 0.0
    for faces, ways in _rolls(known):
        odds = known_contest_odds(dice, faces)
        win += ways * odds.p_first
        lose += ways * odds.p_second
    assert (win / 10**known, lose / 10**known) == pytest.approx(
        (fresh.p_first, fresh.p_second), abs=1e-12
    )


def _brute_extra(
    dice: int, faces: tuple[int, ...], extra: int
) -> tuple[Counter[int], Counter[int], int]:
    """Resolve every roll of the fresh dice and of the other side's extra dice together."""
    mine: Counter[int] = Counter()
    theirs: Counter[int] = Counter()
    ties = 0
    for roll in itertools.product(range(1, 11), repeat=dice + extra):
        c = resolve_contest(roll[:dice], (*faces, *roll[dice:]))
        if c.winner == "first":
            mine[c.victories] += 1
        elif c.winner == "second":
            theirs[c.victories] += 1
        else:
            ties += 1
    return mine, theirs, ties


@pytest.mark.parametrize(
    ("dice", "faces", "extra"),
    [
        (1, (10, 9, 7, 3, 2, 1, 1), 1),
        (1, (8, 5, 3, 2), 2),
        (2, (9, 9, 8), 2),
        (3, (5, 5), 1),
        (1, (1,), 3),  # ties only when every die shows 1
        (2, (), 2),  # nothing rolled yet: the fresh contest
        (0, (6, 2), 2),  # no defending dice
        (3, (10, 4, 4, 1), 1),
    ],
)
def test_known_faces_and_extra_dice_odds_match_every_roll(
    dice: int, faces: tuple[int, ...], extra: int
) -> None:
    # The attacker's rolled faces are fixed; its extra (clobber) dice and the defence are
    # rolled: the exact count equals the count of every roll of both, victories and all.
    mine, theirs, ties = _brute_extra(dice, faces, extra)
    total = 10 ** (dice + extra)
    odds = known_contest_odds(dice, faces, extra)
    assert odds.first_victories == pytest.approx(
        [mine[v] / total for v in range(dice + 1)], abs=1e-15
    )
    assert odds.second_victories == pytest.approx(
        [theirs[v] / total for v in range(len(faces) + extra + 1)], abs=1e-15
    )
    assert odds.p_tie == ties / total
    assert odds.second == len(faces) + extra


@pytest.mark.parametrize(("dice", "extra"), itertools.product(range(5), range(5)))
def test_known_odds_without_faces_are_the_fresh_contest(dice: int, extra: int) -> None:
    # With nothing rolled yet, the count is the plain contest of the two pools.
    assert known_contest_odds(dice, (), extra) == contest_odds(dice, extra)


def test_defence_chance_against_mara_s_10_with_one_die_is_0() -> None:
    # Mara rolled [10 9 7 3 2 1 1]: one defending die can at best pair off her 10 and then
    # has nothing left, with or without the bonus dice a clobbered defence hands her.
    assert defence_chance(1, (10, 9, 7, 3, 2, 1, 1)) == 0.0
    assert defence_chance(1, (10, 9, 7, 3, 2, 1, 1), extra=1) == 0.0
    assert defence_chance(1, (10, 9, 7, 3, 2, 1, 1), extra=4) == 0.0


def test_defence_chance_with_one_die_against_9_9_8_8_7_4_is_10_percent() -> None:
    # The one die must show 10: a 9 pairs off a 9 and then nothing is left to beat the other.
    assert defence_chance(1, (9, 9, 8, 8, 7, 4)) == 0.1
    # Two dice: a 10 on either wins (a 9 and a 9 pair off both 9s and lose to the 8s).
    assert defence_chance(2, (9, 9, 8, 8, 7, 4)) == pytest.approx(1 - 0.9**2)
    # A clobber die still to roll beats the defence when it also shows 10: 10% × 90%.
    assert defence_chance(1, (9, 9, 8, 8, 7, 4), extra=1) == pytest.approx(0.09)


def test_defence_chance_against_8_5_3_2_and_two_clobber_dice_is_14_5_percent() -> None:
    # 1 die against [8 5 3 2] and 2 dice not rolled: it must show 9 or 10 and beat both extra
    # dice: 0.1 × (0.8² + 0.9²) = 14.5%.
    assert defence_chance(1, (8, 5, 3, 2), extra=2) == pytest.approx(0.145, abs=1e-15)


@pytest.mark.parametrize(
    ("reaction", "penalty", "size", "bonus"),
    [
        ("abort", 3, 0, 1),
        ("abort", 4, -1, 2),
        ("abort", 6, -3, 4),
        ("abort", 1, 2, 0),
        ("suck_it_up", 1, 0, 1),
        ("suck_it_up", 4, -3, 4),
        ("suck_it_up", 0, 1, 0),
    ],
)
def test_clobbered_defence_chance_counts_the_attackers_bonus_dice_unrolled(
    reaction: Literal["abort", "suck_it_up"], penalty: int, size: int, bonus: int
) -> None:
    # Stamina 3 (abort) or 1 die (suck it up) with a damage penalty: a pool of 0 or less rolls
    # 1 die and the attacker gets as many bonus dice (−3: 4 each); the chance is reckoned with
    # those dice still to roll, against the faces already on the table.
    d = defence_pool(
        stamina=3, has_acted=False, reaction=reaction, modifiers=(Modifier("damage", -penalty),)
    )
    assert (d.pool.size, d.attacker_bonus.dice) == (max(size, 1), bonus)
    faces = (6, 5, 4)
    chance = defence_chance(d.pool.size, faces, d.attacker_bonus.dice)
    if size <= 0:
        # The one die must beat 6 and every unrolled die: Σ over 7..10 of 0.1 × ((d−1)/10)^b.
        assert chance == pytest.approx(sum(0.1 * ((f - 1) / 10) ** bonus for f in range(7, 11)))
    else:
        assert chance == known_contest_odds(size, faces).p_first


def test_defence_chance_counts_no_complete_tie_as_a_defence() -> None:
    # [1] against 1 die: a 1 ties completely (the attack does nothing) but is no defence won.
    odds = known_contest_odds(1, (1,))
    assert (odds.p_first, odds.p_tie) == (pytest.approx(0.9), pytest.approx(0.1))
    assert defence_chance(1, (1,)) == odds.p_first


def test_under_tie_reroll_a_complete_tie_is_settled_by_fresh_contests() -> None:
    # 1 die against [1]: a 1 ties completely (10%). Under tie: reroll both sides roll afresh,
    # 1 die each, until someone wins: each side wins half of that 10%, so defending is 95%.
    odds = known_contest_odds(1, (1,), reroll_ties=True)
    assert (odds.p_first, odds.p_second, odds.p_tie) == pytest.approx((0.95, 0.05, 0.0))
    assert defence_chance(1, (1,), reroll_ties=True) == pytest.approx(0.95)
    # The victories of the rerolls count too: every outcome is still counted once.
    assert sum(odds.first_victories) + sum(odds.second_victories) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("dice", "faces", "extra"), [(2, (5, 5), 0), (1, (3,), 1), (3, (7, 7, 2), 2), (2, (), 2)]
)
def test_reroll_ties_follow_the_fresh_contest_between_the_full_pools(
    dice: int, faces: tuple[int, ...], extra: int
) -> None:
    # The reroll is a fresh contest of both whole pools (the attacker's faces and its extra
    # dice): the tie's share goes to each side in proportion to its chance there.
    plain = known_contest_odds(dice, faces, extra)
    again = contest_odds(dice, len(faces) + extra)
    settled = known_contest_odds(dice, faces, extra, reroll_ties=True)
    share = plain.p_tie / (again.p_first + again.p_second)
    assert settled.p_first == pytest.approx(plain.p_first + share * again.p_first)
    assert settled.p_second == pytest.approx(plain.p_second + share * again.p_second)
    assert settled.p_tie == 0.0


@pytest.mark.parametrize(
    ("faces", "first", "second", "tie"),
    [
        ((), (0.0, 1.0), (0.0,), 0.0),  # nothing to beat: every face wins
        ((1,), (0.0, 0.9), (0.0, 0.0), 0.1),  # a 1 pairs off the lone 1: a complete tie
        ((7, 3), (0.0, 0.3), (0.0, 0.5, 0.2), 0.0),  # 7 pairs off, 3 wins; 3-6 lose to 7
        ((7, 7), (0.0, 0.3), (0.0, 0.1, 0.6), 0.0),  # 7 pairs off one 7; under it both win
        ((10, 4, 4), (0.0, 0.0), (0.0, 0.6, 0.1, 0.3), 0.0),  # 10 pairs off, the 4s win; 4-9 lose
    ],
)
def test_one_fresh_die_by_hand(
    faces: tuple[int, ...], first: tuple[float, ...], second: tuple[float, ...], tie: float
) -> None:
    # One die against known faces, counted face by face by hand: tenths, exactly.
    odds = _known_one(faces)
    assert (odds.first_victories, odds.second_victories) == (first, second)
    assert (odds.p_first, odds.p_tie) == (first[1], tie)
    assert odds.p_second == round(1 - first[1] - tie, 1)  # the rest, in whole tenths


@pytest.mark.parametrize("extra", [4, 5])
def test_one_fresh_die_against_many_extra_dice_counts_as_the_table_does(extra: int) -> None:
    # The closed form by runs of faces holds for any number of extra dice: the very same
    # floats as the table of tied paths, for every set of up to three faces.
    for count in range(4):
        for faces in itertools.combinations_with_replacement(range(10, 0, -1), count):
            assert _known_one_more(faces, extra) == _known_general(1, faces, extra), faces


@pytest.mark.parametrize(
    ("faces", "extra"),
    [
        ((8, 5, 3, 2), 2),  # wins on 9 or 10 above both extra dice: 8**2 + 9**2 in 1,000
        ((10, 10), 1),  # never wins; the die meets the 10s once in ten
        ((1,), 3),  # a complete tie only when all four dice show 1
        ((6, 6, 6, 2), 1),  # runs of one face and a gap under it
    ],
)
def test_one_fresh_die_and_extra_dice_equal_a_count_of_every_roll(
    faces: tuple[int, ...], extra: int
) -> None:
    # The one die and the extra dice rolled every way: each probability the one correctly
    # rounded float of its exact count.
    mine, theirs, ties = _brute_extra(1, faces, extra)
    total = 10 ** (1 + extra)
    odds = _known_one_more(faces, extra)
    assert odds.first_victories == tuple(mine[v] / total for v in range(2))
    assert odds.second_victories == tuple(theirs[v] / total for v in range(len(faces) + extra + 1))
    assert (odds.p_first, odds.p_second, odds.p_tie) == (
        mine.total() / total,
        theirs.total() / total,
        ties / total,
    )
