"""``--ai-budget MS``: the look-ahead of each ``/expert`` decision, for run and play."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

from arena.cli.args import whole_arg
from arena.rules.lookahead import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, MS_PER_ROLLOUT

HELP: Final = (
    f"look-ahead per ai:POLICY/expert decision, 1 to {MAX_BUDGET_MS:,} ms "
    f"(default {DEFAULT_BUDGET_MS}; one rollout per {MS_PER_ROLLOUT} ms, a fixed count, "
    "so a seed plays the same fight on any machine)"
)

budget_arg = whole_arg(1, MAX_BUDGET_MS)
"""Parse --ai-budget; a bad value is a one-line usage error (exit 2)."""


def add_budget_arg(parser: Any) -> None:
    """Add --ai-budget MS to a subcommand's parser."""
    parser.add_argument(
        "--ai-budget", type=budget_arg, default=DEFAULT_BUDGET_MS, metavar="MS", help=HELP
    )


def apply_budget(args: argparse.Namespace) -> None:
    """Give the expert level the budget the command line asked for."""
    if args.ai_budget == DEFAULT_BUDGET_MS and "arena.engine.expert" not in sys.modules:
        return  # the engine's own default, never changed: nothing to load before the UI shows
    from arena.engine.expert import set_budget

    set_budget(args.ai_budget)
