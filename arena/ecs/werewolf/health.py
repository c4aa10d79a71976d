"""Provisional health-track arithmetic for the first Werewolf fights."""

from __future__ import annotations

LEVELS: tuple[tuple[str, int], ...] = (
    ("Bruised", 0),
    ("Hurt", -1),
    ("Injured", -1),
    ("Wounded", -2),
    ("Mauled", -2),
    ("Crippled", -5),
    ("Incapacitated", 0),
)


def level_name(filled: int) -> str:
    """The health level a number of filled boxes puts a character at."""
    if filled == 0:
        return "Healthy"
    if filled >= len(LEVELS):
        return "Incapacitated"
    name, penalty = LEVELS[filled - 1]
    return f"{name} ({penalty})" if penalty else name


def penalty(filled: int) -> int:
    """Dice lost to wounds (a positive number)."""
    if filled == 0 or filled >= len(LEVELS):
        return 0
    return -LEVELS[filled - 1][1]
