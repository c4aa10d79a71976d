"""Crossing low obstacles: where a jump may land and where it ends, what a climb crosses."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from arena.rules.grid import LOW, Cell, Grid, distance, line, neighbours

JumpOutcome = Literal["landed", "short", "botched"]
"""A jump lands where it was aimed, stops before the obstacle, or botches where it stood."""


@dataclass(frozen=True, slots=True)
class Jump:
    """How a jump came out: where the jumper ends and how far its roll carried it."""

    outcome: JumpOutcome
    cell: Cell
    """Where the jumper is afterwards."""
    reach: int
    """Cells the roll carries: successes times the form's cells a success."""


def jump_landings(grid: Grid, start: Cell, reach: int, taken: Iterable[Cell]) -> tuple[Cell, ...]:
    """Free floor cells just past a low obstacle, in a straight line within `reach` cells.

    The line from the start may pass over floor and low obstacles, never a wall or a
    combatant, and its last cell before the landing is a low obstacle (a jump is for crossing
    one: a cell a walk reaches needs no jump).

    Returns:
        The landings, nearest first, then by row and column.
    """
    blocked = set(taken)
    found = set()
    # A landing lies just past a low obstacle: only the neighbours of those in reach qualify.
    for over in _low_cells(grid.rows):
        if not 0 < distance(start, over) < reach:
            continue
        for goal in neighbours(over):
            if goal in found or distance(start, goal) > reach:
                continue
            if goal == start or not grid.walkable(goal) or goal in blocked:
                continue
            path = line(start, goal)
            if len(path) < 3 or not grid.is_low(path[-2]):
                continue
            if all(_passable(grid, c, blocked) for c in path[1:-1]):
                found.add(goal)
    return tuple(sorted(found, key=lambda c: (distance(start, c), c[1], c[0])))


@functools.lru_cache(maxsize=64)
def _low_cells(rows: tuple[str, ...]) -> tuple[Cell, ...]:
    """Every low obstacle of a map, row by row (none on most maps)."""
    return tuple((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == LOW)


def _passable(grid: Grid, cell: Cell, blocked: set[Cell]) -> bool:
    """A cell a jump passes over: a low obstacle, or floor nobody stands on."""
    return grid.is_low(cell) or (grid.walkable(cell) and cell not in blocked)


def jump(
    grid: Grid,
    start: Cell,
    goal: Cell,
    *,
    successes: int,
    botch: bool,
    cells_per_success: int,
    taken: Iterable[Cell],
) -> Jump:
    """Where a jump ends [ruling, rules/arena.md]: each success carries `cells_per_success`.

    It lands on `goal` if the goal is still a free landing within reach; a botch leaves the
    jumper where it stood (prone: the caller knocks it down); else it stops before the
    obstacle, on the last free floor cell of the line before the first low obstacle that its
    reach carries it to (no success carries it nowhere).
    """
    reach = successes * cells_per_success
    if botch:
        return Jump("botched", start, reach)
    blocked = set(taken)
    if distance(start, goal) <= reach and goal in jump_landings(grid, start, reach, blocked):
        return Jump("landed", goal, reach)
    return Jump("short", before_obstacle(grid, start, goal, blocked, reach), reach)


def before_obstacle(grid: Grid, start: Cell, goal: Cell, taken: Iterable[Cell], reach: int) -> Cell:
    """The last free floor cell on the line toward `goal` before its first low obstacle.

    The jump carries the jumper at most `reach` cells along the line, even falling short.
    """
    blocked = set(taken)
    here = start
    for cell in line(start, goal)[1 : reach + 1]:
        if grid.is_low(cell) or not grid.walkable(cell) or cell in blocked:
            break
        here = cell
    return here


def climb_cells(grid: Grid, start: Cell, taken: Iterable[Cell]) -> tuple[Cell, ...]:
    """Where a climb goes: the free floor cell straight past a neighbouring low obstacle.

    A climb crosses one low obstacle, in one of the 8 directions [ruling on the geometry].

    Returns:
        The cells, row by row.
    """
    found = climbs_from(grid, start)
    if not found:
        return found
    blocked = set(taken)
    return tuple([far for far in found if far not in blocked])


@functools.lru_cache(maxsize=4096)
def climbs_from(grid: Grid, start: Cell) -> tuple[Cell, ...]:
    """Every climb from a cell on an empty map, row by row (see `climb_cells`).

    The map alone decides them, so each is worked out once: every menu of every fight on
    the map asks.
    """
    found = []
    for over in neighbours(start):
        if not grid.is_low(over):
            continue
        far = (2 * over[0] - start[0], 2 * over[1] - start[1])
        if grid.walkable(far):
            found.append(far)
    return tuple(sorted(found, key=lambda c: (c[1], c[0])))


def climbed_over(start: Cell, to: Cell) -> Cell:
    """The low obstacle a climb from `start` to `to` crosses (the cell between them)."""
    return ((start[0] + to[0]) // 2, (start[1] + to[1]) // 2)


def at_task(here: Cell, task_cell: Cell) -> bool:
    """A scenario's task can be stated by a combatant on its cell or next to it."""
    return distance(here, task_cell) <= 1
