"""The grid both rulesets share: cells, reach, movement, line of sight and range bands."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

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
def _masks(rows: tuple[str, ...]) -> tuple[int, int, int, tuple[Cell, ...]]:
    """A map as bit masks: (row width, level floor, rough ground, the cell of each bit).

    A cell is bit ``y * width + x``. The width has a spare column that is never walkable, so
    a step off either edge of a row lands on it instead of on the next row.
    """
    width = max((len(row) for row in rows), default=0) + 1
    grid = Grid(rows)
    level = rough = 0
    for y, row in enumerate(rows):
        for x in range(len(row)):
            if grid.walkable((x, y)):
                if grid.step_cost((x, y)) == 2:
                    rough |= 1 << (y * width + x)
                else:
                    level |= 1 << (y * width + x)
    # Whole bytes of bits, so a mask's bytes index it without a bound check.
    cells = tuple((at % width, at // width) for at in range(8 * (width * len(rows) // 8 + 1)))
    return width, level, rough, cells


_BITS: Final = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
"""The bits set in each byte, lowest first."""


def reachable(grid: Grid, start: Cell, steps: int, blocked: Iterable[Cell]) -> dict[Cell, int]:
    """Every cell reachable within `steps` (rough costs 2), not through walls or others.

    Returns:
        Cell → the steps it costs, the start included at 0; ordered by cost, then row, column.
    """
    rows = grid.rows
    # Built once per map: every move menu of every fight on it walks the same floor.
    width, level, rough, cells = _masks(rows)
    x, y = start
    height = len(rows)
    if not (0 <= x < width - 1 and 0 <= y < height and (level | rough) >> (y * width + x) & 1):
        return {start: 0}  # nowhere to step from off the floor
    taken = 0
    for bx, by in blocked:
        if 0 <= bx < width - 1 and 0 <= by < height:
            taken |= 1 << (by * width + bx)
    level &= ~taken
    rough &= ~taken
    # A whole ring of cells a step: a cell costs one step more than its cheapest neighbour
    # (two onto rough ground), so the cells first touched from the ring of cost c - 1 (c - 2
    # for rough ground) are exactly those costing c. A ring's neighbours are found as its
    # spread along the row and then that spread up and down a row: the 8 neighbours and the
    # cells themselves (already seen, so left out) in four shifts, not eight.
    seen = 1 << (y * width + x)
    rings = [seen]
    for cost in range(1, steps + 1):
        last = rings[-1]
        row = last | last << 1 | last >> 1
        new = (row | row << width | row >> width) & level
        if cost >= 2:
            two = rings[-2]
            row = two | two << 1 | two >> 1
            new |= (row | row << width | row >> width) & rough
        new &= ~seen
        seen |= new
        rings.append(new)
        if not new and not last:  # two empty rings: nothing further to reach
            break
    out: dict[Cell, int] = {start: 0}
    for cost in range(1, len(rings)):
        ring = rings[cost]
        if not ring:
            continue
        # Lowest bit first (row by row, then by column), a byte at a time from the first
        # byte with a cell: a bit at a time costs several operations for each cell of every
        # move menu, and the rows above a ring hold none of it.
        at = ((ring & -ring).bit_length() - 1) & ~7
        ring >>= at
        for byte in ring.to_bytes((ring.bit_length() + 7) // 8, "little"):
            if byte:
                for bit in _BITS[byte]:
                    out[cells[at + bit]] = cost
            at += 8
    return out


@functools.lru_cache(maxsize=64)
def _floor(rows: tuple[str, ...]) -> tuple[str, ...]:
    """`Grid.floor`, worked out once a map: every fight's view draws its map."""
    return tuple("".join("." if ch.isdigit() else ch for ch in row) for row in rows)
