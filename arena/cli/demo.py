"""`arena demo [SCENARIO...]`: the rules playing themselves, one event at a time, looping."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from arena.cli.args import seconds_arg
from arena.cli.errors import SCENARIO_NAME, InputError, quote, refuse_empty
from arena.content.files import is_there

if TYPE_CHECKING:
    from arena.engine.setup import Catalog

EPILOG = """examples:
  arena demo                               the lesson scenarios, round and round
  arena demo --big                         projector mode: the rule card and the dice, large
  arena demo werewolf-vilna my-fight.yaml  these scenarios instead (names or files)

keys: space pause, → one event, ← one event back, +/- pace, e explain, n next, b projector,
? the keys, q leave.
"""


def add_parser(sub: Any) -> Any:
    """Add the demo subcommand and return its handler."""
    p = sub.add_parser(
        "demo",
        help="a self-playing demo of the rules, with rule cards (for a presenter)",
        description="Play scenarios by themselves, one event at a time, each rule on a card.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scenarios", nargs="*", metavar="SCENARIO", help="shipped names or files")
    p.add_argument("--big", action="store_true", help="projector mode: large dice and rule cards")
    p.add_argument("--pace", type=seconds_arg(10), default=1.5, help="seconds an event, 0-10")
    return handle


def check_scenarios(cat: Catalog, names: Sequence[str]) -> None:
    """Open each scenario once, so a bad name or file is refused before anything is shown.

    Raises:
        InputError: an empty name, no such name or file, or a file that does not load (its
            message names the file, the line and the key).
    """
    from arena.cli.scenarios import scenario_fight_for

    for name in names:
        refuse_empty(name, SCENARIO_NAME)
        if not is_there(name) and name not in cat.scenarios:
            known = ", ".join(sorted(cat.scenarios))
            raise InputError(f"demo: no shipped scenario or file {quote(name)}; shipped: {known}")
        try:
            scenario_fight_for(cat, name, watch=True).close()
        except InputError as err:
            raise InputError(f"demo: {str(err).removeprefix('play: ')}") from None


def check(args: argparse.Namespace) -> None:
    """What `arena serve demo ...` checks before it serves: the scenarios.

    Raises:
        InputError: as `check_scenarios`.
    """
    from arena.cli.common import catalog

    check_scenarios(catalog(), args.scenarios)


def handle(args: argparse.Namespace) -> int:
    """Check the scenarios, then show the demo (a terminal or a browser is needed)."""
    from arena.cli.common import catalog
    from arena.cli.play import web_driver

    cat = catalog()
    check_scenarios(cat, args.scenarios)
    if not ((sys.stdout.isatty() and sys.stdin.isatty()) or web_driver()):
        raise InputError("demo: needs a terminal (or arena serve demo for a browser)")
    from arena.cli.places import checked_saves_folder
    from arena.cli.scenarios import open_scenario
    from arena.ui.app import ArenaApp  # Textual loads only when the UI is shown

    app = ArenaApp(
        cat,
        saves=checked_saves_folder(None),  # $ARENA_SAVES refused as play refuses it
        pace=args.pace,
        opener=open_scenario,
        demo=tuple(args.scenarios),
        big=args.big,
    )
    app.run()
    return app.return_code or 0
