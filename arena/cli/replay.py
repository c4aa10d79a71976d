"""`arena replay SAVE`: a saved fight's log, checked as `--resume` checks it, played no further."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from arena.cli.args import whole_arg
from arena.cli.common import catalog, not_read_here, save_target
from arena.cli.errors import InputError, refuse_empty
from arena.cli.logs import FORMATS, render_log, write_log
from arena.content.bounds import ROUNDS_MAX
from arena.engine import Fight, SaveError, load_save
from arena.engine.setup import Catalog

EPILOG = """examples:
  arena replay duel.yaml
  arena replay duel.yaml --format markdown --out duel.md
  arena replay duel.yaml --to-round 2 --format jsonl

The save is replayed from its seed and commands; every round's hash, the final hash and the
save's digest must match, or it is refused (exit 2). arena run --resume SAVE plays it on.
"""


def add_parser(sub: Any) -> Any:
    """Add the replay subcommand and return its handler."""
    p = sub.add_parser(
        "replay",
        help="print a saved fight's log, checked, without playing on",
        description="Replay a save headless and print its log up to the moment it was saved.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("save", metavar="SAVE", help="a save file")
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument(
        "--to-round",
        type=whole_arg("--to-round", 1, ROUNDS_MAX),
        metavar="N",
        help=f"stop the log after round (or turn) N, 1-{ROUNDS_MAX}",
    )
    p.add_argument("--out", help="write the log to this file instead of standard output")
    p.add_argument("--ui", action="store_true", help="step through it on screen, back and forth")
    p.add_argument("--big", action="store_true", help="with --ui: projector mode")
    return handle


def check(args: argparse.Namespace) -> None:
    """What `arena serve replay ...` checks before it serves: the options and the save.

    Raises:
        InputError: as `arena replay` itself would refuse them.
    """
    _checked(args, catalog()).close()


def handle(args: argparse.Namespace) -> int:
    """Load and check the save, print its log."""
    if args.ui and not (sys.stdout.isatty() and sys.stdin.isatty()):
        raise InputError("replay --ui: needs a terminal (without --ui the log is printed)")
    cat = catalog()
    fight = _checked(args, cat)
    if args.ui:
        return _viewer(fight, cat, big=args.big)
    with fight:
        last = args.to_round
        events = [e for e in fight.events if last is None or e.round <= last]
        text = render_log(fight, args.save, args.format, events)
        if not fight.over and (last is None or last >= fight.round):
            made = len(fight.commands)
            said = f"{made} decision" + ("" if made == 1 else "s")
            text += f"(saved after {said}; arena run --resume plays on)\n"
        write_log(text, args.out)
    return 0


def _checked(args: argparse.Namespace, cat: Catalog) -> Fight:
    """The saved fight, once the options are checked: a bad one is refused before it loads.

    Raises:
        InputError: --big without --ui, an empty save name, a file --out may not write, or a
            save that does not load.
    """
    if args.big and not args.ui:
        raise InputError("--big: only with --ui")
    refuse_empty(args.save, "a save file")
    if args.out is not None:
        out = save_target(args.out, "--out")
        not_read_here(out, f"--out: {args.out}", [(args.save, "the save replayed")])
    try:
        return load_save(Path(args.save), cat)
    except SaveError as err:
        raise InputError(str(err)) from None


def _viewer(fight: Fight, cat: Catalog, *, big: bool) -> int:
    """The replay viewer on screen (Textual loads only here)."""
    from arena.cli.places import saves_folder
    from arena.ui.app import ArenaApp

    app = ArenaApp(cat, saves=saves_folder(None), replay_viewer=fight, big=big)
    app.run()
    return app.return_code or 0
