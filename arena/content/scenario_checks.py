"""What a scenario must satisfy beyond its types: unique ids, spawns on its map, sane expects."""

from __future__ import annotations

import re
from typing import Final

from arena.content.arenas import spawn_numbers
from arena.content.maps import MapDef
from arena.content.registry import Report
from arena.content.scenario import ScenarioDef

_CONTROLLER: Final = re.compile(r"human|script|ai:[a-z][a-z0-9_-]*(/(easy|normal|hard))?")


def check_scenario(scenario: ScenarioDef, report: Report) -> None:
    """Report the ways a scenario can be well typed and still not start, or never finish.

    Args:
        scenario: The scenario.
        report: Where problems go; it also finds the scenario's map.
    """
    _check_combatants(scenario, report)
    _check_spawns(scenario, report)
    _check_expect(scenario, report)
    for index, face in enumerate(scenario.rigged):
        if not 1 <= face <= 10:
            report.error(f"a d10 face is 1 to 10, got {face}", "rigged", index)
    if scenario.max_rounds < 1:
        report.error(f"must be at least 1, got {scenario.max_rounds}", "max_rounds")


def _check_combatants(scenario: ScenarioDef, report: Report) -> None:
    first: dict[str, int] = {}
    for index, combatant in enumerate(scenario.combatants):
        if combatant.id in first:
            earlier = first[combatant.id]
            message = f"duplicate combatant id {combatant.id!r} (first at combatants[{earlier}])"
            report.error(message, "combatants", index, "id")
        first.setdefault(combatant.id, index)
        if not _CONTROLLER.fullmatch(combatant.controller):
            message = (
                "expected human, script or ai:<policy>[/easy|normal|hard], "
                f"got {combatant.controller!r}"
            )
            report.error(message, "combatants", index, "controller")
        if combatant.script and combatant.controller != "script":
            message = "only a script controller follows a script; set controller: script"
            report.error(message, "combatants", index, "script")


def _check_spawns(scenario: ScenarioDef, report: Report) -> None:
    map_def = report.lookup("arenas", "maps", scenario.map)
    if not isinstance(map_def, MapDef):
        return  # the dangling map reference is reported on its own
    spawns = spawn_numbers(map_def)
    drawn = ", ".join(str(n) for n in spawns) or "none"
    for index, combatant in enumerate(scenario.combatants):
        if combatant.spawn not in spawns:
            message = f"map {scenario.map!r} has no spawn point {combatant.spawn} (it has {drawn})"
            report.error(message, "combatants", index, "spawn")


def _check_expect(scenario: ScenarioDef, report: Report) -> None:
    expect = scenario.expect
    if expect is None:
        return
    ids = {combatant.id for combatant in scenario.combatants}
    sides = {combatant.side for combatant in scenario.combatants}
    if expect.winner is not None and expect.winner not in sides | {"none"}:
        known = ", ".join(sorted(sides))
        report.error(
            f"no side named {expect.winner!r} (sides: {known}, or none)", "expect", "winner"
        )
    for key, table in (
        ("health", expect.health),
        ("penalty", expect.penalty),
        ("status", expect.status),
    ):
        for id in table:
            if id not in ids:
                report.error(f"no combatant with id {id!r}", "expect", key, id)
