"""Helpers the subcommands share: loading content and scenarios with clear errors."""

from __future__ import annotations

from pathlib import Path

from arena.cli.errors import InputError
from arena.content.errors import ContentError
from arena.content.loader import Catalog, default_content_root, load_catalog, load_scenario
from arena.content.scenario import ScenarioDef


def catalog() -> Catalog:
    """The shipped content, or InputError naming the broken file.

    Raises:
        InputError: the content does not load.
    """
    try:
        return load_catalog(default_content_root())
    except ContentError as err:
        raise InputError(str(err)) from None


def scenario(path_or_name: str, cat: Catalog) -> tuple[ScenarioDef, str]:
    """A scenario from a file path, or by the name of a shipped one.

    Returns:
        The scenario and the path it came from.

    Raises:
        InputError: no such file or scenario, or the file is invalid.
    """
    path = Path(path_or_name)
    if not path.exists() and path_or_name in cat.scenarios:
        # Named, not by its absolute path: the log must read the same on every machine.
        return cat.scenarios[path_or_name], path_or_name
    if not path.exists():
        known = ", ".join(sorted(cat.scenarios))
        raise InputError(f"{path_or_name}: no such file or shipped scenario; shipped: {known}")
    if path.is_dir():
        raise InputError(f"{path_or_name}: is a folder, not a scenario file")
    try:
        return load_scenario(path, cat), str(path)
    except ContentError as err:
        raise InputError(str(err)) from None
