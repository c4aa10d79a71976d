"""`arena play` (and bare `arena`): list the shipped scenarios and play one, explained."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from arena.cli.common import catalog
from arena.cli.errors import InputError
from arena.engine import Fight
from arena.rules.logtext import to_text

DEFAULT = "werewolf-duel"


def add_parser(sub: Any) -> Any:
    """Add the play subcommand and return its handler."""
    p = sub.add_parser(
        "play",
        help="list the shipped scenarios and play one, explained (the default)",
        description="List the shipped scenarios, then play one with every step explained.",
    )
    p.add_argument("scenario", nargs="?", default=DEFAULT, help=f"which one (default {DEFAULT})")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Show the scenarios, then play the chosen one."""
    cat = catalog()
    print("Shipped scenarios (arena run NAME plays one; arena run --help for more):")
    for name in sorted(cat.scenarios):
        scen = cat.scenarios[name]
        print(f"  {name:<28} {scen.ruleset:<9} {scen.name}")
    if args.scenario not in cat.scenarios:
        raise InputError(f"play: no shipped scenario {args.scenario!r}")
    scen = cat.scenarios[args.scenario]
    print(f"\nPlaying {args.scenario}: {scen.description.strip()}\n")
    with Fight(scen, cat) as fight:
        fight.play_until_human(humans_too=True)
        sys.stdout.write(
            to_text((("scenario", scen.name), ("seed", str(fight.seed))), fight.events)
        )
    return 0
