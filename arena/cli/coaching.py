"""``--coach`` and ``--decisions`` for `arena run` and `arena replay`: the answered decisions.

Text logs end with the coach's rankings and the costliest decisions; JSON lines logs carry a
``decision`` object before the events of each answer (see docs/events.md), and with ``--coach``
a ``coach_summary`` object last. Both hold the same numbers.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, Final

from arena.cli.args import whole_arg
from arena.cli.errors import InputError
from arena.engine import Fight
from arena.engine.coach import MOST_PER_CHOICE, PER_CHOICE, ChoiceOdds, Coaching, costliest
from arena.engine.decisions import Answered, answered

MAX_JOBS: Final = 64
"""The most worker processes the coach may start."""
SHOWN_COSTS: Final = 3
"""The costliest decisions the summary lists."""
TOLD_EVERY: Final = 1.0
"""Seconds between progress lines on standard error while the coach works."""


def add_coach_args(p: Any, *, decisions: bool) -> None:
    """Add --coach, --coach-budget and --jobs (and --decisions for run) to a parser."""
    p.add_argument(
        "--coach",
        action="store_true",
        help="rank every legal choice of each decision a person or script answered by its "
        "chance to win (the same dice for each), and list the costliest",
    )
    p.add_argument(
        "--coach-budget",
        type=whole_arg(1, MOST_PER_CHOICE),
        metavar="N",
        help=f"with --coach: continuations per choice, 1 to {MOST_PER_CHOICE:,} "
        f"(default {PER_CHOICE})",
    )
    p.add_argument(
        "--jobs",
        type=whole_arg(1, MAX_JOBS),
        metavar="J",
        help=f"with --coach: worker processes, 1 to {MAX_JOBS} (default 1; the same figures)",
    )
    if decisions:
        p.add_argument(
            "--decisions",
            action="store_true",
            help="with --format jsonl: a record of each decision a person or script answered",
        )


def check_coach_args(args: argparse.Namespace) -> None:
    """Refuse option combinations that mean nothing, before anything is played or written.

    Raises:
        InputError: --coach-budget or --jobs without --coach, --decisions without jsonl,
            --coach with Markdown.
    """
    coach = getattr(args, "coach", False)
    if getattr(args, "coach_budget", None) is not None and not coach:
        raise InputError("--coach-budget: only with --coach")
    if getattr(args, "jobs", None) is not None and not coach:
        raise InputError("--jobs: only with --coach (the fight itself plays in one process)")
    if getattr(args, "decisions", False) and args.format != "jsonl":
        raise InputError(f"--decisions: only with --format jsonl, not {args.format}")
    if coach and args.format == "markdown":
        raise InputError("--coach: with --format text or jsonl, not markdown")


def wanted(args: argparse.Namespace) -> bool:
    """True if the log should carry the answered decisions."""
    return bool(getattr(args, "coach", False) or getattr(args, "decisions", False))


def record(fight: Fight, args: argparse.Namespace, last_round: int | None = None) -> list[Answered]:
    """The fight's answered decisions, coached if asked (up to ``last_round`` if given)."""
    per_choice = (args.coach_budget or PER_CHOICE) if args.coach else 0
    jobs = args.jobs or 1
    told = _Told()
    with _pool(jobs if per_choice else 1) as pool:
        found = answered(fight, coach_with=per_choice, pool=pool, jobs=jobs, told=told)
    told.finish()
    return [a for a in found if last_round is None or a.round <= last_round]


@contextmanager
def _pool(jobs: int) -> Iterator[Executor | None]:
    """Worker processes for the coach (None: it plays in this process)."""
    if jobs <= 1:
        yield None
        return
    safe = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    context = multiprocessing.get_context("fork" if safe else "spawn")
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        yield pool


class _Told:
    """Progress on standard error, at most once a second, while decisions are coached."""

    def __init__(self) -> None:
        self.at = time.monotonic()
        self.said = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.at >= TOLD_EVERY:
            self.at = now
            self.said = True
            print(f"coach: {done} of {total} decisions...", file=sys.stderr)

    def finish(self) -> None:
        if self.said:
            print("coach: done", file=sys.stderr)


def decision_object(item: Answered) -> dict[str, Any]:
    """An answered decision as the JSON lines log holds it (fields, never sentences to parse)."""
    record: dict[str, Any] = dataclasses.asdict(item)
    coaching = record.pop("coaching")
    by_key = {c["key"]: c for c in coaching["choices"]} if coaching else {}
    for choice in record["choices"]:
        choice["rolls"] = [{k: v for k, v in r.items() if v is not None} for r in choice["rolls"]]
        odds = by_key.pop(choice["key"], None)
        if coaching is not None:
            choice["win"] = _win(odds)
    if coaching is not None:
        record["coach"] = {
            "continuations": coaching["continuations"],
            "ranked": [c["key"] for c in coaching["choices"]],
            "cost": item.coaching.cost if item.coaching else 0.0,
        }
    return {"decision": record}


def _win(odds: dict[str, Any] | None) -> dict[str, Any] | None:
    if odds is None:
        return None
    return {k: odds[k] for k in ("wins", "fights", "share", "low", "high", "gap", "noise", "clear")}


def summary_object(found: list[Answered]) -> dict[str, Any]:
    """The coach's summary: the costliest decisions, dearest first."""
    return {"coach_summary": {"costliest": [_cost_fields(c) for c in _dearest(found)]}}


def _dearest(found: list[Answered]) -> list[Coaching]:
    return costliest([a.coaching for a in found if a.coaching is not None], SHOWN_COSTS)


def _cost_fields(c: Coaching) -> dict[str, Any]:
    best, chosen = c.best, c.chosen
    if best is None or chosen is None:  # a decision that cost has both
        raise ValueError("a decision that cost nothing has no cost to tell")
    return {
        "round": c.round,
        "command": c.command,
        "actor": c.actor,
        "kind": c.kind,
        "taken": c.taken,
        "best": best.key,
        "before": best.share,
        "after": chosen.share,
        "cost": c.cost,
        "noise": chosen.noise,
        "clear": chosen.clear,
    }


def with_decisions(log: str, found: list[Answered], *, coached: bool) -> str:
    """A JSON lines log with each decision's object before the events its answer caused.

    The log is its header, one line per event in order, and maybe a ``stopped`` line last;
    a decision answered after the last event shown comes before that line.
    """
    header, *rest = log.splitlines()
    stopped = [line for line in rest if line.startswith('{"stopped"')]
    events = [line for line in rest if not line.startswith('{"stopped"')]
    by_event: dict[int, list[str]] = {}
    for item in found:
        text = json.dumps(decision_object(item), sort_keys=True)
        by_event.setdefault(min(item.event, len(events)), []).append(text)
    out = [header]
    for index, line in enumerate(events):
        out += by_event.pop(index, [])
        out.append(line)
    out += by_event.pop(len(events), [])
    if coached:
        out.append(json.dumps(summary_object(found), sort_keys=True))
    return "\n".join(out + stopped) + "\n"


def coach_text(found: list[Answered]) -> str:
    """The coach's rankings in plain text, then the costliest decisions: the same numbers."""
    coached = [a for a in found if a.coaching is not None]
    if not coached:
        return "\ncoach: no decision of a person or a script to coach\n"
    per = coached[0].coaching.continuations if coached[0].coaching else 0
    out = [
        "",
        f"coach: each choice's chance to win over {per} continuations, the same dice for "
        "every choice; gap: the best's chance less this one's, \u00b1 its paired standard "
        "error; * the gap is larger than its noise",
    ]
    for item in coached:
        c = item.coaching
        if c is None:
            continue
        out.append(
            f"round {c.round}, command {c.command + 1}: {c.actor} ({c.kind}, "
            f"{item.controller}), {len(c.choices)} choices, took {c.taken or '?'}"
        )
        out += ranking_lines(c)
    out += costliest_lines([a.coaching for a in found if a.coaching is not None])
    return "\n".join(out) + "\n"


def ranking_lines(c: Coaching) -> list[str]:
    """Each choice, best first: chance, interval, gap ± noise (* if clear), the one taken marked."""
    out = []
    for odds in c.choices:
        gap = "best" if odds is c.choices[0] else _gap(odds)
        mark = "  <- taken" if odds.key == c.taken else ""
        out.append(
            f"  {odds.share * 100:5.1f}% [{odds.low * 100:5.1f}-{odds.high * 100:5.1f}]"
            f"  {gap:<16} {odds.key}{mark}"
        )
    return out


def costliest_lines(coached: list[Coaching]) -> list[str]:
    """The decisions that cost the most: the chance with the best choice, and as taken."""
    dear = costliest(coached, SHOWN_COSTS)
    out = ["costliest decisions:" if dear else "costliest decisions: none cost a point"]
    for c in dear:
        f = _cost_fields(c)
        noise = "larger than its noise" if f["clear"] else "within its noise"
        out.append(
            f"  round {c.round}, {c.actor} ({c.kind}): took {c.taken} "
            f"({f['after'] * 100:.1f}%), best {f['best']} ({f['before'] * 100:.1f}%): "
            f"-{c.cost * 100:.1f} pts, {noise}"
        )
    return out


def _gap(odds: ChoiceOdds) -> str:
    """``-12.5 \u00b1 4.1 *``: the gap to the best in points, its noise, a star if clear."""
    sign = "-" if odds.gap > 0 else ""
    star = " *" if odds.clear else ""
    return f"{sign}{odds.gap * 100:.1f} \u00b1 {odds.noise * 100:.1f}{star}"


def coach_refusal(err: Exception) -> InputError:
    """A coach that could not replay the fight, as bad input (the save or content changed)."""
    return InputError(f"--coach: {type(err).__name__}: {err}")
