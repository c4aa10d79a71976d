"""A sweep's report as plain data (the JSON document), and its tables in text or Markdown."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from arena.sim.aggregate import BatchStats, PairedStats
from arena.sim.render import Row, about, counted, num, pct, pts, pts_span, span, table
from arena.sim.report import Report, difference, lengths, report_head, share, side_wins
from arena.sim.sweep import SweepPlan, SweepStats

BASE = "(base)"
"""The row of the scenario as it is, first in every table."""


def build_sweep_report(plan: SweepPlan, stats: SweepStats) -> Report:
    """The report of a sweep, finished or stopped early."""
    return {
        **report_head(plan.batch, stats.base.fights, stats.left_out),
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
    return {
        "wins": side_wins(stats),
        "draws": share(stats.draws, stats.fights),
        "rounds": lengths(stats),
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
    out = [f"# {title}" if markdown else title, "", *about(report, markdown), ""]
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
                pts_span(diff),
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
