"""`arena sim`: many fights of one scenario, their statistics, and a paired comparison."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

from arena.cli.args import MAP_FORM, MAP_HELP, map_arg, whole_arg
from arena.cli.batch import (
    MAX_FIGHTS,
    add_batch_options,
    add_worker_options,
    batch_jobs,
    maps_per_map,
    write_report,
)
from arena.cli.checks import refuse_bad_levels, refuse_bad_settings
from arena.cli.cluster import EPILOG as CLUSTER
from arena.cli.cluster import opened
from arena.cli.common import catalog, on_map, refuse_placeless, scenario
from arena.cli.errors import InputError, refuse_empty, say_notes
from arena.cli.level import add_level_arg, at_level, levels_epilog
from arena.content.loader import Catalog, default_content_root
from arena.content.mapgen.seat import SeatError
from arena.content.scenario_checks import level_problem
from arena.engine.anytime import FIRST
from arena.engine.saves import newer_arena_notes
from arena.rules.lookahead import DEFAULT_BUDGET_MS, MS_PER_ROLLOUT
from arena.sim import (
    SimError,
    make_plan,
    make_plan_from,
    simulate,
    to_markdown,
    to_text,
)
from arena.sim.maps import PER_MAP, MapsPlan, map_params, setup_on_map
from arena.sim.origin import with_text
from arena.sim.plan import BatchPlan
from arena.sim.progress import ChanceProgress, ProgressBar

EPILOG = f"""examples:
  arena sim werewolf-duel -n 2000
  arena sim my-fight.yaml -n 500 --seed 3 --jobs 2 --json
  arena sim werewolf-duel -n 1000 --vary tom.strength=5
  arena sim werewolf-duel -n 1000 --vary vilna.controller=ai:random --markdown
  arena sim --from duel.yaml -n 500 --jobs 2 --as ai:garou

--vary takes one or more KEY=VALUE changes, all made to a second batch on the same seeds:
  COMBATANT.TRAIT=N               a trait of a combatant (e.g. tom.dexterity=4)
  option.NAME=VALUE               a rules option
  preset=NAME                     a preset
  COMBATANT.controller=ai:POLICY  an AI policy, optionally with /easy, /hard or /expert

An /expert policy looks ahead: at a decision with more than one sensible choice it plays each
on copies of the fight for a few rounds with the tactical policies and keeps the best.
--ai-budget MS (default {DEFAULT_BUDGET_MS}) buys one rollout per {MS_PER_ROLLOUT} ms:
a fixed number, so the same seed plays the same fight on any machine.

Fight i of a batch is played with the first 63 bits of SHA-256("SEED/i"), so the same
command gives the same report. Rigged faces are not dealt; scripted and human combatants
are played by ai:nearest. Ctrl-C stops the batch after the fights being played and reports
the first fights of the batch that finished (those a worker finished after one not played
are left out, and counted, so the figures are those of -n with that many fights).

--from SAVE continues a saved fight N times from its saved moment instead: the save replays
with its own dice, then continuation i rolls its own (seeded as fight i above, from --seed or
the save's seed). Its progress shows each side's chance to win so far with its 95% interval,
over the first fights in seed order: a first figure from 4 continuations played at once in
this process, then sharpened as the workers' continuations come in. People in the save are
played by --as ai:POLICY (default: each one's tactical policy: garou, bane, fomor, sorcerer,
demon or thug), scripts by their tactical policy. A save of a fight already over has nothing
to continue: sim says who won and exits 2.

{levels_epilog()}
{CLUSTER}
exit status: 0 done, 2 bad input, 130 interrupted (the report covers what finished).
"""


def add_parser(sub: Any) -> Any:
    """Add the sim subcommand and return its handler."""
    p = sub.add_parser(
        "sim",
        help="play a scenario many times and report win rates, lengths and injuries",
        description="Play one scenario many times on worker processes and report statistics.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scenario", nargs="?", help="a scenario file, or the name of a shipped one")
    p.add_argument("--from", dest="origin", metavar="SAVE", help="continue a saved fight")
    p.add_argument("--as", dest="person", metavar="ai:POLICY", help="who plays people (--from)")
    add_batch_options(p, f"default 1000, at most {MAX_FIGHTS:,}")
    p.add_argument(
        "--vary", nargs="+", action="extend", metavar="KEY=VALUE", default=[], help="see below"
    )
    p.add_argument(
        "--map",
        dest="map_params",
        type=map_arg,
        metavar=MAP_FORM,
        help=MAP_HELP,
    )
    p.add_argument(
        "--maps",
        choices=("drawn", "generated"),
        default="drawn",
        help="drawn: every fight on the scenario's map (default); generated: each group of "
        "--per-map fights on its own generated map, and the report says how much the map "
        "moves the win rate",
    )
    p.add_argument(
        "--per-map",
        type=whole_arg(1, MAX_FIGHTS),
        default=None,
        metavar="K",
        help=f"fights on each generated map (only with --maps generated; default {PER_MAP})",
    )
    add_level_arg(p)
    add_worker_options(p)
    return handle


def _on_generated_maps(plan: BatchPlan, per_map: int, source: str, cat: Catalog) -> BatchPlan:
    """The plan on generated maps, once its first map is seen to seat the scenario.

    Raises:
        InputError: the scenario has tasks on its own map's cells, its sides do not fit, or the
            content gives its fights no place on a generated map.
    """
    maps = MapsPlan(per_map=per_map)
    if plan.base.scenario.tasks:
        raise InputError(f"--maps generated: {source}: its tasks name cells of its own map")
    refuse_placeless(plan.base.scenario.ruleset, cat, "--maps generated")
    try:
        setup_on_map(plan.base, map_params(maps, plan.seed, 0))
    except SeatError as err:
        raise InputError(f"--maps generated: {source}: {err}") from None
    return dataclasses.replace(plan, maps=maps)


def handle(args: argparse.Namespace) -> int:
    """Check the arguments, play the batch, print the report."""
    jobs = batch_jobs(args)
    per_map = maps_per_map(args)
    if (args.scenario is None) == (args.origin is None):
        raise InputError("sim: give a scenario, or --from SAVE, but not both")
    if args.maps == "generated" and args.origin is not None:
        raise InputError("--maps generated: not with --from (a save's fight has its map)")
    if args.maps == "generated" and args.map_params is not None:
        raise InputError("--maps generated: not with --map (one map, or a map for each group)")
    if args.origin is not None and args.map_params is not None:
        raise InputError("--map: not with --from (a save's fight is already set up)")
    if args.origin is not None and args.vary:
        raise InputError("--vary: not with --from (a save's fight is already set up)")
    seen: dict[str, str] = {}
    for text in args.vary:
        key = text.partition("=")[0]
        if key in seen:
            raise InputError(f"--vary {key}: given twice ({seen[key]!r} and {text!r})")
        seen[key] = text
    if args.level is not None and args.origin is not None:
        raise InputError("--level: not with --from (the save names who plays each fighter)")
    if args.person is not None and args.origin is None:
        raise InputError("--as: only with --from SAVE")
    refuse_bad_levels("--vary", args.vary)
    if args.person is not None and level_problem(args.person) is not None:
        raise InputError(f"--as: {level_problem(args.person)}")
    refuse_empty(args.origin, "a save file", "--from")
    cat = catalog()
    try:
        if args.origin is not None:
            source = args.origin
            plan = make_plan_from(
                Path(args.origin),
                cat,
                content_root=default_content_root(),
                fights=args.fights,
                seed=args.seed,
                person=args.person,
            )
            say_notes(newer_arena_notes(Path(args.origin)))
        else:
            scen, source = scenario(args.scenario, cat)
            scen = on_map(scen, args.map_params, source, cat)
            scen = at_level(scen, args.level)
            refuse_bad_settings("--vary", args.vary, scen, source)
            plan = make_plan(
                scen,
                cat,
                source=source,
                content_root=default_content_root(),
                fights=args.fights,
                seed=args.seed,
                changes=tuple(args.vary),
            )
        plan = dataclasses.replace(plan, ai_budget=args.ai_budget)
        if args.maps == "generated":
            plan = _on_generated_maps(plan, per_map, source, cat)
        with opened(args.cluster) as cluster:
            if cluster is not None and plan.origin is not None:
                # The save travels as text: workers elsewhere cannot read this machine's files.
                plan = dataclasses.replace(plan, origin=with_text(plan.origin))
            progress: ProgressBar | None = None
            running: ChanceProgress | None = None
            if args.quiet:
                pass
            elif plan.origin is not None:  # each side's chance so far, as the panel shows it
                sides = tuple(dict.fromkeys(c.side for c in plan.base.scenario.combatants))
                running = ChanceProgress(plan.fights, sys.stderr, sides, first=FIRST[0])
            else:
                progress = ProgressBar(plan.fights, sys.stderr)
            outcome = simulate(
                plan, cat, jobs=jobs, progress=progress, cluster=cluster, running=running
            )
    except SimError as err:
        if args.origin is not None and str(err).startswith("--"):
            raise InputError(str(err)) from None  # it names the save, or is about --as
        raise InputError(f"{source}: {err}") from None
    for shown in (progress, running):
        if shown is not None:
            shown.finish(outcome.report["fights"])
    write_report(args, outcome.report, to_markdown, to_text)
    return 130 if outcome.interrupted else 0
