"""The end-of-fight chart: the chance to win round by round, drawn to fit 80 and 120 columns."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine.forecast import Chance
from arena.ui.forecast_chart import ForecastChart, bars, chart_lines, turning_point
from arena.ui.summary_screen import SummaryScreen
from tests.ui.conftest import BOTCH, duel, make_app, pick

# The Werewolf duel where Vilna hurts Tom before he wins. Turn 1: Tom (four 9s) acts on segment
# 4 and steps next to Vilna; Vilna (one 9) acts on segment 1 and punches with 7 successes, her
# damage rolls 5 successes, Tom soaks none: Mauled (-2). Turn 2: Tom (2 dice) acts on segment 2,
# Vilna botches; Tom's punch hits with 4 successes, its damage rolls 8 (two 10s rerolled),
# Vilna soaks none: Incapacitated. Tom's chance falls after the blow, then the fight ends his way.
VILNA_HITS = [9] * 7 + [9] * 5 + [2] * 4 + [2] * 3  # her punch, its damage, Tom's soak
TOM_HITS = [9] * 4 + [10, 10] + [9] * 6 + [2] * 3  # his punch, its damage, Vilna's soak
TOM_HURT_THEN_WINS = [9] * 4 + [9] + [2] * 6 + VILNA_HITS + [9] * 2 + BOTCH + TOM_HITS


def at(round_: int, wins: int, fights: int = 100) -> tuple[int, Chance]:
    return (round_, Chance("north", wins, fights, 0.0, 1.0))


POINTS = [at(1, 62), at(2, 55), at(3, 31), at(4, 48), at(0, 1, 1)]


@pytest.mark.parametrize(
    ("shares", "rows"),
    [
        ([0.0, 1.0], [" █", " █", " █"]),  # nothing, then a full column
        ([0.5], [" ", "▄", "█"]),  # half of three rows: one and a half blocks
        ([1 / 24], [" ", " ", "▁"]),  # one eighth of the bottom row
    ],
)
def test_bars_fill_eighths_of_a_row(shares: list[float], rows: list[str]) -> None:
    assert bars(shares, height=3) == rows


def test_the_chart_labels_rounds_and_chances() -> None:
    assert chart_lines(POINTS, 70) == [
        "100%┤                    ████",
        "    ┤▁▁▁▁                ████",
        " 50%┤████ ▆▆▆▆      ▃▃▃▃ ████",
        "    ┤████ ████ ▄▄▄▄ ████ ████",
        "    ┤████ ████ ████ ████ ████",
        "  0%└─────────────────────────",
        "     1    2    3    4    end",
        "     62%  55%  31%  48%  100%",
    ]
    assert turning_point(POINTS, "turn") == "It swung most in turn 4: 48% → 100%."


def test_many_rounds_fit_a_narrow_chart() -> None:
    points = [at(r, r * 7 % 100) for r in range(1, 30)]
    lines = chart_lines(points, 30)
    assert max(map(len, lines)) <= 30
    assert lines[-1].split()[0] == "5"  # the latest rounds that fit: 5 to 29
    assert turning_point(points[:1], "round") == ""


async def test_the_summary_charts_the_fight(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog, TOM_HURT_THEN_WINS)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        chart = app.screen.query_one(ForecastChart)
        assert (chart.side, chart.who) == ("north", "Tom")
        assert chart.border_title == "Tom's chance to win, turn by turn"
        deadline = time.monotonic() + 60
        while not chart.points and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert [r for r, _ in chart.points] == [1, 2, 0]  # two turns, then the end
        (_, first), (_, hurt), (_, end) = chart.points
        assert end.share == 1.0  # Tom won
        # Mauled by Vilna's punch, Tom is no longer a near-certain winner at turn 2's start.
        assert hurt.share < first.share
        assert hurt.share <= 0.9
        shown = str(chart.render())
        assert "100%" in shown
        assert "It swung most in turn 2: " in shown
        assert all(len(line) <= 76 for line in shown.splitlines())
        # Where the fight turned is seen first, at 80x24 without scrolling: above the tables.
        assert chart.region.bottom <= 24
        assert chart.region.y < app.screen.query_one("#summary").region.y
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "100%" in str(chart.render())
