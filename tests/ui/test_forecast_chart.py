"""The end-of-fight chart: the chance to win round by round, drawn to fit 80 and 120 columns."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine.forecast import Chance
from arena.ui.forecast_chart import ForecastChart, bars, chart_lines, turning_point
from arena.ui.summary_screen import SummaryScreen
from tests.ui.conftest import duel, make_app, pick


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
    fight = duel(catalog)
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
        assert chart.points[-1][1].share == 1.0  # Tom won
        shown = str(chart.render())
        assert "100%" in shown
        assert "It swung most in turn" in shown
        assert all(len(line) <= 76 for line in shown.splitlines())
        # Where the fight turned is seen first, at 80x24 without scrolling: above the tables.
        assert chart.region.bottom <= 24
        assert chart.region.y < app.screen.query_one("#summary").region.y
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "100%" in str(chart.render())
