"""`arena run`: one headless fight, its log explained, its expectations checked."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Final

from arena.cli.args import MAP_FORM, MAP_HELP, faces_arg, map_arg, seed_arg, whole_arg
from arena.cli.budget import add_budget_arg, apply_budget
from arena.cli.coaching import (
    add_coach_args,
    check_coach_args,
    coach_text,
    record,
    wanted,
    with_decisions,
)
from arena.cli.common import catalog, on_map, scenario, write_save
from arena.cli.errors import InputError, refuse_empty, say_notes
from arena.cli.level import add_level_arg, at_level, levels_epilog
from arena.cli.logs import FORMATS, render_log, stopped_line, write_log
from arena.cli.targets import STDIN, Read, shown_name, write_target
from arena.content.files import is_there
from arena.content.loader import Catalog
from arena.content.scenario import plain_faces
from arena.engine import (
    Controllers,
    Decision,
    DiceExhausted,
    Fight,
    IllegalCommand,
    RiggedDice,
    SaveError,
    ScriptError,
    check_expectations,
    count_checks,
    load_save,
)
from arena.rules.dice import RiggedMismatch

STOP_AFTER = whole_arg(1, 1_000_000)
"""Decisions before a stopped fight is saved."""
EPILOG = """examples:
  arena run my-fight.yaml
  arena run werewolf-duel --seed 3 --format markdown --out duel.md
  arena run werewolf-duel --dice 9,9,2,8 --save duel.yaml --stop-after 4
  arena run --resume duel.yaml
  arena run --resume duel.yaml --save duel.yaml --stop-after 8
  arena run werewolf-duel --ai-budget 400    (for combatants played by ai:POLICY/expert)
  arena run werewolf-thugs --level hard      (every AI fighter at the hard level)
  arena run werewolf-w20 --coach --coach-budget 40 --jobs 2
  arena run werewolf-w20 --format jsonl --decisions --coach

--coach ranks every legal choice of each decision a person or a script answered by its chance
to win: each choice is played on the same continuations (the same dice), the gap to the best
comes with its paired standard error, and the log ends with the decisions that cost the most.
--decisions (with --format jsonl) writes a "decision" object before each such answer's events:
who, its kind, every legal choice's rolls and exact chance, the one taken (docs/events.md).

--save FILE is written once the fight has played (to its end, or to --stop-after) without an
error, and replaces a file already there in one step. So --resume SAVE --save SAVE keeps one
save up to date, and a fight that stops on an error (a script's illegal key, rigged dice
that do not fit) leaves SAVE as it was. --out may not name the save resumed or saved.

{LEVELS}
exit status: 0 the fight ran (and met its expect: block), 1 it did not meet it, 2 bad input.
"""


def add_parser(sub: Any) -> Any:
    """Add the run subcommand and return its handler."""
    p = sub.add_parser(
        "run",
        help="play one scenario headless and print its log",
        description="Play one scenario without a screen: every step explained in the log.",
        epilog=EPILOG.replace("{LEVELS}", levels_epilog()),
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
    p.add_argument(
        "--save", metavar="FILE", help="save the fight to this file (it may be the one resumed)"
    )
    p.add_argument(
        "--stop-after", type=STOP_AFTER, metavar="N", help="stop after N decisions (with --save)"
    )
    p.add_argument(
        "--map",
        dest="map_params",
        type=map_arg,
        metavar=MAP_FORM,
        help=MAP_HELP,
    )
    add_budget_arg(p)
    add_coach_args(p, decisions=True)
    add_level_arg(p)
    return handle


def handle(args: argparse.Namespace) -> int:
    """Run the fight; print the log; check the expect: block."""
    apply_budget(args)
    check_coach_args(args)
    cat = catalog()
    if args.resume is not None:
        refuse_empty(args.resume, "a save file", "--resume")
        if args.scenario is not None or args.seed is not None or args.dice or args.map_params:
            raise InputError(
                "--resume takes no scenario, --seed, --dice or --map: the save has them"
            )
        if args.level is not None:
            raise InputError("--level: not with --resume (the save names who plays each fighter)")
        notes: list[str] = []
        try:
            fight = load_save(Path(args.resume), cat, notes)
        except SaveError as err:
            raise InputError(str(err)) from None
        say_notes(notes)
        source = args.resume
    else:
        if args.scenario is None:
            raise InputError("run: give a scenario file or name (see arena run --help)")
        scen, source = scenario(args.scenario, cat)
        scen = on_map(scen, args.map_params, source, cat)
        scen = at_level(scen, args.level)
        rigged = args.dice or None
        try:
            fight = Fight(scen, cat, seed=args.seed, rigged=rigged)
        except ValueError as err:
            raise InputError(f"{source}: {err}") from None
    if args.stop_after is not None and args.save is None:
        raise InputError("--stop-after needs --save FILE")
    save_to = _targets(args, cat)
    refused = _play(fight, source, args.stop_after)
    unused, mismatch = _unused_rigged(fight, source)
    refused = refused or mismatch
    # Saved only once the fight has played on without an error, in one step: a save resumed
    # and saved to again is replaced by the longer fight, or left as it was.
    if save_to is not None and refused is None:
        write_save(fight, save_to)
    text = _log(fight, source, args.format, stopped=refused is None)
    if wanted(args) and refused is None:
        found = record(fight, args)
        if args.format == "jsonl":
            text = with_decisions(text, found, coached=args.coach)
        else:
            text += coach_text(found)
    write_log(text, args.out, args.format)
    if refused is not None:
        raise InputError(refused)
    return _left_over(fight, source, unused) or _check(fight, source)


def _targets(args: argparse.Namespace, cat: Catalog) -> Path | None:
    """Where --save goes; both it and --out checked before the fight, so a refusal writes nothing.

    Raises:
        InputError: either cannot be written, or would replace the scenario (its file, a
            shipped one's, or standard input's), the save read, the content, or each other
            (``--resume`` and ``--save`` may name the same save).
    """
    given = args.scenario if args.resume is None else None
    if given is not None and given != STDIN and not is_there(given):
        shipped = cat.scenario_files.get(given)  # a shipped name: its file in the content
        given = None if shipped is None else str(shipped)
    scenario_read = Read(given, "the scenario run")
    save_to = None
    if args.save is not None:
        save_to = write_target(
            args.save, "--save", [scenario_read], writing="the fight", same="a saved fight"
        )
    if args.out is not None:
        reads = [
            scenario_read,
            Read(args.resume, "the save resumed"),
            Read(args.save, "the file given to --save"),
        ]
        write_target(args.out, "--out", reads, writing="the log")
    return save_to


def _check(fight: Fight, source: str) -> int:
    expect = fight.scenario.expect
    if not fight.over or expect is None:
        return 0
    faces = plain_faces(fight.scenario.rigged)
    own_dice = fight.seed != fight.scenario.seed or fight.rigged != faces
    if own_dice:
        print("expect: not checked (seed or dice overridden)", file=sys.stderr)
        return 0
    diffs = check_expectations(expect, fight.view(), fight.events)
    if diffs:
        print(f"{shown_name(source)}: the fight did not meet its expect: block:", file=sys.stderr)
        for line in diffs:
            print(f"  {line}", file=sys.stderr)
        print(f"expect: not met ({len(diffs)} of {count_checks(expect)} checks)", file=sys.stderr)
        return 1
    n = count_checks(expect)
    print(f"expect: met ({n} check{'' if n == 1 else 's'})", file=sys.stderr)
    return 0


def _unused_rigged(fight: Fight, source: str) -> tuple[tuple[str, ...], str | None]:
    """What a finished fight left of its rigged dice, or why its last labelled roll was wrong.

    Returns:
        A line for each rigged thing never dealt, and the refusal of a labelled roll that
        dealt only part of its faces (None when there is none).
    """
    if not fight.over or not isinstance(fight.dice, RiggedDice):
        return (), None
    try:
        return fight.dice.left_over(), None
    except RiggedMismatch as err:
        return (), f"{shown_name(source)}: {err}"


def _left_over(fight: Fight, source: str, lines: tuple[str, ...]) -> int:
    """Rigged faces or labelled rolls the fight never dealt: ignored, a warning, or a failure."""
    mode = fight.scenario.when_rigged_left_over
    if not lines or mode == "ignore" or fight.rigged != plain_faces(fight.scenario.rigged):
        return 0
    for line in lines:
        print(f"{shown_name(source)}: {line}", file=sys.stderr)
    return 1 if mode == "error" else 0


def _play(fight: Fight, source: str, stop_after: int | None) -> str | None:
    """Play headless; a script's illegal key ends the log with ``script_refused`` (returned)."""
    try:
        # Headless: nobody is at the keyboard, so the AI answers people's decisions too.
        _run_telling(Controllers(fight, watch=True), fight, source, stop_after)
    except ScriptError as err:
        fight.refuse_script(err)
        return _script_refusal(fight, err, source)
    except RiggedMismatch as err:
        raise InputError(f"{source}: {err}") from None
    except DiceExhausted as err:
        raise InputError(f"{source}: rigged: {err} (when_rigged_runs_out: error)") from None
    except IllegalCommand as err:
        raise InputError(f"{source}: {err}") from None
    return None


MOVES_SHOWN: Final = 6
"""A refused script entry's message lists this many moves; the log's event holds them all."""


def _script_refusal(fight: Fight, err: ScriptError, source: str) -> str:
    """The refusal as ``arena validate`` names an entry: ``file:line: combatants[1].script[0]``.

    The engine names the combatant by id; the scenario knows where its file wrote the entry.
    """
    decision = err.decision
    if decision is None or not err.where:  # of no one entry: said as it is
        return f"{source}: {err}"
    index = next(i for i, c in enumerate(fight.scenario.combatants) if c.id == decision.actor)
    key = f"combatants[{index}].{err.where}"
    lines = fight.scenario.script_lines
    place = lines.at(key) if lines is not None else f"{source}: {key}"
    return f"{place}: {err.problem}; legal: {_legal(decision)}"


def _legal(decision: Decision) -> str:
    """The legal keys, all but the moves past the first `MOVES_SHOWN` (a map has many)."""
    keys = [choice.key for choice in decision.choices]
    moves = [choice.key for choice in decision.choices if "move" in choice.tags]
    if len(moves) <= MOVES_SHOWN:
        return ", ".join(keys)
    hidden = set(moves[MOVES_SHOWN:])
    shown = [key for key in keys if key not in hidden]
    return ", ".join(shown) + f" and {len(moves) - MOVES_SHOWN} more moves"


PROGRESS_EVERY: Final = 1.0
"""Seconds between progress lines on standard error while a long fight plays."""


def _run_telling(
    controllers: Controllers, fight: Fight, source: str, stop_after: int | None
) -> None:
    """Play on; a fight that takes more than a second says on standard error how far it got.

    The log itself is written at the end (a Markdown or JSON lines log is one document).
    """
    fight.start()
    told = time.monotonic()

    def progress(_: object) -> None:
        nonlocal told
        now = time.monotonic()
        if now - told >= PROGRESS_EVERY:
            told = now
            most = fight.scenario.max_rounds
            print(
                f"{shown_name(source)}: round {fight.round} of at most {most}...", file=sys.stderr
            )

    controllers.run(stop_after=stop_after, told=progress)


def _log(fight: Fight, source: str, fmt: str, *, stopped: bool) -> str:
    text = render_log(fight, source, fmt)
    if not fight.over and stopped:
        text += stopped_line(fmt, len(fight.commands), "stop_after")
    return text
