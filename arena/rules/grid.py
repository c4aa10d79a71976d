"""The grid both rulesets share: cells, reach, movement, line of sight and range bands."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Cell = tuple[int, int]
Band = Literal["point_blank", "in_range", "beyond", "out_of_range"]

WALL: str = "#"
ROUGH: str = "~"
EXIT: str = ">"
LOW: str = "="
"""A low obstacle (a table, a car's bonnet): blocks a walk, not sight; crossed by a jump or a
climb, never stood on."""


@dataclass(frozen=True, slots=True)
class Grid:
    """A map as rows of glyphs; digits are spawn points on floor."""

    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        """Cells across."""
        return max(len(r) for r in self.rows)

    @property
    def height(self) -> int:
        """Cells down."""
        return len(self.rows)

    def glyph(self, cell: Cell) -> str:
        """The map glyph at a cell (a wall outside the map)."""
        x, y = cell
        if x < 0 or y < 0:
            return WALL
        try:  # an index past the end is the rare case: no len() for the common one
            return self.rows[y][x]
        except IndexError:
            return WALL

    def spawn(self, number: int) -> Cell:
        """Where spawn point `number` is.

        Raises:
            KeyError: the map has no such spawn point.
        """
        for y, row in enumerate(self.rows):
            x = row.find(str(number))
            if x >= 0:
                return (x, y)
        raise KeyError(number)

    def floor(self) -> tuple[str, ...]:
        """The rows with spawn digits drawn as floor."""
        return _floor(self.rows)

    def walkable(self, cell: Cell) -> bool:
        """True if a combatant can stand there (walls and low obstacles are not walked on)."""
        return self.glyph(cell) not in (WALL, LOW)

    def is_low(self, cell: Cell) -> bool:
        """True on a low obstacle."""
        return self.glyph(cell) == LOW

    def step_cost(self, cell: Cell) -> int:
        """Rough ground costs two steps to enter."""
        return 2 if self.glyph(cell) == ROUGH else 1

    def is_exit(self, cell: Cell) -> bool:
        """True on an exit cell."""
        return self.glyph(cell) == EXIT


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells, diagonals counting one (so neighbours are at 1)."""
    # max(abs(dx), abs(dy)) without its three calls: a fight measures thousands of distances.
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


def adjacent(a: Cell, b: Cell) -> bool:
    """True if b is one of a's 8 neighbours: in reach for brawl and melee."""
    return distance(a, b) == 1


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The 8 neighbours in a fixed order (row by row)."""
    x, y = cell
    return tuple([(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx or dy)])


def line(a: Cell, b: Cell) -> tuple[Cell, ...]:
    """The cells on the straight line between two cell centres, both ends included."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err, out = dx + dy, [(x0, y0)]
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        out.append((x0, y0))
    return tuple(out)


def line_of_sight(grid: Grid, a: Cell, b: Cell) -> bool:
    """True if no wall cell lies on the line between the two centres."""
    return all(grid.glyph(c) != WALL for c in line(a, b)[1:-1])


def range_band(cells: int, weapon_range: int) -> Band:
    """The range band of a shot: adjacent, within range, up to twice it, or out of range."""
    if cells <= 1:
        return "point_blank"
    if cells <= weapon_range:
        return "in_range"
    if cells <= 2 * weapon_range:
        return "beyond"
    return "out_of_range"


def in_cover(grid: Grid, target: Cell, shooter: Cell) -> bool:
    """True if a wall next to the target is nearer the shooter than the target is."""
    return any(
        grid.glyph(c) == WALL and distance(c, shooter) < distance(target, shooter)
        for c in neighbours(target)
    )


@functools.lru_cache(maxsize=64)
def _step_costs(rows: tuple[str, ...]) -> dict[Cell, tuple[tuple[Cell, int], ...]]:
    """For every walkable cell, its walkable neighbours and what stepping onto each costs."""
    grid = Grid(rows)
    cells = [(x, y) for y, row in enumerate(rows) for x in range(len(row))]
    return {
        c: tuple((n, grid.step_cost(n)) for n in neighbours(c) if grid.walkable(n))
        for c in cells
        if grid.walkable(c)
    }


def reachable(grid: Grid, start: Cell, steps: int, blocked: Iterable[Cell]) -> dict[Cell, int]:
    """Every cell reachable within `steps` (rough costs 2), not through walls or others.

    Returns:
        Cell → the steps it costs, the start included at 0; ordered by cost, then row, column.
    """
    taken = set(blocked)
    # Built once per map: every move menu of every fight on it walks the same graph.
    costs = _step_costs(grid.rows)
    best: dict[Cell, int] = {start: 0}
    frontier = [start]
    while frontier:
        nxt: list[Cell] = []
        for cell in frontier:
            for n, step in costs.get(cell, ()):
                cost = best[cell] + step
                if cost > steps or n in taken:
                    continue
                if n not in best or cost < best[n]:
                    best[n] = cost
                    nxt.append(n)
        frontier = nxt
    # Sorted as plain tuples, not by a key function: a call per cell for every move menu.
    ranked = sorted([(cost, cell[1], cell[0]) for cell, cost in best.items()])
    return {(x, y): cost for cost, y, x in ranked}


@functools.lru_cache(maxsize=64)
def _floor(rows: tuple[str, ...]) -> tuple[str, ...]:
    """`Grid.floor`, worked out once a map: every fight's view draws its map."""
    return tuple("".join("." if ch.isdigit() else ch for ch in row) for row in rows)
