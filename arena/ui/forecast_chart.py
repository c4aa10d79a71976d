"""The end-of-fight chart: the player's side's chance to win at the start of each round.

The continuations run on the forecast worker processes (see `forecast_panel`), so the summary
shows at once and the chart fills in when they are done.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from textual.widgets import Static

from arena.engine import Fight
from arena.engine.forecast import Moment, RoundChance, by_round, moment_of, round_winners_at
from arena.ui.forecast_panel import on_workers
from arena.ui.plain import plain
from arena.words.rulesets import round_word

CONTINUATIONS: Final = 100
"""Continuations per round: the chart shows a trend, so fewer than the live panel's 500."""
HEIGHT: Final = 5
"""Rows of bars; each row holds eight steps of a block, so 40 steps from 0% to 100%."""
BLOCKS: Final = " ▁▂▃▄▅▆▇█"
AXIS: Final = 5
"""Columns the percentage axis takes on the left (``100%┤``)."""
WIDEST: Final = 5
"""Columns a round takes at most (its bar and a gap)."""


def bars(shares: Sequence[float], height: int = HEIGHT) -> list[str]:
    """One string per row, top first, one character per share: a column of eighth blocks."""
    steps = [round(min(1.0, max(0.0, s)) * height * 8) for s in shares]
    rows = []
    for row in range(height - 1, -1, -1):
        rows.append("".join(BLOCKS[min(8, max(0, step - row * 8))] for step in steps))
    return rows


def chart_lines(points: Sequence[RoundChance], width: int, height: int = HEIGHT) -> list[str]:
    """The chart as lines of text at most ``width`` wide; the latest rounds if not all fit.

    Each round gets a bar as wide as fits (with a gap), its number below and, where there
    is room, its percentage; the end of the fight is marked ``end``.
    """
    room = max(1, width - AXIS)
    cell = max(1, min(WIDEST, room // max(1, len(points))))
    shown = list(points[-(room // cell) :])
    bar = max(1, cell - 1) if cell > 1 else 1
    gap = cell - bar
    columns = bars([c.share for _, c in shown], height)
    lines = []
    for index, row in enumerate(columns):
        label = "100%" if index == 0 else " 50%" if 2 * index == height - 1 else "    "
        body = "".join(ch * bar + " " * gap for ch in row)
        lines.append(f"{label}┤{body}".rstrip())
    lines.append("  0%└" + "─" * (cell * len(shown)))
    lines.append("     " + _labels(["end" if r == 0 else str(r) for r, _ in shown], cell, room))
    if cell >= 4:
        lines.append("     " + _labels([f"{c.share:.0%}" for _, c in shown], cell, room))
    return lines


def _labels(texts: Sequence[str], cell: int, room: int) -> str:
    """Labels under their columns, within ``room``; one that would touch another is left out."""
    line = ""
    for index, text in enumerate(texts):
        at = index * cell
        if at >= len(line) + (1 if line else 0) and at + len(text) <= room:
            line = line.ljust(at) + text
    return line


def turning_point(points: Sequence[RoundChance], word: str) -> str:
    """The round the chance moved most in, e.g. ``It swung most in round 3: 55% → 31%.``.

    A round's swing runs from its start to the next point (the next round, or the end).
    """
    best, where = 0.0, ""
    for (during, before), (_, after) in pairwise(points):
        swing = after.share - before.share
        if abs(swing) > abs(best):
            best = swing
            where = f"{word} {during}: {before.share:.0%} → {after.share:.0%}"
    return f"It swung most in {where}." if where else ""


def player_side(fight: Fight) -> tuple[str, str]:
    """(side, name) the chart follows: the first person's, else the first combatant's."""
    view = fight.view()
    people = [c.id for c in fight.scenario.combatants if c.controller == "human"]
    who = view.combatant(people[0]) if people else view.combatants[0]
    return who.side, who.name


class ForecastChart(Static):
    """The chance to win round by round, computed off the UI thread once the fight is over."""

    DEFAULT_CSS = """
    ForecastChart {
        height: auto;
        border: round $primary 50%;
        border-title-color: $text;
        border-subtitle-color: $text-muted;
        padding: 0 1;
        margin: 1 0 0 0;
    }
    """

    def __init__(self, fight: Fight, *, continuations: int = CONTINUATIONS) -> None:
        """A chart of a finished (or stopped) fight; it computes when mounted."""
        super().__init__("", id="forecast-chart")
        self.fight = fight
        self.continuations = continuations
        self.points: list[RoundChance] = []
        """The chance at each round's start, then at the end (round 0); empty until done."""
        self.side, self.who = player_side(fight)
        self.word = round_word(fight.view().ruleset)
        """What the ruleset calls a round: Werewolf's turns."""
        self.border_title = plain(f"{self.who}'s chance to win, {self.word} by {self.word}")
        self.border_subtitle = "computing…"
        self.update(f"Playing each {self.word} on from its start…")

    def on_mount(self) -> None:
        """Start the continuations on the forecast workers."""
        moment = moment_of(self.fight, self.side, self.continuations)
        self.run_worker(self._compute(moment), group="forecast-chart", exclusive=True)

    def on_resize(self) -> None:
        """Draw the chart again at the new width."""
        if self.points:
            self._draw()

    async def _compute(self, moment: Moment) -> None:
        try:
            self.points = by_round(moment.side, await on_workers(round_winners_at, moment))
        except Exception as err:  # the chart failing must not take the summary down
            self.border_subtitle = ""
            self.update(plain(f"No forecast chart: {type(err).__name__}: {err}"))
            return
        self.border_subtitle = f"{self.continuations} continuations a {self.word}"
        self._draw()

    def _draw(self) -> None:
        width = max(12, self.content_size.width or 60)
        lines = chart_lines(self.points, width)
        said = turning_point(self.points, self.word)
        self.update("\n".join([*lines, said] if said else lines))
