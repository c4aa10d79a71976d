"""Map definitions: a rectangle of glyphs with numbered spawn points."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MapDef:
    """A map: ``#`` wall, ``.`` floor, ``+`` door, ``~`` rough, ``>`` exit, digits spawn points."""

    name: str
    rows: tuple[str, ...]
    description: str = ""
