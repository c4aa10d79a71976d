"""`arena map`: print a generated map as the fight's screen draws it, or as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from arena.cli.args import seed_arg, size_arg
from arena.cli.errors import InputError
from arena.cli.fold import fold
from arena.content.mapgen import (
    COVERS,
    STYLES,
    GeneratedMap,
    MapParams,
    generate,
)
from arena.engine.setup.map_sheet import as_text

EPILOG = """examples:
  arena map --seed 7
  arena map --seed 7 --style rooms --size 30x16 --cover much
  arena map --seed 7 --json

The rows are drawn as the fight's screen draws them, two columns a cell; where this prints a
spawn point's digit, the screen draws the combatant who starts there. The same seed and
options print the same map, byte for byte, on every machine. A scenario plays it with
map: {generate: {seed: 7, size: [30, 16], style: rooms, cover: much}}; run, sim and play take
--map generate:SEED[:STYLE[:WxH[:COVER]]], e.g. --map generate:7:rooms:30x16:much (an empty
part keeps its default: generate:7::30x16). Spawn points 1-4 are the first side's (west), 5-8
the second side's (east). docs/maps.md explains the styles and the fairness checks.

exit status: 0 the map was printed, 2 bad input.
"""


def add_parser(sub: Any) -> Any:
    """Add the map subcommand and return its handler."""
    p = sub.add_parser(
        "map",
        help="print a generated map (plain text, or --json)",
        description="Print the map a seed generates, drawn as the fight's screen draws it, "
        "with the legend of its glyphs below.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--seed", type=seed_arg, required=True, help="the map's seed, 0 to 2**64-1")
    p.add_argument("--style", choices=STYLES, default="yard", help="the kind of place")
    p.add_argument(
        "--size", type=size_arg, default=(20, 12), metavar="WxH", help="cells, default 20x12"
    )
    p.add_argument("--cover", choices=COVERS, default="some", help="how much cover")
    p.add_argument("--json", action="store_true", help="cells, spawns, exits, tries, digest")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Generate the map and print it."""
    if args.seed is None:
        raise InputError("map: --seed is required")
    made = generate(MapParams(args.seed, args.size, args.style, args.cover))
    if args.json:
        json.dump(as_json(made), sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(folded(as_text(made)))
    return 0


def folded(sheet: str) -> str:
    """A map sheet with its words folded to 80 columns and its picture left whole.

    The picture is the block between the first two blank lines: a row of a map wider than
    40 cells is wider than 80 columns, and a row cut in two is no longer the map.
    """
    head, picture, legend = sheet.split("\n\n", 2)
    return "\n\n".join((fold(head), picture, fold(legend)))


def as_json(made: GeneratedMap) -> dict[str, Any]:
    """The map as plain data: its rows of glyphs, spawn points, exits, tries and digest."""
    spawns: dict[str, list[int]] = {}
    exits: list[list[int]] = []
    for y, row in enumerate(made.rows):
        for x, ch in enumerate(row):
            if ch.isdigit():
                spawns[ch] = [x, y]
            elif ch == ">":
                exits.append([x, y])
    p = made.params
    return {
        "params": {"seed": p.seed, "size": list(p.size), "style": p.style, "cover": p.cover},
        "name": made.map.name,
        "cells": list(made.rows),
        "spawns": dict(sorted(spawns.items())),
        "sides": {"west": list(made.sides[0]), "east": list(made.sides[1])},
        "exits": exits,
        "tries": made.tries,
        "fallback": made.fallback,
        "fairness": {
            "cover_steps": list(made.fairness.cover),
            "exit_steps": list(made.fairness.exit),
        },
        "digest": made.digest,
    }
