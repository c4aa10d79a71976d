"""What a blow costs its victim, as a seasoned table reads the damage chart.

The choices name a weapon but not its row of the chart, so the AI carries its own reading of
the shipped weapons. It is a policy's estimate, not a rule: the fight applies the real chart
from content. An unknown weapon counts as fists. A point of lasting damage costs a die on
every roll to come, so it weighs several times a point of temporary damage, which costs one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

Row = Callable[[int, int], tuple[int, int]]
"""Victories and the attacker's Power → (temporary, lasting) damage."""


def _fists(x: int, power: int) -> tuple[int, int]:
    return x, 1


ROWS: Final[dict[str, Row]] = {
    "fists": _fists,
    "club": lambda x, power: (x, -(-x // 2)),
    "knife": lambda x, power: (1, x),
    "pistol": lambda x, power: (1, x + 1),
    "shotgun": lambda x, power: (1, x + 2),
    "claws": lambda x, power: (2 * x, x + power),
    "stunning-blow": lambda x, power: (x + power, 1),
    "psychic-force": lambda x, power: (x + power, 1),
}
"""The shipped weapons' rows of the chart, by weapon id."""
LASTING: Final = 3
"""Rolls a point of lasting damage is reckoned to cost in a fight [a policy estimate]."""
STOPPED: Final = 3
"""Extra cost of a blow that leaves the victim unable to act (penalty at Stamina or more)."""
OUT: Final = 8
"""Extra cost of a blow that leaves it helpless (penalty past twice its Stamina)."""


def row(weapon: str) -> Row:
    """The chart row of a weapon, by id or by name (``stunning blow``); fists if unknown."""
    return ROWS.get(weapon.strip().lower().replace(" ", "-"), _fists)


def harm(weapon: str, victories: int, power: int, penalty: int, stamina: int) -> float:
    """What a hit with this many victories costs a victim with this penalty and Stamina."""
    if victories <= 0:
        return 0.0
    temporary, lasting = row(weapon)(victories, power)
    cost = float(temporary + LASTING * lasting)
    after = penalty + temporary + lasting
    if after > 2 * stamina:
        cost += OUT
    elif after >= stamina:
        cost += STOPPED
    return cost
