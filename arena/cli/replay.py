"""`arena replay SAVE`: a saved fight's log, checked as `--resume` checks it, played no further."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from arena.cli.args import whole_arg
from arena.cli.coaching import (
    add_coach_args,
    check_coach_args,
    coach_text,
    record,
    wanted,
    with_decisions,
)
from arena.cli.common import catalog
from arena.cli.errors import InputError, refuse_empty, say_notes
from arena.cli.logs import FORMATS, render_log, stopped_line, write_log
from arena.cli.targets import Read, write_target
from arena.content.bounds import ROUNDS_MAX
from arena.engine import Fight, SaveError, load_save
from arena.engine.setup import Catalog

EPILOG = """examples:
  arena replay duel.yaml
  arena replay duel.yaml --format markdown --out duel.md
  arena replay duel.yaml --to-round 2 --format jsonl
  arena replay duel.yaml --coach --coach-budget 100 --jobs 2
  arena replay duel.yaml --format jsonl --decisions --coach

--coach ranks every legal choice of each decision a person or a script answered in the save by
its chance to win, on the same dice for every choice, and lists the decisions that cost the most
(see arena run --help). --decisions (with --format jsonl) writes each such decision's record.

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
        type=whole_arg(1, ROUNDS_MAX),
        metavar="N",
        help=f"stop the log after round (or turn) N, 1-{ROUNDS_MAX}",
    )
    p.add_argument("--out", help="write the log to this file instead of standard output")
    p.add_argument("--ui", action="store_true", help="step through it on screen, back and forth")
    p.add_argument("--big", action="store_true", help="with --ui: projector mode")
    add_coach_args(p, decisions=True)
    return handle


def check(args: argparse.Namespace) -> None:
    """What `arena serve replay ...` checks before it serves: the options and the save.

    Raises:
        InputError: as `arena replay` itself would refuse them.
    """
    _checked(args, catalog()).close()


def handle(args: argparse.Namespace) -> int:
    """Load and check the save, print its log."""
    _refuse_coach_on_screen(args)
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
            text += stopped_line(args.format, len(fight.commands), "saved")
        if wanted(args):
            found = record(fight, args, last)
            if args.format == "jsonl":
                text = with_decisions(text, found, coached=args.coach)
            else:
                text += coach_text(found)
        write_log(text, args.out, args.format)
    return 0


def _checked(args: argparse.Namespace, cat: Catalog) -> Fight:
    """The saved fight, once the options are checked: a bad one is refused before it loads.

    Raises:
        InputError: --big without --ui, an empty save name, a file --out may not write, or a
            save that does not load.
    """
    if args.big and not args.ui:
        raise InputError("--big: only with --ui")
    check_coach_args(args)
    _refuse_coach_on_screen(args)
    refuse_empty(args.save, "a save file")
    if args.out is not None:
        write_target(args.out, "--out", [Read(args.save, "the save replayed")], writing="the log")
    notes: list[str] = []
    try:
        fight = load_save(Path(args.save), cat, notes)
    except SaveError as err:
        raise InputError(str(err)) from None
    say_notes(notes)
    return fight


def _refuse_coach_on_screen(args: argparse.Namespace) -> None:
    """--coach and --decisions write to the log, which the viewer does not print."""
    if getattr(args, "ui", False) and wanted(args):
        raise InputError("--coach and --decisions: not with --ui (on screen, F ranks the choices)")


def _viewer(fight: Fight, cat: Catalog, *, big: bool) -> int:
    """The replay viewer on screen (Textual loads only here)."""
    from arena.cli.places import checked_saves_folder
    from arena.ui.app import ArenaApp

    app = ArenaApp(cat, saves=checked_saves_folder(None), replay_viewer=fight, big=big)
    app.run()
    return app.return_code or 0
