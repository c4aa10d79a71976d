"""Reckonings from combatant views, kept by the views' identity.

A fight hands out the same frozen `CombatantView` until something it shows changes (the
Werewolf fights of one setup even share them), so what a policy works out from a pair of views
is worth keeping: looked up by identity, no view is hashed (a view hashes every field it holds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from arena.rules.views import CombatantView

T = TypeVar("T")

MOST: Final = 4096
"""Reckonings a table keeps before it starts afresh (each holds its two views)."""

Table = dict[tuple[int, int], tuple[CombatantView, CombatantView, T]]
"""(id of one view, id of the other) → (the views, the reckoning)."""


def between(
    table: Table[T],
    first: CombatantView,
    second: CombatantView,
    make: Callable[[CombatantView, CombatantView], T],
) -> T:
    """``make(first, second)``, worked out once per pair of view objects.

    The entry holds both views, so their ids are not reused by other objects while it is kept.
    """
    key = (id(first), id(second))
    found = table.get(key)
    if found is not None and found[0] is first and found[1] is second:
        return found[2]
    value = make(first, second)
    if len(table) >= MOST:
        table.clear()
    table[key] = (first, second, value)
    return value
