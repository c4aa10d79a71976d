"""`arena run`: one headless fight, its log explained, its expectations checked."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from arena.cli.args import faces_arg, seed_arg, whole_arg
from arena.cli.common import catalog, save_target, scenario, write_save
from arena.cli.errors import InputError
from arena.cli.logs import FORMATS, render_log, write_log
from arena.engine import (
    Controllers,
    DiceExhausted,
    Fight,
    IllegalCommand,
    SaveError,
    ScriptError,
    check_expectations,
    load_save,
)

STOP_AFTER = whole_arg("--stop-after", 1, 1_000_000)
"""Decisions before a stopped fight is saved."""
EPILOG = """examples:
  arena run content/scenarios/werewolf-duel.yaml
  arena run werewolf-duel --seed 3 --format markdown --out duel.md
  arena run werewolf-duel --dice 9,9,2,8 --save saves/duel.yaml --stop-after 4
  arena run --resume saves/duel.yaml

exit status: 0 the fight ran (and met its expect: block), 1 it did not meet it, 2 bad input.
"""


def add_parser(sub: Any) -> Any:
    """Add the run subcommand and return its handler."""
    p = sub.add_parser(
        "run",
        help="play one scenario headless and print its log",
        description="Play one scenario without a screen: every step explained in the log.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scenario", nargs="?", help="a scenario file, or the name of a shipped one")
    p.add_argument("--seed", type=seed_arg, help="the seed, 0 to 2**64-1 (default: the scenario's)")
    p.add_argument(
        "--dice", type=faces_arg, metavar="FACES", help="rigged d10 faces dealt first, e.g. 9,9,2,8"
    )
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("--out", help="write the log to this file instead of standard output")
    p.add_argument("--resume", metavar="SAVE", help="continue a saved fight to its end")
    p.add_argument("--save", metavar="FILE", help="save the fight to this file")
    p.add_argument(
        "--stop-after", type=STOP_AFTER, metavar="N", help="stop after N decisions (with --save)"
    )
    return handle


def handle(args: argparse.Namespace) -> int:
    """Run the fight; print the log; check the expect: block."""
    cat = catalog()
    if args.resume:
        if args.scenario or args.seed is not None or args.dice:
            raise InputError("--resume takes no scenario, --seed or --dice: the save has them")
        try:
            fight = load_save(Path(args.resume), cat)
        except SaveError as err:
            raise InputError(str(err)) from None
        source = args.resume
    else:
        if not args.scenario:
            raise InputError("run: give a scenario file or name (see arena run --help)")
        scen, source = scenario(args.scenario, cat)
        rigged = args.dice or None
        try:
            fight = Fight(scen, cat, seed=args.seed, rigged=rigged)
        except ValueError as err:
            raise InputError(f"{source}: {err}") from None
    if args.stop_after is not None and not args.save:
        raise InputError("--stop-after needs --save FILE")
    save_to = save_target(args.save) if args.save else None
    _play(fight, source, args.stop_after)
    if save_to is not None:
        write_save(fight, save_to)
    _write(fight, source, args.format, args.out)
    expect = fight.scenario.expect
    own_dice = fight.seed != fight.scenario.seed or fight.rigged != fight.scenario.rigged
    if fight.over and expect is not None and own_dice:
        print(
            f"{source}: played with its own seed or dice: expect: is not checked", file=sys.stderr
        )
    elif fight.over and expect is not None:
        diffs = check_expectations(expect, fight.view(), fight.events)
        if diffs:
            print(f"{source}: the fight did not meet its expect: block:", file=sys.stderr)
            for line in diffs:
                print(f"  {line}", file=sys.stderr)
            return 1
    return 0


def _play(fight: Fight, source: str, stop_after: int | None) -> None:
    try:
        # Headless: nobody is at the keyboard, so the AI answers people's decisions too.
        Controllers(fight, watch=True).run(stop_after=stop_after)
    except ScriptError as err:
        raise InputError(f"{source}: {err}") from None
    except DiceExhausted as err:
        raise InputError(f"{source}: rigged: {err} (when_rigged_runs_out: error)") from None
    except IllegalCommand as err:
        raise InputError(f"{source}: {err}") from None


def _write(fight: Fight, source: str, fmt: str, out: str | None) -> None:
    text = render_log(fight, source, fmt)
    if not fight.over:
        text += f"(stopped after {len(fight.commands)} decisions; the fight goes on)\n"
    write_log(text, out)
