"""Willpower: one automatic success on a roll, once a turn, never on damage or soak."""

from __future__ import annotations

from typing import Final

from arena.rules.commands import IllegalCommand
from arena.rules.werewolf.terms import RollKind

WILLPOWER_SUCCESSES: Final = 1
"""Spending 1 Willpower buys one automatic success [book]."""

NO_WILLPOWER: Final[frozenset[RollKind]] = frozenset({"damage", "soak"})
"""Rolls Willpower cannot help [book]."""


def willpower_allowed(
    roll_kind: RollKind, *, willpower_current: int, spent_this_turn: bool, once_per_turn: bool
) -> bool:
    """Whether 1 Willpower may be spent on this roll for an automatic success.

    Args:
        roll_kind: what the roll is for.
        willpower_current: the Willpower pool.
        spent_this_turn: Willpower already bought a success this turn.
        once_per_turn: the ``willpower_once_per_turn`` option.

    Returns:
        True if it may.
    """
    if roll_kind in NO_WILLPOWER or willpower_current < 1:
        return False
    return not (once_per_turn and spent_this_turn)


def spend_willpower(
    roll_kind: RollKind, *, willpower_current: int, spent_this_turn: bool, once_per_turn: bool
) -> tuple[int, int]:
    """Spend 1 Willpower on a roll.

    Args:
        roll_kind: what the roll is for.
        willpower_current: the Willpower pool.
        spent_this_turn: Willpower already bought a success this turn.
        once_per_turn: the ``willpower_once_per_turn`` option.

    Returns:
        (Willpower left, automatic successes to pass to the roll).

    Raises:
        IllegalCommand: on damage or soak, with no Willpower left, or a second time in a turn.
    """
    if roll_kind in NO_WILLPOWER:
        raise IllegalCommand(f"Willpower cannot be spent on a {roll_kind} roll")
    if willpower_current < 1:
        raise IllegalCommand("no Willpower left")
    if once_per_turn and spent_this_turn:
        raise IllegalCommand("Willpower was already spent on a roll this turn")
    return willpower_current - 1, WILLPOWER_SUCCESSES
