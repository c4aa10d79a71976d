"""Exact odds of fresh dice against faces already rolled, checked against every roll."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from arena.rules.dice import resolve_contest
from arena.rules.odds import contest_odds, known_contest_odds
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
