"""`arena validate`: load and check all content, or one scenario file against it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arena.cli.errors import InputError
from arena.content.errors import ContentError
from arena.content.loader import Catalog, default_content_root, load_catalog, load_scenario


def add_parser(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add the validate subcommand and return its handler."""
    parser = sub.add_parser(
        "validate",
        help="check the content files, or one scenario file",
        description=(
            "Load and check every content file (sections and scenarios), or one scenario "
            "file against the shipped content. Problems are listed as file:line: key: "
            "message and the exit status is 2."
        ),
    )
    parser.add_argument(
        "path",
        nargs="?",
        type=Path,
        metavar="PATH",
        help="a content folder (default: the shipped content) or a scenario file",
    )
    return handle


def handle(args: argparse.Namespace) -> int:
    """Validate the content folder or scenario file named, print a summary, return the status.

    Raises:
        InputError: the path names nothing.
    """
    path: Path | None = args.path
    if path is not None and not path.exists():
        raise InputError(f"validate: {path}: no such file or folder")
    try:
        if path is not None and not path.is_dir():
            print(_scenario_summary(path, _catalog(default_content_root())))
        else:
            print(_catalog_summary(_catalog(path or default_content_root())))
    except ContentError as err:
        print(err, file=sys.stderr)
        return 2
    return 0


def _catalog(root: Path) -> Catalog:
    if not root.is_dir():
        raise InputError(f"validate: {root}: no such content folder")
    return load_catalog(root)


def _catalog_summary(catalog: Catalog) -> str:
    counts: dict[str, int] = {}
    for (_, section), entries in sorted(catalog.sections.items()):
        counts[section] = counts.get(section, 0) + len(entries)
    counts["scenarios"] = len(catalog.scenarios)
    parts = [_count(len(catalog.files), "files")]
    parts += [_count(n, name) for name, n in counts.items() if n or name == "scenarios"]
    return "ok: " + ", ".join(parts)


def _scenario_summary(path: Path, catalog: Catalog) -> str:
    scenario = load_scenario(path, catalog)
    count = _count(len(scenario.combatants), "combatants")
    return f"ok: {path} ({scenario.ruleset}, {count}, map {scenario.map})"


def _count(n: int, plural: str) -> str:
    # Section names are plural nouns; one of them reads better without the s.
    noun = plural[:-1] if n == 1 and plural.endswith("s") else plural
    return f"{n} {noun}"
