"""A sweep's win rates drawn: a chart in the terminal, and an SVG, HTML or PNG file."""

from __future__ import annotations

import os
import tempfile
from html import escape
from pathlib import Path
from typing import Any, Final

from arena.cli.errors import InputError
from arena.content.files import write_text_atomic
from arena.sim.report import Report

KINDS: Final = (".svg", ".html", ".png")
"""The files ``--plot`` draws."""
PNG_INSTALL: Final = 'pip install "arena-combat[png]"'
CELLS: Final = 30
"""Terminal cells a 100% bar takes."""
WIDTH, HEIGHT = 800, 420
LEFT, RIGHT, TOP, BOTTOM = 64, 260, 48, 56
"""Margins of the SVG's plot area: the legend sits on the right."""
COLOURS: Final = (
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
)  # fmt: skip


def chart_lines(report: Report, side: str) -> list[str]:
    """A compact chart of one side's win rate in each setting, bars of unicode blocks.

    ``█`` runs to the interval's low end, ``▓`` on to the share, ``░`` on to the high end;
    ``│`` marks the base's share where nothing else is drawn.
    """
    base = report["base"]["wins"][side]
    labels = [" ".join(cell["values"].values()) for cell in report["cells"]]
    width = max(len(label) for label in [*labels, "(base)"])
    keys = ", ".join(a["key"] for a in report["grid"])
    lines = [f"{side} won by {keys}: █ 95% low end, ▓ share, ░ high end, │ the base"]
    lines.append(f"  {'(base)'.ljust(width)}  {_bar(base, base['rate'])}  {_pct(base)}")
    for label, cell in zip(labels, report["cells"], strict=True):
        share = cell["wins"][side]
        lines.append(f"  {label.ljust(width)}  {_bar(share, base['rate'])}  {_pct(share)}")
    return lines


def _label(values: dict[str, str]) -> str:
    return " ".join(f"{key}={value}" for key, value in values.items())


def _bar(share: Report, base: float) -> str:
    cells = []
    for i in range(CELLS):
        middle = (i + 0.5) / CELLS
        if middle <= share["low"]:
            cells.append("█")
        elif middle <= share["rate"]:
            cells.append("▓")
        elif middle <= share["high"]:
            cells.append("░")
        else:
            cells.append(" ")
    mark = min(CELLS - 1, int(base * CELLS))
    if cells[mark] == " ":
        cells[mark] = "│"
    return "".join(cells)


def _pct(share: Report) -> str:
    return f"{100 * share['rate']:5.1f}% ({100 * share['low']:.1f} to {100 * share['high']:.1f})"


def write_plot(report: Report, side: str, path: Path) -> None:
    """Draw one side's win rate over the grid into ``path`` (.svg, .html or .png).

    Raises:
        InputError: the file cannot be written, or .png without matplotlib.
    """
    kind = path.suffix.lower()
    try:
        if kind == ".png":
            _png(report, side, path)
        elif kind == ".html":
            write_text_atomic(path, html_page(report, side))
        else:
            write_text_atomic(path, svg(report, side))
    except OSError as err:
        raise InputError(f"--plot: {path}: {err.strerror or err}") from None


def _series(report: Report, side: str) -> tuple[str, list[str], list[tuple[str, list[Report]]]]:
    """The x axis (the first key and its values), and a line per value of the other keys."""
    keys = [a["key"] for a in report["grid"]]
    xs = list(report["grid"][0]["values"])
    lines: dict[str, list[Report]] = {}
    for cell in report["cells"]:
        rest = {k: v for k, v in cell["values"].items() if k != keys[0]}
        lines.setdefault(_label(rest) or f"{side} won", []).append(cell["wins"][side])
    return keys[0], xs, list(lines.items())


def svg(report: Report, side: str) -> str:
    """The chart as a standalone SVG document, drawn by hand: no library needed."""
    key, xs, lines = _series(report, side)
    inner_w = WIDTH - LEFT - RIGHT
    inner_h = HEIGHT - TOP - BOTTOM

    def x_at(i: int) -> float:
        return LEFT + inner_w * (i + 0.5) / len(xs)

    def y_at(rate: float) -> float:
        return TOP + inner_h * (1 - rate)

    title = f"{report['scenario']}: {side} won ({report['fights']} fights a setting)"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="24" font-size="15">{escape(title)}</text>',
    ]
    for tick in range(0, 101, 20):
        y = y_at(tick / 100)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + inner_w}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{tick}%</text>')
    for i, value in enumerate(xs):
        out.append(
            f'<text x="{x_at(i):.1f}" y="{TOP + inner_h + 18}" text-anchor="middle">'
            f"{escape(value)}</text>"
        )
    out.append(
        f'<text x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 14}" text-anchor="middle">'
        f"{escape(key)}</text>"
    )
    base = report["base"]["wins"][side]["rate"]
    out.append(
        f'<line x1="{LEFT}" y1="{y_at(base):.1f}" x2="{LEFT + inner_w}" y2="{y_at(base):.1f}" '
        'stroke="#555" stroke-dasharray="6 4"/>'
    )
    out.append(
        f'<text x="{LEFT + inner_w + 6}" y="{y_at(base) + 4:.1f}">base {100 * base:.1f}%</text>'
    )
    shift = 6.0 / max(1, len(lines))  # lines side by side, so their bars do not hide each other
    for n, (label, shares) in enumerate(lines):
        colour = COLOURS[n % len(COLOURS)]
        dx = (n - (len(lines) - 1) / 2) * shift
        points = " ".join(f"{x_at(i) + dx:.1f},{y_at(s['rate']):.1f}" for i, s in enumerate(shares))
        out.append(f'<g stroke="{colour}" fill="{colour}"><title>{escape(label)}</title>')
        out.append(f'<polyline points="{points}" fill="none" stroke-width="2"/>')
        for i, s in enumerate(shares):
            x = x_at(i) + dx
            low, high = y_at(s["low"]), y_at(s["high"])
            out.append(f'<line x1="{x:.1f}" y1="{low:.1f}" x2="{x:.1f}" y2="{high:.1f}"/>')
            for y in (low, high):
                out.append(f'<line x1="{x - 4:.1f}" y1="{y:.1f}" x2="{x + 4:.1f}" y2="{y:.1f}"/>')
            out.append(f'<circle cx="{x:.1f}" cy="{y_at(s["rate"]):.1f}" r="3"/>')
        out.append("</g>")
        legend_y = TOP + 30 + 18 * n
        out.append(
            f'<line x1="{LEFT + inner_w + 6}" y1="{legend_y}" x2="{LEFT + inner_w + 26}" '
            f'y2="{legend_y}" stroke="{colour}" stroke-width="2"/>'
        )
        out.append(f'<text x="{LEFT + inner_w + 30}" y="{legend_y + 4}">{escape(label)}</text>')
    out.append(f'<text x="{LEFT}" y="{HEIGHT - 14}" fill="#555">bars: 95% intervals</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def html_page(report: Report, side: str) -> str:
    """The chart in a small HTML page, with the figures as a table beneath it."""
    title = escape(f"{report['scenario']}: {side} won")
    rows = "\n".join(
        f"<tr><td>{escape(_label(c['values']))}</td><td>{_pct(c['wins'][side])}</td></tr>"
        for c in report["cells"]
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{title}</title>'
        f"</head>\n<body>\n{svg(report, side)}<table>\n<tr><th>setting</th><th>{escape(side)} "
        f"won, 95% interval</th></tr>\n<tr><td>(base)</td><td>{_pct(report['base']['wins'][side])}"
        f"</td></tr>\n{rows}\n</table>\n</body>\n</html>\n"
    )


def png_ready() -> None:
    """Refuse ``.png`` before any fight when matplotlib is missing.

    Raises:
        InputError: saying how to install it.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError(
            f"--plot: a .png needs matplotlib; install it with: {PNG_INSTALL} "
            "(or draw an .svg or .html, which need nothing more)"
        ) from None


def _png(report: Report, side: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # no window, no display needed
    from matplotlib import pyplot

    key, xs, lines = _series(report, side)
    figure, axes = pyplot.subplots(figsize=(WIDTH / 100, HEIGHT / 100), dpi=100)
    for label, shares in lines:
        rates = [100 * s["rate"] for s in shares]
        below = [100 * (s["rate"] - s["low"]) for s in shares]
        above = [100 * (s["high"] - s["rate"]) for s in shares]
        axes.errorbar(xs, rates, yerr=[below, above], capsize=4, marker="o", label=label)
    axes.axhline(100 * report["base"]["wins"][side]["rate"], linestyle="--", color="#555")
    axes.set(ylim=(0, 100), xlabel=key, ylabel=f"{side} won (%)")
    axes.set_title(f"{report['scenario']}: {side} won ({report['fights']} fights a setting)")
    axes.legend()
    _save_figure(figure, path)
    pyplot.close(figure)


def _save_figure(figure: Any, path: Path) -> None:
    """Write the PNG beside its place first, then move it there: never half a file."""
    folder = path.parent if str(path.parent) else Path()
    handle, temporary = tempfile.mkstemp(prefix=".arena-", suffix=".png", dir=folder)
    os.close(handle)
    try:
        figure.savefig(temporary, format="png")
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
