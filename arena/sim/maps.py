"""A batch on generated maps: each group of fights on its own map, and how much maps matter.

The measure: the batch's maps each hold `per_map` fights. For each side, its win rate on each
whole map is taken; their spread across maps (the sample standard deviation) is set against the
spread one map alone would show by chance, the binomial ``sqrt(p(1-p)/per_map)`` with ``p`` the
side's mean rate over those maps. A ratio near 1 says the maps move the win rate no more than
chance does; the map's own part is ``sqrt(max(0, across² - binomial²))``, the standard deviation
of a side's true win rate from map to map, in percentage points.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from arena.content.mapgen import COVERS, STYLES, Cover, MapParams, Style, map_seed
from arena.content.mapgen.seat import on_generated_map
from arena.sim.vary import Setup

PER_MAP: Final = 10
"""Fights on each generated map unless --per-map says otherwise."""


@dataclass(frozen=True, slots=True)
class MapsPlan:
    """How a batch draws its maps."""

    per_map: int = PER_MAP
    """Fights played on each map: fight i is on map ``i // per_map``."""
    size: tuple[int, int] = (20, 12)
    cover: Cover = "some"
    styles: tuple[Style, ...] = STYLES
    """Each map's style is drawn from these by its seed."""


def map_params(maps: MapsPlan, base: int, number: int) -> MapParams:
    """The params of map ``number`` of a batch whose base seed is ``base``."""
    seed = map_seed(base, number)
    return MapParams(seed, maps.size, maps.styles[seed % len(maps.styles)], maps.cover)


def setup_on_map(setup: Setup, params: MapParams) -> Setup:
    """The setup with its scenario on a generated map."""
    return dataclasses.replace(setup, scenario=on_generated_map(setup.scenario, params))


class MapSpread:
    """Wins per side on each map, counted as the fights arrive in seed order."""

    def __init__(self, sides: tuple[str, ...], per_map: int) -> None:
        self.sides = sides
        self.per_map = per_map
        self.fights = 0
        self.maps: list[Counter[str]] = []
        """Per whole or partial map: side → wins (``""`` counts the fights)."""

    def add(self, winner: str | None) -> None:
        """Count the next fight's winner (None: a draw)."""
        if self.fights % self.per_map == 0:
            self.maps.append(Counter())
        self.fights += 1
        self.maps[-1][""] += 1
        if winner is not None:
            self.maps[-1][winner] += 1

    def report(self) -> dict[str, Any]:
        """The spread of each side's win rate across whole maps, against one map's by chance."""
        whole = [m for m in self.maps if m[""] == self.per_map]
        sides = {side: _spread(whole, side, self.per_map) for side in self.sides}
        return {"per_map": self.per_map, "maps": len(whole), "sides": sides}


def _spread(maps: list[Counter[str]], side: str, per_map: int) -> dict[str, Any]:
    if len(maps) < 2 or per_map < 2:
        return {"rate": None, "across": None, "binomial": None, "ratio": None, "map_sd": None}
    rates = [m[side] / per_map for m in maps]
    p = sum(rates) / len(rates)
    across = math.sqrt(sum((r - p) ** 2 for r in rates) / (len(rates) - 1))
    binomial = math.sqrt(p * (1 - p) / per_map)
    ratio = across / binomial if binomial else None
    own = math.sqrt(max(0.0, across**2 - binomial**2))
    return {
        "rate": _r(p),
        "across": _r(across),
        "binomial": _r(binomial),
        "ratio": None if ratio is None else _r(ratio),
        "map_sd": _r(own),
    }


def _r(value: float) -> float:
    return round(value, 4) + 0.0


__all__ = ["COVERS", "PER_MAP", "MapSpread", "MapsPlan", "map_params", "map_seed", "setup_on_map"]
