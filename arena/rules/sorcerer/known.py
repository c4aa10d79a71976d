"""The chance to defend against an attack already rolled: exact, from what is on the table."""

from __future__ import annotations

from collections.abc import Sequence

from arena.rules.odds import known_contest_odds


def defence_chance(
    dice: int, faces: Sequence[int], extra: int = 0, *, reroll_ties: bool = False
) -> float:
    """The chance a defence of `dice` fresh dice wins against `faces` and `extra` dice to roll.

    A defence wins when the defender wins the contest; a complete tie stops the attack but is
    no win (no rollover), so it is not counted [ruling, sorcerer.md 2 and 5]. This is the win
    of `known_contest_odds`, the one count every defence's odds come from.

    Args:
        dice: the defence pool after every modifier and the clobber rule (at least 1 to roll).
        faces: the attacker's performance faces, rolled at Step 3, in any order.
        extra: the attacker's bonus dice not rolled yet (a clobbered defender's gift).
        reroll_ties: option ``tie: reroll``: a complete tie is rerolled until someone wins,
            so its share goes to each side as a fresh contest would decide it.
    """
    return known_contest_odds(dice, tuple(faces), extra, reroll_ties=reroll_ties).p_first
