"""A sweep's report as plain data (the JSON document), and its tables in text or Markdown."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from arena.content.errors import escape_name
from arena.sim.aggregate import BatchStats, PairedStats
from arena.sim.render import Row, counted, num, pct, pts, span, table
from arena.sim.report import SEED_RULE, Report, difference, rounded, setup_report, share
from arena.sim.sweep import SweepPlan, SweepStats
from arena.words.rulesets import round_word

BASE = "(base)"
"""The row of the scenario as it is, first in every table."""


def build_sweep_report(plan: SweepPlan, stats: SweepStats) -> Report:
    """The report of a sweep, finished or stopped early."""
    batch = plan.batch
    scenario = batch.base.scenario
    return {
        "scenario": batch.title,
        "file": batch.source,
        "ruleset": scenario.ruleset,
        "rounds_are": round_word(scenario.ruleset, 2),
        "setup": setup_report(batch.base),
        "seed": batch.seed,
        "seed_rule": SEED_RULE.format(seed=batch.seed),
        "planned": batch.fights,
        "fights": stats.base.fights,
        "interrupted": stats.base.fights < batch.fights,
        "left_out": stats.left_out,
        "notes": list(batch.notes),
        "grid": [{"key": a.key, "values": list(a.values)} for a in plan.axes],
        "sides": list(stats.base.sides),
        "base": _outcomes(stats.base),
        "cells": [
            _cell(plan, index, cell_stats, paired)
            for index, (cell_stats, paired) in enumerate(
                zip(stats.cells, stats.paired, strict=True)
            )
        ],
    }


def _cell(plan: SweepPlan, index: int, stats: BatchStats, paired: PairedStats) -> Report:
    cell = plan.cells[index]
    keys = [a.key for a in plan.axes]
    return {
        "values": dict(zip(keys, cell.values, strict=True)),
        "changes": list(cell.texts),
        **_outcomes(stats),
        "difference": difference(paired),
    }


def _outcomes(stats: BatchStats) -> Report:
    n = stats.fights
    return {
        "wins": {side: share(stats.wins[side], n) for side in stats.sides},
        "draws": share(stats.draws, n),
        "rounds": {
            "mean": rounded(stats.rounds.mean()),
            "median": rounded(stats.rounds.quantile(0.5)),
            "p90": rounded(stats.rounds.quantile(0.9)),
        },
    }


def sweep_text(report: Report) -> str:
    """The sweep's report as aligned plain text."""
    return _render(report, markdown=False)


def sweep_markdown(report: Report) -> str:
    """The sweep's report as a Markdown document."""
    return _render(report, markdown=True)


def _render(report: Report, *, markdown: bool) -> str:
    heading = "## " if markdown else ""
    cells = len(report["cells"])
    title = (
        f"{report['scenario']}: sweep of {counted(cells, 'setting')} and the base, "
        f"{counted(report['fights'], 'fight')} each"
    )
    out = [f"# {title}" if markdown else title, "", *_about(report, markdown), ""]
    for side in report["sides"]:
        rows = _share_rows(report, partial(_wins, side=side))
        out += [f"{heading}{side} won", "", *table(rows, markdown), ""]
    out += [f"{heading}draw", "", *table(_share_rows(report, _draws), markdown), ""]
    rounds = report["rounds_are"]
    out += [f"{heading}{rounds}", "", *table(_length_rows(report), markdown), ""]
    return "\n".join(out)


def _wins(outcomes: Report, side: str) -> Report:
    wins: Report = outcomes["wins"][side]
    return wins


def _draws(outcomes: Report) -> Report:
    draws: Report = outcomes["draws"]
    return draws


def _about(report: Report, markdown: bool) -> list[str]:
    setup = report["setup"]
    options = ", ".join(f"{k}={v}" for k, v in setup["options"].items()) or "none"
    grid = "; ".join(f"{a['key']} = {', '.join(a['values'])}" for a in report["grid"])
    lines = [
        # A file's name may hold any character but / and NUL: an escape code in it stays text.
        f"file: {escape_name(report['file'])}",
        f"ruleset: {report['ruleset']}, preset: {setup['preset']}, options: {options}",
        f"grid: {grid}",
        f"seed: {report['seed']} ({report['seed_rule']}); every setting plays the same seeds",
    ]
    lines += [f"note: {note}" for note in report["notes"]]
    if report["interrupted"]:
        of = counted(report["planned"], "fight")
        lines.append(f"interrupted: {report['fights']} of {of} a setting finished")
    if report["left_out"]:
        more = counted(report["left_out"], "more seed")
        lines.append(
            f"left out: {more} finished after one that was not played, so that these figures "
            f"are those of the first {report['fights']} (as -n {report['fights']} gives them)"
        )
    return [f"- {line}" for line in lines] if markdown else lines


def _keys(report: Report) -> list[str]:
    return [a["key"] for a in report["grid"]]


def _share_rows(report: Report, pick: Callable[[Report], Report]) -> list[Row]:
    """One outcome's rows: ``pick`` finds it in a cell's outcomes (or differences)."""
    keys = _keys(report)
    rows: list[Row] = [(*keys, "share", "95% interval", "− base", "95% interval")]
    base = pick(report["base"])
    rows.append((BASE, *[""] * (len(keys) - 1), pct(base["rate"]), span(base, pct), "", ""))
    for cell in report["cells"]:
        mine = pick(cell)
        diff = pick(cell["difference"])
        rows.append(
            (
                *cell["values"].values(),
                pct(mine["rate"]),
                span(mine, pct),
                pts(diff["rate"]),
                span(diff, pts),
            )
        )
    return rows


def _length_rows(report: Report) -> list[Row]:
    keys = _keys(report)
    rows: list[Row] = [(*keys, "mean", "median", "90th", "− base", "95% interval")]
    base = report["base"]["rounds"]
    rows.append(
        (
            BASE,
            *[""] * (len(keys) - 1),
            f"{base['mean']:.2f}",
            num(base["median"]),
            num(base["p90"]),
            "",
            "",
        )
    )
    for cell in report["cells"]:
        r, d = cell["rounds"], cell["difference"]["rounds"]
        rows.append(
            (
                *cell["values"].values(),
                f"{r['mean']:.2f}",
                num(r["median"]),
                num(r["p90"]),
                f"{d['rate']:+.2f}",
                span(d, lambda x: f"{x:+.2f}"),
            )
        )
    return rows
