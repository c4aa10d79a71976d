"""How often fresh dice beat faces already on the table: the win count alone, exactly."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from arena.rules.odds import KNOWN_CAP


def known_win_chance(dice: int, faces: Sequence[int]) -> float:
    """The chance `dice` fresh dice beat `faces`: `known_contest_odds(dice, faces).p_first`.

    The same count of winning rolls over the same total, so the same float, without the
    victories and losses that count also tallies: a default that weighs only the win needs
    no more (a defence's default is asked for every attack made before its target acts).

    Args:
        dice: the fresh dice; below 0 counts as 0, above `KNOWN_CAP` as `KNOWN_CAP`.
        faces: the faces already rolled, in any order.
    """
    fresh = min(max(dice, 0), KNOWN_CAP)
    total: int = 10**fresh
    return _wins(fresh, tuple(sorted(faces, reverse=True))) / total


@lru_cache(maxsize=4096)
def _wins(dice: int, faces: tuple[int, ...]) -> int:
    """Rolls of `dice` d10s that beat `faces`, counted from 10 down along the tied path."""
    shown = [0] * 11
    for face in faces:
        shown[face] += 1
    wins, weight, left = 0, 1, dice  # ways of the tied path; fresh dice still at or below face
    for face in range(10, 0, -1):
        k = shown[face]
        # More fresh dice than rolled ones show this face: the fresh dice win, whatever
        # their others (any of the faces below; on a 1 there are none, so 0 ** 0 only).
        for j in range(k + 1, left + 1):
            wins += weight * comb(left, j) * (face - 1) ** (left - j)
        if k > left:
            break
        weight *= comb(left, k)
        left -= k
    return wins
