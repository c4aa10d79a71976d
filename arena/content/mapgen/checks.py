"""The checks a generated map must pass: connected, fair to both sides, no point-blank start.

Fairness is measured by walking: for each spawn point, the steps (rough ground costing two, as
it does in a fight) to the nearest cell in cover and to the nearest exit. A cell is in cover
when it is next to (one of the 8 neighbours of) a wall inside the border: the border is behind
everyone, an inside wall can stand between a combatant and a shooter. A side's figure is the
mean over its spawn points; the two sides' means may differ by at most `COVER_TOLERANCE` steps
for cover and `exit_tolerance` for exits.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from arena.rules.grid import Grid, distance, line_of_sight

COVER_TOLERANCE: Final = 1.0
"""The most the two sides' mean steps to cover may differ."""
EXIT_SHARE: Final = 0.1
"""Exits may differ by this share of the farther side's mean steps, but never less than..."""
EXIT_FLOOR: Final = 2.0
"""...this many steps."""
POINT_BLANK_MARGIN: Final = 3
"""No spawn point is this near (cells, diagonals counting one) an enemy's it can see."""
UNREACHED: Final = 10**6
_BLOCKS: Final = frozenset("#=")


def exit_tolerance(west: float, east: float) -> float:
    """How far the sides' mean steps to an exit may differ."""
    return max(EXIT_FLOOR, EXIT_SHARE * max(west, east))


@dataclass(frozen=True, slots=True)
class Fairness:
    """Each side's mean steps to cover and to an exit (west side first)."""

    cover: tuple[float, float]
    exit: tuple[float, float]

    def fair(self) -> bool:
        """True when the sides are within the tolerances."""
        return abs(self.cover[0] - self.cover[1]) <= COVER_TOLERANCE and abs(
            self.exit[0] - self.exit[1]
        ) <= exit_tolerance(*self.exit)


@functools.lru_cache(maxsize=32)
def _neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For every cell index, the indexes of its 8 neighbours on the map."""
    out = []
    for y in range(height):
        for x in range(width):
            out.append(
                tuple(
                    (y + dy) * width + x + dx
                    for dy in (-1, 0, 1)
                    for dx in (-1, 0, 1)
                    if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height
                )
            )
    return tuple(out)


def steps_from(cells: Sequence[str], width: int, height: int, targets: Sequence[int]) -> list[int]:
    """The steps from every cell to the nearest target, walking (rough ground costs two).

    A reverse search from the targets: stepping from a cell onto ``u`` costs what ``u`` costs.
    """
    near = _neighbours(width, height)
    passable = [g not in _BLOCKS for g in cells]
    dist = [UNREACHED] * len(cells)
    buckets: list[list[int]] = [[], [], []]
    for t in targets:
        dist[t] = 0
        buckets[0].append(t)
    level = 0
    while level < len(buckets):
        for u in buckets[level]:
            if dist[u] != level:
                continue
            nxt = level + (2 if cells[u] == "~" else 1)
            if nxt >= len(buckets):
                buckets += [[] for _ in range(nxt + 1 - len(buckets))]
            into = buckets[nxt]
            for v in near[u]:
                if nxt < dist[v] and passable[v]:
                    dist[v] = nxt
                    into.append(v)
        level += 1
    return dist


def cover_cells(cells: Sequence[str], width: int, height: int) -> list[int]:
    """Walkable cells next to a wall inside the border."""
    near = _neighbours(width, height)
    found: set[int] = set()
    for y in range(1, height - 1):
        for i in range(y * width + 1, (y + 1) * width - 1):
            if cells[i] == "#":
                found.update(n for n in near[i] if cells[n] not in _BLOCKS)
    return sorted(found)


def connected(cells: Sequence[str], width: int, height: int, spawns: Sequence[int]) -> bool:
    """True when every spawn point walks to every other and to an exit."""
    dist = steps_from(cells, width, height, spawns[:1])
    exits = [i for i, g in enumerate(cells) if g == ">"]
    return all(dist[s] < UNREACHED for s in spawns) and any(dist[e] < UNREACHED for e in exits)


def fairness(
    cells: Sequence[str], width: int, height: int, sides: tuple[Sequence[int], Sequence[int]]
) -> Fairness | None:
    """Each side's mean steps to cover and to an exit; None when a spawn reaches neither."""
    exits = [i for i, g in enumerate(cells) if g == ">"]
    to_cover = steps_from(cells, width, height, cover_cells(cells, width, height))
    to_exit = steps_from(cells, width, height, exits)
    every = [*sides[0], *sides[1]]
    if any(to_cover[s] >= UNREACHED or to_exit[s] >= UNREACHED for s in every):
        return None

    def mean(dist: list[int], side: Sequence[int]) -> float:
        return sum(dist[s] for s in side) / len(side)

    return Fairness(
        (mean(to_cover, sides[0]), mean(to_cover, sides[1])),
        (mean(to_exit, sides[0]), mean(to_exit, sides[1])),
    )


def point_blank(
    rows: tuple[str, ...], west: Sequence[tuple[int, int]], east: Sequence[tuple[int, int]]
) -> bool:
    """True when a spawn point starts near an enemy's, in sight of it."""
    grid = Grid(rows)
    return any(
        distance(a, b) <= POINT_BLANK_MARGIN and line_of_sight(grid, a, b)
        for a in west
        for b in east
    )
