"""Helpers the subcommands share: loading content and scenarios with clear errors."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Final

from arena.cli.checks import ENGINE_CHECKS
from arena.cli.errors import SCENARIO_NAME, InputError, refuse_empty
from arena.cli.places import check_content_variable
from arena.content.errors import ContentError, escape_name, quote
from arena.content.files import is_there, read_stream
from arena.content.links import ExtraChecks
from arena.content.loader import (
    Catalog,
    default_content_root,
    load_catalog,
    load_scenario,
    load_scenario_text,
)
from arena.content.mapgen import MapParams
from arena.content.mapgen.seat import SeatError, on_generated_map
from arena.content.scenario import ScenarioDef
from arena.content.werewolf import generated_place_problem
from arena.engine import Fight, save_fight

STDIN: Final = "<stdin>"
"""How errors and logs name a scenario read from standard input."""


def catalog(checks: ExtraChecks = ENGINE_CHECKS) -> Catalog:
    """The content (shipped, or ``$ARENA_CONTENT``), or InputError naming the broken file.

    Args:
        checks: what the content must pass beyond its own checks.

    Raises:
        InputError: the content does not load, or there is none.
    """
    check_content_variable()
    root = default_content_root()
    try:
        cat = load_catalog(root, checks=checks)
    except ContentError as err:
        raise InputError(str(err)) from None
    if not cat.files:
        raise InputError(f"{root}: no content files (*.yaml) in this folder")
    return cat


def scenario(path_or_name: str, cat: Catalog) -> tuple[ScenarioDef, str]:
    """A scenario from a file path, ``-`` for standard input, or a shipped one's name.

    Returns:
        The scenario and the path it came from.

    Raises:
        InputError: an empty name, no such file or scenario, or the file is invalid.
    """
    refuse_empty(path_or_name, SCENARIO_NAME)
    try:
        if path_or_name == "-":
            data = read_stream(sys.stdin.buffer, STDIN)
            return load_scenario_text(data, STDIN, cat, ENGINE_CHECKS), STDIN
        path = Path(path_or_name)
        if not is_there(path) and path_or_name in cat.scenarios:
            # Named, not by its absolute path: the log must read the same on every machine.
            return cat.scenarios[path_or_name], path_or_name
        if not is_there(path):
            known = ", ".join(sorted(cat.scenarios))
            shown = escape_name(path_or_name) if len(path_or_name) <= 80 else quote(path_or_name)
            raise InputError(f"{shown}: no such file or shipped scenario; shipped: {known}")
        return load_scenario(path, cat, ENGINE_CHECKS), str(path)
    except ContentError as err:
        raise InputError(str(err)) from None


def on_map(scen: ScenarioDef, params: MapParams | None, source: str, cat: Catalog) -> ScenarioDef:
    """The scenario on the generated map ``--map`` asked for (unchanged without one).

    Its ``expect:`` block was written for its own map, so it is not checked there.

    Raises:
        InputError: the map cannot seat the scenario's sides, or the content has no place for
            a fight on a generated map (the message says why).
    """
    if params is None:
        return scen
    if scen.tasks:
        raise InputError(f"--map: {source}: its tasks name cells of its own map; play it there")
    refuse_placeless(scen.ruleset, cat, "--map")
    try:
        return dataclasses.replace(on_generated_map(scen, params), expect=None)
    except SeatError as err:
        raise InputError(f"--map: {source}: {err}") from None


def refuse_placeless(ruleset: str, cat: Catalog, option: str) -> None:
    """Refuse generated maps for a ruleset whose fights the content gives no place there.

    Raises:
        InputError: a Werewolf fight, and no default werewolf/places entry.
    """
    problem = generated_place_problem(ruleset, cat.section("werewolf", "places"))
    if problem is not None:
        raise InputError(f"{option}: {problem}")


def write_save(fight: Fight, path: Path) -> None:
    """Save a fight, turning a failure to write into one clear line.

    Raises:
        InputError: the file cannot be written (permissions, a full disk, a vanished folder).
    """
    try:
        save_fight(fight, path)
    except OSError as err:  # its strerror says why in words
        raise InputError(f"--save: {path}: {err.strerror or err}") from None
