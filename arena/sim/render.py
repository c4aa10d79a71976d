"""A batch report in words: aligned text for a terminal, or Markdown tables."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, Final

from arena.content.errors import escape_name
from arena.sim.report import Report

WIDTH: Final = 80
"""Columns a text table fits in: its widest column is folded to fit."""
NARROWEST_CELL: Final = 16
"""Columns a folded column keeps at least, however wide the others are."""
SHOWN: Final = 8
"""Health texts listed per combatant; the rest are summed up as others."""

Row = Sequence[str]


def to_text(report: Report) -> str:
    """The report as aligned plain text."""
    return _render(report, markdown=False)


def to_markdown(report: Report) -> str:
    """The report as a Markdown document."""
    return _render(report, markdown=True)


def _render(report: Report, *, markdown: bool) -> str:
    out: list[str] = []
    heading = "## " if markdown else ""
    title = f"{report['scenario']}: {counted(report['fights'], 'fight')}"
    out.append(f"# {title}" if markdown else title)
    out += ["", *about(report, markdown), ""]
    base = report["base"]
    out += [f"{heading}Outcomes", "", *table(_outcome_rows(report, base), markdown), ""]
    out += [_rounds_line(report, base), ""]
    out += [f"{heading}End of fight", "", *table(_combatant_rows(base), markdown), ""]
    if any(c["dealt"] is None for c in base["combatants"].values()):
        out += ["damage dealt, taken: n/a, this ruleset's events report no amounts", ""]
    out += ["health at the end:", *_spread_lines(base, "health", markdown), ""]
    if any(c["aftermath"] for c in base["combatants"].values()):
        out += ["after the fight:", *_spread_lines(base, "aftermath", markdown), ""]
    out += [f"{heading}Dice", "", *_dice_lines(base["dice"], report["fights"]), ""]
    if report.get("maps"):
        out += [f"{heading}Maps", "", *_maps_lines(report["maps"], markdown), ""]
    if report["difference"] is not None:
        changes = ", ".join(report["changes"])
        out += [f"{heading}Varied: {changes} (same seeds)", ""]
        out += [*table(_difference_rows(report), markdown), ""]
    return "\n".join(out)


def about(report: Report, markdown: bool) -> list[str]:
    """The lines under a batch's or a sweep's title: file, setup, seeds, notes, what was cut."""
    setup = report["setup"]
    options = ", ".join(f"{k}={v}" for k, v in setup["options"].items()) or "none"
    sweep = "grid" in report  # a sweep counts its fights, and leaves out seeds, per setting
    lines = [
        # A file's name may hold any character but / and NUL: an escape code in it stays text.
        f"file: {escape_name(report['file'])}",
        f"ruleset: {report['ruleset']}, preset: {setup['preset']}, options: {options}",
    ]
    if sweep:
        grid = "; ".join(f"{a['key']} = {', '.join(a['values'])}" for a in report["grid"])
        lines.append(f"grid: {grid}")
    seed = f"seed: {report['seed']} ({report['seed_rule']})"
    if sweep and not markdown:
        # On a line of its own: the seed's rule fills most of 80 columns.
        lines += [f"{seed};", "    every setting plays the same seeds"]
    elif sweep:
        lines.append(f"{seed}; every setting plays the same seeds")
    else:
        lines.append(seed)
    lines += [f"note: {note}" for note in report["notes"]]
    if report["interrupted"]:
        of = counted(report["planned"], "fight")
        each = " a setting" if sweep else ""
        lines.append(f"interrupted: {report['fights']} of {of}{each} finished")
    if report["left_out"]:
        more = counted(report["left_out"], "more seed" if sweep else "more fight")
        lines.append(
            f"left out: {more} finished after one that was not played, so that these figures "
            f"are those of the first {report['fights']} (as -n {report['fights']} gives them)"
        )
    return [f"- {line}" for line in lines] if markdown else lines


def _outcome_rows(report: Report, base: Report) -> list[Row]:
    rows: list[Row] = [("outcome", "fights", "share", "95% interval")]
    # "won" agrees with any side's name: "north won", "thugs won".
    named = [(f"{side} won", share) for side, share in base["wins"].items()]
    named += [("draw", base["draws"])]
    named += [("someone fled", base["fled"]), ("someone surrendered", base["surrendered"])]
    for name, share in named:
        rows.append((name, str(share["count"]), pct(share["rate"]), span(share, pct)))
    return rows


def _rounds_line(report: Report, base: Report) -> str:
    r = base["rounds"]
    return (
        f"{report['rounds_are']}: mean {r['mean']:.2f}, median {num(r['median'])}, "
        f"90th percentile {num(r['p90'])}"
    )


def _combatant_rows(base: Report) -> list[Row]:
    rows: list[Row] = [("combatant", "status", "penalty", "damage dealt", "damage taken")]
    for cid, c in base["combatants"].items():
        total = sum(c["status"].values())
        rows.append(
            (
                f"{cid} ({c['side']})",
                _shares(c["status"], total, len(c["status"])),
                f"{c['penalty']:.2f}",
                _damage(c["dealt"]),
                _damage(c["taken"]),
            )
        )
    return rows


def _spread_lines(base: Report, key: str, markdown: bool) -> list[str]:
    lines = []
    for cid, c in base["combatants"].items():
        total = sum(c["status"].values())
        spread = _shares(c[key], total, SHOWN) if c[key] else "none"
        lines.append(f"{'-' if markdown else ' '} {cid}: {spread}")
    return lines


def _dice_lines(dice: Report, fights: int) -> list[str]:
    shares = " ".join(f"{face}:{pct(share)}" for face, share in enumerate(dice["face_shares"], 1))
    lines = [
        f"{counted(dice['dice'], 'die', 'dice')} in {counted(dice['rolls'], 'roll')}, "
        f"{dice['per_fight']:.1f} dice a fight",
        f"faces: {shares}",
    ]
    if dice["storyteller"]:
        mean = dice["successes"] / dice["storyteller"]
        lines.append(
            f"Storyteller rolls: {dice['storyteller']}, {mean:.2f} net successes a roll, "
            f"{pct(dice['botch_rate'])} botched"
        )
    if dice["contests"]:
        mean = dice["victories"] / dice["contests"]
        lines.append(
            f"contests: {dice['contests']}, {mean:.2f} victories a contest, "
            f"{pct(dice['tie_rate'])} complete ties"
        )
    return lines


def _maps_lines(maps: Report, markdown: bool) -> list[str]:
    """Which maps the batch played on, and how much they moved each side's win rate."""
    size = "x".join(str(n) for n in maps["size"])
    lines = [
        f"each group of {counted(maps['per_map'], 'fight')} played on its own generated map "
        f"({size}, {maps['cover']} cover, styles {', '.join(maps['styles'])})",
        f"({maps['seed_rule']})",
    ]
    sides = maps.get("sides", {})
    if not sides or all(s["across"] is None for s in sides.values()):
        lines.append("the map's effect on the win rate needs 2 whole maps of 2 fights or more")
        return lines
    lines += [
        "",
        f"how much the map moves the win rate, over {counted(maps['maps'], 'whole map')}: "
        "the spread (sd) of a side's win rate across maps, against the spread one map shows "
        "by chance (binomial); the map's own part is what is left of the first",
        "",
    ]
    rows: list[Row] = [("side", "win rate", "across maps", "one map", "ratio", "map's own")]
    for side, s in sides.items():
        if s["across"] is None:
            continue
        ratio = "n/a" if s["ratio"] is None else f"{s['ratio']:.2f}"
        rows.append(
            (
                side,
                pct(s["rate"]),
                f"{100 * s['across']:.1f} pts",
                f"{100 * s['binomial']:.1f} pts",
                ratio,
                f"{100 * s['map_sd']:.1f} pts",
            )
        )
    return lines + table(rows, markdown)


def _difference_rows(report: Report) -> list[Row]:
    base, varied, diff = report["base"], report["varied"], report["difference"]
    rows: list[Row] = [("", "base", "varied", "varied − base", "95% interval")]
    for side, d in diff["wins"].items():
        b, v = base["wins"][side]["rate"], varied["wins"][side]["rate"]
        rows.append((f"{side} won", pct(b), pct(v), pts(d["rate"]), pts_span(d)))
    d = diff["draws"]
    rows.append(
        (
            "draw",
            pct(base["draws"]["rate"]),
            pct(varied["draws"]["rate"]),
            pts(d["rate"]),
            pts_span(d),
        )
    )
    d = diff["rounds"]
    rows.append(
        (
            report["rounds_are"],
            f"{base['rounds']['mean']:.2f}",
            f"{varied['rounds']['mean']:.2f}",
            f"{d['rate']:+.2f}",
            span(d, lambda x: f"{x:+.2f}"),
        )
    )
    return rows


def table(rows: list[Row], markdown: bool) -> list[str]:
    """Rows as aligned columns, or a Markdown table; the first row is the header."""
    if markdown:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        return lines + ["| " + " | ".join(row) + " |" for row in rows[1:]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    wide = max(range(len(widths)), key=lambda i: widths[i])
    room = WIDTH - (sum(widths) - widths[wide]) - 2 * (len(widths) - 1)
    if room < widths[wide]:
        # The widest column is folded inside itself, so the others stay columns.
        widths[wide] = max(room, NARROWEST_CELL)
    out = []
    for row in rows:
        cell = textwrap.wrap(row[wide], widths[wide], break_long_words=False) or [""]
        for n, part in enumerate(cell):
            cells = [part if i == wide else (c if n == 0 else "") for i, c in enumerate(row)]
            out.append("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip())
    return out


def _shares(counts: dict[str, int], total: int, shown: int) -> str:
    items = list(counts.items())
    parts = [f"{name} {pct(count / total)}" for name, count in items[:shown]]
    rest = sum(count for _, count in items[shown:])
    if rest:
        parts.append(f"others {pct(rest / total)}")
    return ", ".join(parts)


def _damage(value: Any) -> str:
    return "n/a" if value is None else f"{value['mean']:.2f}"


def span(share: Report, fmt: Any) -> str:
    """An interval's ends, each formatted by ``fmt``: ``12.0% to 15.1%``."""
    return f"{fmt(share['low'])} to {fmt(share['high'])}"


def counted(n: int, one: str, many: str | None = None) -> str:
    """A count and its noun, singular for 1: ``1 fight``, ``2 fights``, ``1 die``."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def pct(rate: float) -> str:
    """A rate as a percentage with one decimal."""
    return f"{100 * rate:.1f}%"


def pts_span(share: Report) -> str:
    """An interval of differences with its unit said once: ``-24.0 to +74.0 pts``."""
    return f"{100 * share['low']:+.1f} to {100 * share['high']:+.1f} pts"


def pts(rate: float) -> str:
    """A difference of rates in percentage points, signed."""
    return f"{100 * rate:+.1f} pts"


def num(value: float) -> str:
    """A number as short as it goes: ``5``, ``7.1``."""
    return f"{value:g}"
