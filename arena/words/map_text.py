"""A map drawn as text, two columns a cell, as the fight's screen draws it; and its legend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

MAP_CELLS: Final[Mapping[str, tuple[str, str]]] = {
    "#": ("##", "wall"),
    ".": (". ", "floor"),
    "+": ("+ ", "door"),
    "~": ("~ ", "rough"),
    "=": ("= ", "low"),
    ">": ("> ", "exit"),
}
"""Map glyph → (the two characters drawn, the name of its look: the map's style class)."""
MAP_LEGEND: Final = (
    ("#", "wall: blocks a walk and sight; next to one, a combatant can be in cover"),
    (".", "floor"),
    ("+", "door: walked through like floor"),
    ("~", "rough ground or water: costs two steps"),
    ("=", "low obstacle: blocks a walk, not sight; jumped (Werewolf) or climbed (Sorcerer)"),
    (">", "exit: a combatant who reaches it and spends an action there flees"),
    ("1-9", "spawn point: where a combatant starts (the fight draws the combatant there)"),
)
"""Every glyph a map holds, with what it means."""


def map_lines(rows: tuple[str, ...], cell_width: int = 2, *, spawns: bool = True) -> list[str]:
    """The map's rows as the screen draws them: each cell `cell_width` columns (1 or 2).

    Spawn digits are drawn as their digit (``spawns``) or as the floor they are.
    """
    out = []
    for row in rows:
        cells = []
        for ch in row:
            if ch.isdigit():
                text = (ch if spawns else ".") + " "
            else:
                text = MAP_CELLS.get(ch, (". ", "floor"))[0]
            cells.append(text[:cell_width])
        out.append("".join(cells).rstrip())
    return out


def legend_lines() -> list[str]:
    """The legend, one glyph a line."""
    return [f"{glyph:<3} {meaning}" for glyph, meaning in MAP_LEGEND]
