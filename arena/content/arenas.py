"""What makes a map well drawn: a non-empty rectangle of known glyphs, each spawn point once."""

from __future__ import annotations

from typing import Final

from arena.content.maps import MapDef
from arena.content.registry import Report

TERRAIN: Final = "#.+~>="
"""Wall, floor, door, rough ground, exit, low obstacle."""
SPAWNS: Final = "123456789"
"""Spawn points: each digit at most once per map."""


def spawn_numbers(map_def: MapDef) -> tuple[int, ...]:
    """The spawn points drawn on a map, in ascending order."""
    return tuple(int(d) for d in SPAWNS if any(d in row for row in map_def.rows))


def check_map(map_def: MapDef, report: Report) -> None:
    """Report a map that is empty, ragged, has unknown glyphs or a spawn point twice.

    Args:
        map_def: The map.
        report: Where problems go.
    """
    if not map_def.rows:
        report.error("a map needs at least one row", "rows")
        return
    width = len(map_def.rows[0])
    seen: dict[str, int] = {}
    for y, row in enumerate(map_def.rows):
        if len(row) != width:
            report.error(f"row is {len(row)} cells wide, but row 0 is {width}", "rows", y)
        for x, glyph in enumerate(row):
            if glyph in SPAWNS and glyph in seen:
                message = f"spawn point {glyph} is drawn twice (first in row {seen[glyph]})"
                report.error(message, "rows", y)
            elif glyph in SPAWNS:
                seen[glyph] = y
            elif glyph not in TERRAIN:
                message = f"unknown glyph {glyph!r} at column {x}; use {' '.join(TERRAIN)} or 1-9"
                report.error(message, "rows", y)
