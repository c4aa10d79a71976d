"""Which key picks which choice of a decision: the digits 1 to 9, nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from arena.engine import Choice, Decision, FightView

Cell = tuple[int, int]

KEYS: Final = tuple("123456789")
"""Choice keys in the order choices get them: a digit always picks its choice at once.

No letter or 0 picks a choice: a letter pressed by mistake (a footer key on another screen,
a key pressed twice) must never commit a move or a split. Choices past the ninth are reached
with the arrows or Page Down and Enter, or on the map.
"""


def ordered(choices: Sequence[Choice]) -> tuple[Choice, ...]:
    """The choices as the prompt lists them: actions first, then moves (there can be many)."""
    return tuple(
        sorted(choices, key=lambda c: "move" in c.tags)  # sorted() is stable: order kept within
    )


def keyed(choices: Sequence[Choice]) -> tuple[tuple[str, Choice], ...]:
    """Each choice in prompt order with its key; choices past the last key get ``""``.

    Those are still picked from the list (arrows and Enter) or from the map (the cursor).
    """
    listed = ordered(choices)
    return tuple((KEYS[i] if i < len(KEYS) else "", c) for i, c in enumerate(listed))


def marks_for(decision: Decision | None, view: FightView) -> dict[Cell, str]:
    """The cells a decision's choices point at: ``move`` cells and ``target`` combatants.

    Every cell a move may reach is marked, not only the few moves the menu lists.
    """
    if decision is None:
        return {}
    marks: dict[Cell, str] = {}
    where = {c.id: c.pos for c in view.combatants}
    for choice in decision.choices:
        if choice.target in where:
            marks[where[choice.target]] = "target"
        elif choice.cell is not None and "move" in choice.tags:
            marks.setdefault(choice.cell, "move")
    if decision.resolver is not None:
        for cell in decision.resolver.move_cells():
            marks.setdefault(cell, "move")
    return marks


def choices_at(decision: Decision | None, view: FightView, cell: Cell) -> tuple[Choice, ...]:
    """The choices that act on a map cell: a move there, or an action on who stands there."""
    if decision is None:
        return ()
    there = {c.id for c in view.combatants if c.pos == cell}
    found = tuple(
        c
        for c in ordered(decision.choices)
        if (c.target and c.target in there) or (not c.target and c.cell == cell)
    )
    if found or decision.resolver is None:
        return found
    # A move to a reachable cell the menu does not list is as legal as a listed one.
    move = decision.resolver.move_to(cell)
    return () if move is None else (move,)
