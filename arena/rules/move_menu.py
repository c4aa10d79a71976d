"""The move menu: every cell a move may reach, grouped by how far away it is, to stay short."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arena.rules.grid import distance

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class MoveGroup:
    """The cells a move may reach at one distance from the mover, row by row."""

    away: int
    """Cells away, diagonals counting one."""
    cells: tuple[Cell, ...]


def move_groups(here: Cell, cells: Iterable[Cell]) -> tuple[MoveGroup, ...]:
    """The cells grouped by distance from `here`, nearest first; each group row by row."""
    found: dict[int, list[Cell]] = {}
    for cell in cells:
        found.setdefault(distance(here, cell), []).append(cell)
    return tuple(
        MoveGroup(away, tuple(sorted(found[away], key=lambda c: (c[1], c[0]))))
        for away in sorted(found)
    )


def group_line(group: MoveGroup) -> str:
    """``2 away: 3,1 5,1 3,2``: one group as a person types its cells."""
    return f"{group.away} away: " + " ".join(f"{x},{y}" for x, y in group.cells)


def move_summary(groups: tuple[MoveGroup, ...]) -> str:
    """``move: 80 cells, 1 to 4 away``, or empty for none."""
    count = sum(len(g.cells) for g in groups)
    if not count:
        return ""
    near, far = groups[0].away, groups[-1].away
    span = f"{near} away" if near == far else f"{near} to {far} away"
    return f"move: {count} cell{'s' if count > 1 else ''}, {span}"
