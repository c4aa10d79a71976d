"""Map definitions: a rectangle of glyphs with numbered spawn points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from arena.content.bounds import Length, Name


@dataclass(frozen=True, slots=True)
class MapDef:
    """A map: ``#`` wall ``.`` floor ``+`` door ``~`` rough ``>`` exit ``=`` low, digits spawns."""

    name: Name
    rows: Annotated[tuple[Annotated[str, Length(1, 100)], ...], Length(1, 100)]
    """At most 100 rows of at most 100 cells."""
    description: str = ""
