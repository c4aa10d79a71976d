"""Exact odds of fresh dice against faces already rolled, checked against every roll."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from arena.rules.dice import resolve_contest
from arena.rules.odds import contest_odds, known_contest_odds
from arena.rules.sorcerer.known import known_win_chance
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


_SMALL = [roll for known in range(1, 5) for roll, _ in _rolls(known)]


@pytest.mark.parametrize("dice", range(5))
def test_known_faces_odds_equal_a_count_of_every_defence_roll(dice: int) -> None:
    # Property over every small pool: for 0 to 4 fresh dice against every roll of 1 to 4
    # known faces, the conditional odds are the count of the fresh dice's rolls that win,
    # lose or tie completely against those faces, with victories, divided by 10^dice.
    rolls = _rolls(dice)
    total = 10**dice
    for faces in _SMALL:
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
        odds = known_contest_odds(dice, faces)
        assert odds.first_victories == pytest.approx(
            [mine[v] / total for v in range(dice + 1)], abs=1e-12
        ), faces
        assert odds.second_victories == pytest.approx(
            [theirs[v] / total for v in range(len(faces) + 1)], abs=1e-12
        ), faces
        assert odds.p_tie == pytest.approx(ties / total, abs=1e-12), faces


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


@pytest.mark.parametrize("dice", [*range(6), 12, 31, 40, -1])
def test_known_win_chance_is_the_known_odds_win_to_the_last_bit(dice: int) -> None:
    # The win count alone gives the very float the full count gives, for every small roll
    # of known faces, for pools past the cap (counted at the cap) and below 0 (counted as 0).
    for faces in [*_SMALL, (), (10, 10, 10, 10, 10, 10), (1, 1, 1, 1, 1), (9, 9, 2, 2, 1)]:
        assert known_win_chance(dice, faces) == known_contest_odds(dice, faces).p_first, faces
