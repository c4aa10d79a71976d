"""Sorcerer contests in expected harm, from the exact odds of `arena.rules.odds`."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Final

from arena.ai.sorcerer.harm import harm
from arena.rules.dice import resolve_contest
from arena.rules.odds import contest_odds

CAP: Final = 12
"""Pools are capped for the estimates: beyond a dozen dice the choice no longer changes."""


def _sizes(first: int, second: int) -> tuple[int, int]:
    return min(max(first, 0), CAP), min(max(second, 0), CAP)


@lru_cache(maxsize=4096)
def dealt(mine: int, theirs: int, weapon: str, power: int, penalty: int, stamina: int) -> float:
    """Expected harm my `mine` dice do with a weapon against `theirs` dice of defence."""
    if mine <= 0:
        return 0.0
    odds = contest_odds(*_sizes(mine, theirs))
    return sum(
        p * harm(weapon, v, power, penalty, stamina) for v, p in enumerate(odds.first_victories)
    )


@lru_cache(maxsize=4096)
def taken(mine: int, theirs: int, weapon: str, power: int, penalty: int, stamina: int) -> float:
    """Expected harm `theirs` dice of attack do to me through `mine` dice of defence."""
    odds = contest_odds(*_sizes(max(mine, 1), theirs))
    return sum(
        p * harm(weapon, v, power, penalty, stamina) for v, p in enumerate(odds.second_victories)
    )


@lru_cache(maxsize=512)
def gain(mine: int, theirs: int) -> float:
    """Expected victories of `mine` dice against `theirs` (0 for a loss or a tie)."""
    if mine <= 0:
        return 0.0
    odds = contest_odds(*_sizes(mine, theirs))
    return sum(v * p for v, p in enumerate(odds.first_victories))


@lru_cache(maxsize=512)
def chance(mine: int, theirs: int) -> float:
    """Probability that `mine` dice beat `theirs`."""
    if mine <= 0:
        return 0.0
    return contest_odds(*_sizes(mine, theirs)).p_first


@lru_cache(maxsize=2048)
def against(faces: tuple[int, ...], dice: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Exact odds of `dice` fresh dice against faces already rolled, by victories.

    Counted over every multiset of faces the dice can show, each weighted by its number of
    orderings, and each resolved by the rules' own contest; so it is exact, like
    `arena.rules.odds`, for a roll one side has already made.

    Returns:
        (mine, theirs): ``mine[v]`` is the chance that the fresh dice win with v victories,
        ``theirs[v]`` that the rolled faces do.
    """
    dice = min(max(dice, 1), CAP)
    mine, theirs = [0] * (dice + 1), [0] * (len(faces) + 1)
    for roll in combinations_with_replacement(range(1, 11), dice):
        ways = factorial(dice)
        for face in set(roll):
            ways //= factorial(roll.count(face))
        c = resolve_contest(roll, faces)
        if c.winner == "first":
            mine[c.victories] += ways
        elif c.winner == "second":
            theirs[c.victories] += ways
    total = 10**dice
    return tuple(w / total for w in mine), tuple(w / total for w in theirs)
