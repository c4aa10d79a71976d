"""`arena sweep`: a scenario over every combination of a grid of changes, on the same seeds."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any

from arena.cli.args import whole_arg
from arena.cli.batch import (
    MAX_FIGHTS,
    add_batch_options,
    add_worker_options,
    batch_jobs,
    maps_per_map,
    progress_bar,
    write_report,
)
from arena.cli.checks import refuse_bad_levels, refuse_bad_settings
from arena.cli.cluster import EPILOG as CLUSTER
from arena.cli.cluster import opened
from arena.cli.common import catalog, scenario
from arena.cli.errors import InputError
from arena.cli.sim import _on_generated_maps
from arena.cli.sweep_plot import KINDS, chart_lines, png_ready, write_plot
from arena.cli.targets import STDIN, Read, write_target
from arena.content.files import is_there
from arena.content.loader import Catalog, default_content_root
from arena.sim import SimError
from arena.sim.grid import MAX_CELLS
from arena.sim.maps import PER_MAP
from arena.sim.plan import BatchPlan
from arena.sim.report import Report, maps_about
from arena.sim.sweep import make_sweep, sweep
from arena.sim.sweep_report import build_sweep_report, sweep_markdown, sweep_text

EPILOG = f"""examples:
  arena sweep werewolf-duel --grid tom.dexterity=2..5 -n 2000
  arena sweep werewolf-duel --grid tom.dexterity=2,4 --grid option.damage_tens=reroll,plain
  arena sweep sorcerer-duel --grid option.tie=stalemate,reroll --plot tie.svg
  arena sweep werewolf-duel --grid tom.dexterity=2..5 --cluster local:2 --json

--grid KEY=V1,V2,... takes the keys --vary of arena sim takes, each with a list of values;
A..B stands for the whole numbers A to B. Every combination of the grids' values is played
(at most {MAX_CELLS}), each on the same seeds as the scenario as it is (the base), so each
setting's difference from the base is paired, seed by seed:
  COMBATANT.TRAIT=2..5            a trait of a combatant (e.g. tom.dexterity=2..5)
  option.NAME=A,B                 a rules option
  preset=A,B                      a preset
  COMBATANT.controller=ai:A,ai:B  an AI policy, optionally with /easy, /hard or /expert

The report has a table per outcome (each side's win, a draw) with its share, its 95%
interval, and the paired difference from the base; and a table of lengths. In text, a chart
of the first side's win rate (--side chooses) follows. --plot FILE draws it: .svg and .html
need nothing more; .png needs matplotlib: pip install "arena-combat[png]".

-n counts the fights of each setting: a grid of 4 x 2 at -n 1000 plays 9,000 fights.
Ctrl-C stops the sweep after the fights being played and reports the first seeds that
finished, every setting on each.

{CLUSTER}
exit status: 0 done, 2 bad input, 130 interrupted (the report covers what finished).
"""


def add_parser(sub: Any) -> Any:
    """Add the sweep subcommand and return its handler."""
    p = sub.add_parser(
        "sweep",
        help="play a scenario over a grid of house rules and report each one's win rates",
        description=(
            "Play a scenario over every combination of a grid of changes, each on the same "
            "seeds as the scenario as it is, and report win rates, differences and lengths."
        ),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("scenario", help="a scenario file, or the name of a shipped one")
    p.add_argument("--grid", action="append", metavar="KEY=V1,V2,...", default=[], help="see below")
    add_batch_options(p, "fights a setting (default 1000)")
    p.add_argument("--plot", metavar="FILE", help="draw the win rates: .svg, .html or .png")
    p.add_argument(
        "--maps",
        choices=("drawn", "generated"),
        default="drawn",
        help="drawn: every fight on the scenario's map (default); generated: each group of "
        "--per-map seeds on its own generated map, the same map in every setting",
    )
    p.add_argument(
        "--per-map",
        type=whole_arg(1, MAX_FIGHTS),
        default=None,
        metavar="K",
        help=f"seeds on each generated map (only with --maps generated; default {PER_MAP})",
    )
    p.add_argument("--side", metavar="SIDE", help="the side whose win rate is drawn")
    add_worker_options(p)
    return handle


def handle(args: argparse.Namespace) -> int:
    """Check the arguments, play the sweep, print the report and draw it."""
    jobs = batch_jobs(args)
    per_map = maps_per_map(args)
    if not args.scenario:
        raise InputError("sweep: an empty name, not a scenario file or a shipped scenario's name")
    refuse_bad_levels("--grid", args.grid)
    cat = catalog()
    given = args.scenario
    if given != STDIN and not is_there(given):
        shipped = cat.scenario_files.get(given)  # a shipped name: its file in the content
        given = None if shipped is None else str(shipped)
    # Never draw over the scenario the sweep reads, nor into the content.
    plot = _plot_target(args.plot, [Read(given, "the scenario this sweep reads")])
    scen, source = scenario(args.scenario, cat)
    sides = list(dict.fromkeys(c.side for c in scen.combatants))
    side = sides[0] if args.side is None else args.side
    if side not in sides:
        raise InputError(f"--side {args.side}: not a side of {source}; sides: {', '.join(sides)}")
    refuse_bad_settings("--grid", args.grid, scen, source)
    try:
        plan = make_sweep(
            scen,
            cat,
            source=source,
            content_root=default_content_root(),
            fights=args.fights,
            grid=tuple(args.grid),
            seed=args.seed,
        )
        if args.maps == "generated":
            plan = dataclasses.replace(plan, batch=_on_maps(plan.batch, per_map, source, cat))
        plan = dataclasses.replace(
            plan, batch=dataclasses.replace(plan.batch, ai_budget=args.ai_budget)
        )
        with opened(args.cluster) as cluster:
            progress = progress_bar(args, plan.fights, "sweep")
            stats = sweep(plan, cat, jobs=jobs, progress=progress, cluster=cluster)
    except SimError as err:
        raise InputError(f"{source}: {err}") from None
    report = build_sweep_report(plan, stats)
    if progress is not None:
        progress.finish(report["fights"] * (len(plan.cells) + 1))
    write_report(args, report, sweep_markdown, lambda r: _text_and_chart(r, side))
    if plot is not None:
        write_plot(report, side, plot)
    return 130 if report["interrupted"] else 0


def _text_and_chart(report: Report, side: str) -> str:
    """The report in text, then the chart of one side's win rate."""
    return sweep_text(report) + "\n" + "\n".join(chart_lines(report, side)) + "\n"


def _plot_target(text: str | None, reads: list[Read]) -> Path | None:
    """Where ``--plot`` draws: a file of a kind it can write, checked before any fight.

    Raises:
        InputError: an unknown kind, or a name no file can be written at.
    """
    if text is None:
        return None
    path = write_target(text, "--plot", reads, writing="the plot")
    if path.suffix.lower() not in KINDS:
        raise InputError(f"--plot: {text}: draws {', '.join(KINDS)} files; name one of those")
    if path.suffix.lower() == ".png":
        png_ready()
    return path


def _on_maps(batch: BatchPlan, per_map: int, source: str, cat: Catalog) -> BatchPlan:
    """The sweep's batch on generated maps, which its report's notes say."""
    batch = _on_generated_maps(batch, per_map, source, cat)
    about = maps_about(batch)
    size = "x".join(str(n) for n in about["size"])
    note = (
        f"each group of {per_map} seeds played on its own generated map, the same in every "
        f"setting ({size}, {about['cover']} cover, styles {', '.join(about['styles'])}; "
        f"{about['seed_rule']})"
    )
    return dataclasses.replace(batch, notes=(*batch.notes, note))
