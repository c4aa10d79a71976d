"""Fights from a scenario named by a shipped name or a file path, for play, demo and the UI."""

from __future__ import annotations

from pathlib import Path

from arena.cli.common import on_map, scenario
from arena.cli.errors import InputError
from arena.cli.level import at_level
from arena.content.mapgen import MapParams
from arena.content.scenario import ScenarioDef
from arena.engine import Fight
from arena.engine.setup import Catalog, SetupError, with_human


def scenario_fight_for(
    cat: Catalog,
    path_or_name: str,
    *,
    seed: int | None = None,
    human: str | None = None,
    watch: bool = False,
    hot_seat: bool = False,
    map_params: MapParams | None = None,
    level: str | None = None,
) -> Fight:
    """A fight from a shipped scenario's name or a scenario file, not yet started.

    Args:
        cat: the content.
        path_or_name: a file path, ``-`` for standard input, or a shipped scenario's name.
        seed: overrides the scenario's seed (its rigged faces still come first).
        human: the combatant the player takes; None: the scenario's own, else its first.
        watch: the AI plays every side (nobody is taken over).
        hot_seat: a person plays every combatant, in turn, at one keyboard.
        map_params: a generated map to play on instead of the scenario's (``--map``).
        level: every AI fighter plays at this level (`arena.ai.levels`); None: as written.

    Raises:
        InputError: no such file or scenario, an invalid file, or an unknown combatant.
    """
    scen, source = scenario(path_or_name, cat)
    scen = on_map(scen, map_params, source, cat)
    scen = at_level(scen, level)
    try:
        scen = with_people(scen, human=human, watch=watch, hot_seat=hot_seat)
        return Fight(scen, cat, seed=seed)
    except (SetupError, ValueError) as err:
        raise InputError(f"play: {err}") from None


def with_people(
    scen: ScenarioDef, *, human: str | None, watch: bool, hot_seat: bool
) -> ScenarioDef:
    """The scenario with the person (or, hot-seat, the people) in it.

    Raises:
        SetupError: `human` names no combatant.
    """
    if hot_seat:
        for c in scen.combatants:
            scen = with_human(scen, c.id)
        return scen
    if human is None and not watch and not any(c.controller == "human" for c in scen.combatants):
        human = scen.combatants[0].id
    return scen if human is None else with_human(scen, human)


def open_scenario(cat: Catalog, path_or_name: str, *, watch: bool = False) -> Fight:
    """What the title menu and the demo call to open a scenario by path or name.

    Args:
        cat: the content.
        path_or_name: a scenario file or a shipped scenario's name.
        watch: scripts and the AI play every side (the demo): nobody is taken over.

    Raises:
        SetupError: no such file or scenario, or an invalid file (the message says which).
    """
    try:
        path = str(Path(path_or_name.strip()).expanduser())
        return scenario_fight_for(cat, path, watch=watch)
    except InputError as err:
        raise SetupError(str(err).removeprefix("play: ")) from None
