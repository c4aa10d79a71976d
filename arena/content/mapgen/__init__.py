"""Generated arenas: a fair map from a seed, the same byte for byte in every process."""

from __future__ import annotations

from arena.content.mapgen.generate import GeneratedMap, generate
from arena.content.mapgen.params import (
    COVERS,
    SIZE_MAX,
    SIZE_MIN,
    STYLES,
    Cover,
    MapParams,
    Style,
    drawn_params,
    map_seed,
)

__all__ = [
    "COVERS",
    "SIZE_MAX",
    "SIZE_MIN",
    "STYLES",
    "Cover",
    "GeneratedMap",
    "MapParams",
    "Style",
    "drawn_params",
    "generate",
    "map_seed",
]
