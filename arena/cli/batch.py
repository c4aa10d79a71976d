"""The options ``sim`` and ``sweep`` share, and their checks: fights, seed, workers, output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, Final

from arena.cli.args import seed_arg, whole_arg
from arena.cli.budget import add_budget_arg
from arena.cli.cluster import add_cluster_option
from arena.cli.errors import InputError
from arena.cli.fold import fold
from arena.sim import default_jobs
from arena.sim.maps import PER_MAP
from arena.sim.progress import ProgressBar
from arena.sim.report import Report

MAX_JOBS: Final = 256
"""The most worker processes a batch may start."""
MAX_FIGHTS: Final = 1_000_000
"""The most fights in a batch (in a sweep, a setting)."""


def add_batch_options(parser: Any, fights_help: str) -> None:
    """Add ``-n``, ``--seed``, ``--jobs`` and ``--json``/``--markdown`` to a subcommand."""
    parser.add_argument(
        "-n",
        "--fights",
        type=whole_arg(1, MAX_FIGHTS),
        default=1000,
        metavar="N",
        help=fights_help,
    )
    parser.add_argument("--seed", type=seed_arg, help="the base seed (default: the scenario's)")
    parser.add_argument(
        "--jobs",
        type=whole_arg(1, MAX_JOBS),
        metavar="J",
        help=f"worker processes, 1 to {MAX_JOBS} (default: all cores)",
    )
    fmt = parser.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print the report as JSON")
    fmt.add_argument("--markdown", action="store_true", help="print the report as Markdown")


def add_worker_options(parser: Any) -> None:
    """Add ``--ai-budget``, ``--cluster`` and ``--quiet`` to a subcommand."""
    add_budget_arg(parser)
    add_cluster_option(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress on standard error")


def maps_per_map(args: argparse.Namespace) -> int:
    """The fights (or seeds) on each generated map, once --per-map is seen to go with them.

    Raises:
        InputError: --per-map was given without --maps generated, where it would do nothing.
    """
    if args.maps != "generated":
        if args.per_map is not None:
            raise InputError(
                "--per-map: only with --maps generated (the drawn map holds every fight)"
            )
        return PER_MAP
    return PER_MAP if args.per_map is None else int(args.per_map)


def batch_jobs(args: argparse.Namespace) -> int:
    """The worker processes the batch starts: ``--jobs``, or one per core.

    Raises:
        InputError: ``--jobs`` given with ``--cluster``, whose workers play the fights.
    """
    if args.cluster is not None and args.jobs is not None:
        raise InputError("--jobs: not with --cluster (the cluster's workers play the fights)")
    return default_jobs() if args.jobs is None else int(args.jobs)


def progress_bar(args: argparse.Namespace, fights: int, label: str) -> ProgressBar | None:
    """The progress bar on standard error, or None under ``--quiet``."""
    return None if args.quiet else ProgressBar(fights, sys.stderr, label=label)


def write_report(
    args: argparse.Namespace,
    report: Report,
    markdown: Callable[[Report], str],
    text: Callable[[Report], str],
) -> None:
    """Print the report in the format asked for: JSON, Markdown or text (folded to 80 columns)."""
    if args.json:
        out = json.dumps(report, indent=2) + "\n"
    elif args.markdown:
        out = markdown(report)
    else:
        out = fold(text(report))
    sys.stdout.write(out)
