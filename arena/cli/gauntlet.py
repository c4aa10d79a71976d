"""`arena gauntlet`: fights in a row with injuries carried; ``--auto`` plays them headless."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from arena.cli.args import seed_arg, whole_arg
from arena.cli.checks import ENGINE_CHECKS
from arena.cli.common import catalog
from arena.cli.errors import InputError, refuse_empty, say_notes
from arena.cli.fold import fold
from arena.cli.level import add_level_arg
from arena.cli.places import checked_saves_folder
from arena.cli.targets import Read, refuse_read, shown_name, write_target
from arena.content.errors import escape_name
from arena.content.loader import Catalog
from arena.content.scenario_checks import level_problem
from arena.gauntlet import (
    GauntletError,
    Offer,
    RunState,
    daily_seed,
    new_run,
    offer,
    play_fight,
    rules_for,
)
from arena.gauntlet.auto import auto_batch, safest
from arena.gauntlet.checks import GAUNTLET_CHECKS
from arena.gauntlet.closing import record_run
from arena.gauntlet.morgue import cause, morgue_path, save_morgue
from arena.gauntlet.odds import odds_words, offer_odds
from arena.gauntlet.run import MAPS_MODES
from arena.gauntlet.saves import load_run, save_run
from arena.gauntlet.scores import FILE as SCORES_FILE
from arena.gauntlet.scores import load_scores, render_scores
from arena.sim.progress import ProgressBar

MAX_RUNS = 100_000
"""The most runs one batch plays."""
MAX_ODDS = 10_000
"""The most continuations one offer's chance to win plays."""
EPILOG = """examples:
  arena gauntlet --auto ai:garou --seed 7 --out morgue.md
  arena gauntlet --auto ai:sorcerer --ruleset sorcerer -n 200 --json
  arena gauntlet --auto ai:garou --daily --fights 2 --save run.json
  arena gauntlet --continue run.json --auto ai:garou
  arena gauntlet --auto ai:garou --seed 7 --offer-odds 60
  arena gauntlet --scores

--maps generated plays each fight on a map generated from the run's seed and the fight's
number (a group too large for a generated map's four spawn points a side keeps its own map);
a saved run keeps the maps it was started with.

A run is 7 fights of rising danger; before each, 3 fights are offered (--auto takes the
least dangerous). Rests, carried injuries and the end of a run follow the rulings in
content/gauntlet/rules.yaml. Run i of a batch has seed SHA-256("SEED/i"), as in arena sim.
--offer-odds K plays each offer's fight K times from the character's current state, as the
UI's offer screen does, and prints the share won: K more fights per offer, so a single run
only (in a batch of -n runs it would multiply the batch's cost).

exit status: 0 done, 2 bad input.
"""


def add_parser(sub: Any) -> Any:
    """Add the gauntlet subcommand and return its handler."""
    p = sub.add_parser(
        "gauntlet",
        help="a run of fights in a row with injuries carried; --auto plays it headless",
        description="Play a gauntlet: fights in a row, injuries carried, permadeath.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--ruleset", help="werewolf (default) or sorcerer")
    p.add_argument("--character", help="a character's id (default: the ruling's)")
    seed = p.add_mutually_exclusive_group()
    seed.add_argument("--seed", type=seed_arg, help="the run's seed (default 1)")
    seed.add_argument("--daily", action="store_true", help="the seed from today's date")
    p.add_argument("--auto", metavar="ai:POLICY", help="the AI plays the character")
    p.add_argument("--out", metavar="MORGUE.md", help="the morgue file (default: saves folder)")
    p.add_argument("-n", "--runs", type=whole_arg(1, MAX_RUNS), help="play N runs")
    p.add_argument("--json", action="store_true", help="with -n: the report as JSON")
    p.add_argument(
        "--fights",
        type=whole_arg(1, 20),
        help="stop after N more fights (no more than a run holds: 7 as shipped)",
    )
    p.add_argument(
        "--offer-odds",
        metavar="K",
        type=whole_arg(1, MAX_ODDS),
        help="print each offer's chance to win, from K fights played out (a single run only: "
        "off in -n batches, where it would multiply the cost)",
    )
    p.add_argument(
        "--maps",
        choices=MAPS_MODES,
        help="drawn: each group on its own map of content (default); generated: each fight on "
        "a map generated from the run's seed and the fight's number",
    )
    add_level_arg(p, "every opponent's difficulty level")
    p.add_argument("--save", metavar="RUN.json", help="save the run after each fight")
    p.add_argument("--continue", dest="resume", metavar="RUN.json", help="continue a saved run")
    p.add_argument("--scores", action="store_true", help="show the high-score table")
    p.add_argument("--saves", metavar="DIR", help="the saves folder (morgues, high scores)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on standard error")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Check the arguments, then play, report or show the table."""
    if args.scores:
        _refuse_with_scores(args)
    _fill_in(args)
    folder = checked_saves_folder(args.saves)
    if args.scores:
        try:
            table = load_scores(folder, strict=True)
        except GauntletError as err:
            raise InputError(str(err)) from None
        sys.stdout.write(render_scores(table) + "\n")
        return 0
    if args.auto is None and args.runs is None:
        return _by_hand(args, folder)
    if args.auto is None:  # -n without --auto: nobody would play the runs
        raise InputError(
            f"-n {args.runs}: missing --auto ai:POLICY, the AI that plays the runs; "
            f"known: {_known_policies()}"
        )
    # A run continued plays its save's ruleset, which the save's own checks hold it to.
    policy = _policy(args.auto, None if args.resume is not None else args.ruleset)
    if args.json and args.runs is None:
        raise InputError("--json goes with -n N (a batch of runs)")
    if args.runs is not None:
        given = _single_run_options(args)
        if given:
            raise InputError(f"{given[0]} goes with a single run, not with -n N")
    # Refused before the first fight, not after it; an empty name too, not taken for none.
    scores = Read(str(folder / SCORES_FILE), "the high-score table")
    scores_file = folder / SCORES_FILE  # a link into the content would have it written over
    refuse_read(scores_file, f"the high-score table {shown_name(str(scores_file))}")
    if args.save is not None:  # it may be the run continued: saved over after each fight
        write_target(args.save, "--save", [scores], writing="the run", same="a gauntlet save")
    if args.out is not None:
        continued = Read(args.resume, "the run continued")
        write_target(
            args.out,
            "--out",
            [continued, Read(args.save, "the file given to --save"), scores],
            writing="the morgue",
        )
    cat = catalog(checks=(*ENGINE_CHECKS, *GAUNTLET_CHECKS))
    seed = daily_seed() if args.daily else args.seed
    try:
        if args.runs is not None:
            return _batch(cat, args, seed, policy)
        load_scores(folder, strict=True)  # a damaged table is said now, not after the run
        return _single(cat, args, seed, policy, folder)
    except GauntletError as err:
        raise InputError(str(err)) from None


def _refuse_with_scores(args: argparse.Namespace) -> None:
    """Options of a run are refused with --scores, which plays none, never ignored.

    Raises:
        InputError: the first such option given.
    """
    run_options = (
        ("--ruleset", args.ruleset),
        ("--character", args.character),
        ("--seed", args.seed),
        ("--daily", args.daily or None),
        ("--auto", args.auto),
        ("--out", args.out),
        ("-n", args.runs),
        ("--json", args.json or None),
        ("--fights", args.fights),
        ("--offer-odds", args.offer_odds),
        ("--maps", args.maps),
        ("--level", args.level),
        ("--save", args.save),
        ("--continue", args.resume),
    )
    for option, value in run_options:
        if value is not None:
            raise InputError(f"{option}: not with --scores (it shows the table, and plays no run)")


def _fill_in(args: argparse.Namespace) -> None:
    """Give the run's ruleset, character and seed their defaults, unless a save has its own.

    Raises:
        InputError: one of them is given with --continue (the saved run has its own, which
            would be kept without a word), or --character or --continue is empty.
    """
    run_options = (
        ("--ruleset", args.ruleset),
        ("--character", args.character),
        ("--seed", args.seed),
        ("--daily", args.daily or None),
        ("--maps", args.maps),
        ("--level", args.level),
    )
    given = [option for option, value in run_options if value is not None]
    refuse_empty(args.resume, "a saved gauntlet run", "--continue")
    if args.resume is not None and given:
        raise InputError(f"{given[0]}: not with --continue (the saved run has its own)")
    if args.character == "":
        raise InputError("--character: an empty id (leave it out for the ruling's character)")
    args.ruleset = "werewolf" if args.ruleset is None else args.ruleset
    args.character = args.character or ""
    args.seed = 1 if args.seed is None else args.seed
    args.maps = args.maps or "drawn"


def _single_run_options(args: argparse.Namespace) -> list[str]:
    """The options given that only a single run the AI plays takes, in the order checked."""
    options = (
        ("--continue", args.resume),
        ("--save", args.save),
        ("--out", args.out),
        ("--fights", args.fights),
        ("--offer-odds", args.offer_odds),
    )
    return [o for o, v in options if v is not None]


def _by_hand(args: argparse.Namespace, folder: Path) -> int:
    """A person plays: the UI opens on the gauntlet's form, filled in from the options."""
    from arena.cli.play import web_driver

    headless = _single_run_options(args) + (["--json"] if args.json else [])
    if headless:
        raise InputError(f"{headless[0]} goes with --auto ai:POLICY (a run the AI plays)")
    cat = catalog(checks=(*ENGINE_CHECKS, *GAUNTLET_CHECKS))
    seed = daily_seed() if args.daily else args.seed
    try:
        new_run(cat, args.ruleset, seed, character=args.character)  # refused as --auto would be
    except GauntletError as err:
        raise InputError(str(err)) from None
    if not ((sys.stdout.isatty() and sys.stdin.isatty()) or web_driver()):
        raise InputError(
            "gauntlet: playing by hand needs a terminal; give --auto ai:POLICY to let the AI play"
        )
    from arena.ui.app import ArenaApp  # Textual loads only when the UI is shown
    from arena.ui.gauntlet_screen import GauntletPreset

    preset = GauntletPreset(args.ruleset, args.character, seed, args.maps, args.level or "")
    app = ArenaApp(cat, saves=folder, gauntlet=preset)
    app.run()
    return app.return_code or 0


def _policy(auto: str, ruleset: str | None) -> str:
    """The policy ``--auto`` names, without its ``ai:``, if it plays the run's ruleset.

    Raises:
        InputError: it names none; the known ones are listed, as ``arena sim --as`` lists them.
    """
    from arena.ai import unknown_policy  # checked before any fight starts

    if not auto.startswith("ai:") or auto == "ai:":
        known = _known_policies()
        raise InputError(f"--auto: expected ai:POLICY[/LEVEL], got {auto!r}; known: {known}")
    problem = level_problem(auto) or unknown_policy(auto, ruleset)
    if problem is not None:
        raise InputError(f"--auto: {problem}")
    return auto.removeprefix("ai:")


def _known_policies() -> str:
    """The AI policies ``--auto`` takes, as ``arena sim --as`` lists them: ``ai:thug, ...``."""
    from arena.ai import POLICIES

    return ", ".join(f"ai:{name}" for name in POLICIES)


def _batch(cat: Catalog, args: argparse.Namespace, seed: int, policy: str) -> int:
    progress = (
        None if args.quiet else ProgressBar(args.runs, sys.stderr, label="gauntlet", unit="runs")
    )
    report = auto_batch(
        cat,
        args.ruleset,
        seed,
        args.runs,
        character=args.character,
        policy=policy,
        progress=progress,
        maps=args.maps,
        level=args.level or "",
    )
    if progress is not None:
        progress.finish(args.runs)
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    won = report["fights_won"]
    text = (
        f"{report['runs']} runs ({report['ruleset']}, {report['character']}, "
        f"{report['policy']}): fights won {won['mean']:.2f} on average\n"
        + "".join(f"  {k} won: {v}\n" for k, v in won["distribution"].items())
        + "ends: "
        + ", ".join(f"{k} {v}" for k, v in report["ends"].items())
        + "\n"
    )
    sys.stdout.write(fold(text))
    return 0


def _single(cat: Catalog, args: argparse.Namespace, seed: int, policy: str, folder: Path) -> int:
    if args.resume:
        # Checked whole (its names, its fights, the fight under way, its digest) before a fight.
        notes: list[str] = []
        state = load_run(Path(args.resume), cat, notes)
        say_notes(notes)
        _policy(args.auto, state.ruleset)  # only now is the run's ruleset known
        state = RunState(**{**_fields(state), "policy": policy})
    else:
        state = new_run(
            cat,
            args.ruleset,
            seed,
            character=args.character,
            policy=policy,
            maps=args.maps,
            level=args.level or "",
        )
    if not args.out:  # the morgue's own name in the saves folder may be a link into content
        morgue = morgue_path(folder, state)
        refuse_read(morgue, f"the morgue {shown_name(str(morgue))}")
    most = rules_for(cat, state.ruleset).fights
    if args.fights is not None and args.fights > most:
        raise InputError(
            f"--fights: {args.fights} is more than a {state.ruleset} run holds ({most} fights); "
            "leave it out to play the run to its end"
        )
    played = 0
    while not state.over and (args.fights is None or played < args.fights):
        # A fight left under way (a person quit mid-fight) is fought on, not chosen again.
        if state.underway is not None:
            chosen = state.underway.group
        else:
            offered = offer(state, cat)
            if args.offer_odds:
                _print_odds(cat, state, offered, args.offer_odds)
            chosen = safest(state, offered).id
        state = play_fight(state, cat, chosen)
        played += 1
        r = state.records[-1]
        print(
            fold(f"fight {r.number}: {r.name}: {r.winner or 'draw'} in {r.rounds}; {r.after_fight}")
        )
        if args.save:
            try:
                save_run(state, cat.digest, Path(args.save))
            except OSError as err:
                said = f"{escape_name(args.save)}: {err.strerror or err}"  # says "cannot write"
                raise InputError(f"--save: {said}") from None
    name = _name(cat, state)
    out = Path(args.out) if args.out else morgue_path(folder, state)
    if state.over:
        print(fold(f"the run is over: {cause(state)}; {state.won} fights won"))
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        if state.over:
            record_run(folder, state, name, out)  # the morgue and the high score, or neither
        else:
            save_morgue(out, state, name)
    except OSError as err:
        table = folder / SCORES_FILE if state.over else None
        raise InputError(_unwritten(err, out, given=bool(args.out), table=table)) from None
    print(fold(f"morgue: {escape_name(str(out))}"))  # $ARENA_SAVES may hold an escape code
    return 0


def _unwritten(err: OSError, morgue: Path, *, given: bool, table: Path | None) -> str:
    """The file that could not be written and why, once; and what else was left unwritten.

    Args:
        err: the error; its ``filename`` is the file.
        morgue: the morgue file.
        given: the morgue file was given to --out (and is named so).
        table: the high-score table, when the run is over and goes in it with its morgue.
    """
    failed = str(err.filename)
    option = "--out: " if given and failed == str(morgue) else ""
    said = f"{option}{escape_name(failed)}: {err.strerror or err}"
    if table is None:
        return said
    if failed == str(table):
        return f"{said} (the run is not recorded: no morgue file was written either)"
    return f"{said} (the run is not recorded: the high-score table is left as it was)"


def _print_odds(cat: Catalog, state: RunState, offered: tuple[Offer, ...], fights: int) -> None:
    """Each offer's chance to win, in the order offered (the run takes the least dangerous)."""
    print(f"offers for fight {len(state.records) + 1}:")
    for index, o in enumerate(offered):
        odds = odds_words(offer_odds(state, cat, index, fights))
        print(fold(f"  {index + 1}. {o.group.name} (danger {o.danger}): {odds}"))


def _fields(state: RunState) -> dict[str, Any]:
    return {name: getattr(state, name) for name in RunState.__dataclass_fields__}


def _name(cat: Catalog, state: RunState) -> str:
    sheet = cat.section(state.ruleset, "characters")[state.character]
    return str(getattr(sheet, "name", state.character))
