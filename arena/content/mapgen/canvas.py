"""A map being drawn: a flat list of glyphs, drawn in pairs turned half a turn about the centre."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

WALL, FLOOR, DOOR, ROUGH, LOW, EXIT = "#", ".", "+", "~", "=", ">"
SPAWNS_PER_SIDE = 4
"""Spawn points 1-4 belong to the west side, 5-8 to the east side."""


@dataclass(slots=True)
class Canvas:
    """A W x H map being drawn, walled round, with the random source of one try."""

    width: int
    height: int
    rng: random.Random
    cells: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        self.cells = [
            WALL if x in (0, w - 1) or y in (0, h - 1) else FLOOR
            for y in range(h)
            for x in range(w)
        ]

    def get(self, x: int, y: int) -> str:
        """The glyph at a cell (a wall off the map)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.cells[y * self.width + x]
        return WALL

    def put(self, x: int, y: int, glyph: str) -> None:
        """Draw one cell (a cell off the map is left alone)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            self.cells[y * self.width + x] = glyph

    def mirror(self, x: int, y: int) -> tuple[int, int]:
        """The cell half a turn about the centre: where the other side's copy goes."""
        return self.width - 1 - x, self.height - 1 - y

    def pair(self, x: int, y: int, glyph: str) -> None:
        """Draw a cell and its mirror, so both sides meet the same ground."""
        self.put(x, y, glyph)
        self.put(*self.mirror(x, y), glyph)

    def inside(self, x: int, y: int) -> bool:
        """True within the border."""
        return 0 < x < self.width - 1 and 0 < y < self.height - 1

    def block(self, x: int, y: int, w: int, h: int, glyph: str) -> None:
        """Draw a rectangle (cut to the inside of the border) and its mirror."""
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                if self.inside(xx, yy):
                    self.pair(xx, yy, glyph)

    def band(self) -> int:
        """The columns of the west spawn band, 1 to this (the east band is its mirror)."""
        return max(2, self.width // 6)

    def rows(self) -> tuple[str, ...]:
        """The map as rows of glyphs."""
        w = self.width
        return tuple("".join(self.cells[y * w : (y + 1) * w]) for y in range(self.height))
