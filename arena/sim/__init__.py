"""Batch simulation: many fights of one scenario on worker processes, streamed statistics."""

from __future__ import annotations

from arena.sim.batch import default_jobs, play, run_batch
from arena.sim.errors import SimError
from arena.sim.origin import Origin
from arena.sim.plan import BatchPlan, derive_seed, make_plan, make_plan_from
from arena.sim.render import to_markdown, to_text
from arena.sim.report import Report, build_report
from arena.sim.simulate import Outcome, simulate
from arena.sim.stats import Interval, wilson
from arena.sim.summary import FightSummary, summarize, summarize_ending
from arena.sim.vary import Change, Setup, parse_change

__all__ = [
    "BatchPlan",
    "Change",
    "FightSummary",
    "Interval",
    "Origin",
    "Outcome",
    "Report",
    "Setup",
    "SimError",
    "build_report",
    "default_jobs",
    "derive_seed",
    "make_plan",
    "make_plan_from",
    "parse_change",
    "play",
    "run_batch",
    "simulate",
    "summarize",
    "summarize_ending",
    "to_markdown",
    "to_text",
    "wilson",
]
