"""A scenario on a generated map: the map drawn in, its combatants on the generator's spawns."""

from __future__ import annotations

import dataclasses

from arena.content.mapgen.generate import GeneratedMap, generate
from arena.content.mapgen.params import MapParams
from arena.content.scenario import CombatantDef, GenerateMap, ScenarioDef


class SeatError(ValueError):
    """A scenario that a generated map cannot seat, or whose map is not the one saved."""

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key
        """The key of ``map:`` at fault (``digest``), or empty for the map as a whole."""


def on_generated_map(scenario: ScenarioDef, params: MapParams, digest: str = "") -> ScenarioDef:
    """The scenario on the map these params generate.

    The first side named (in the order of the combatants) takes the west spawn points 1-4 in
    order, the second side the east ones 5-8; the spawn each combatant wrote is replaced.

    Args:
        scenario: The scenario, on any map.
        params: The generator's params.
        digest: The digest a save recorded; when given, the map generated must have it.

    Raises:
        SeatError: more than two sides, more combatants on a side than its spawn points, or
            a digest that is not the map's.
    """
    made = generate(params)
    if digest and digest != made.digest:
        raise SeatError(
            f"the map generated from {params.text()} is not the one saved "
            f"(saved {digest[:19]}, generated {made.digest[:19]}): the save's map was edited, "
            "or made by another version of the generator",
            "digest",
        )
    combatants = seat(scenario, made)
    return dataclasses.replace(
        scenario,
        map=made.map.name,  # what logs, morgues and the screen name the map
        inline_map=made.map,
        generated_map=GenerateMap(params, made.digest),
        combatants=combatants,
    )


def seat(scenario: ScenarioDef, made: GeneratedMap) -> tuple[CombatantDef, ...]:
    """The combatants placed on the generated map's spawn points, side by side.

    Raises:
        SeatError: more than two sides, or a side larger than its spawn points.
    """
    sides = list(dict.fromkeys(c.side for c in scenario.combatants))
    if len(sides) > len(made.sides):
        raise SeatError(
            f"a generated map seats two sides, west and east; this scenario has {len(sides)} "
            f"({', '.join(sides)})"
        )
    free = {side: list(spawns) for side, spawns in zip(sides, made.sides, strict=False)}
    placed = []
    for c in scenario.combatants:
        if not free[c.side]:
            count = sum(1 for other in scenario.combatants if other.side == c.side)
            raise SeatError(
                f"side {c.side!r} has {count} combatants, but a generated map has "
                f"{len(made.sides[0])} spawn points a side"
            )
        placed.append(dataclasses.replace(c, spawn=free[c.side].pop(0)))
    return tuple(placed)
