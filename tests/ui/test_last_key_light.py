"""The key that ends a fight opens the summary without parsing the style sheets again, and
the summary's tables follow its first frame, drawn once at their width."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from arena.content.loader import Catalog
from arena.ui.forecast_chart import ForecastChart
from arena.ui.summary_screen import SummaryScreen
from tests.ui.conftest import duel, make_app, pick


async def test_the_last_key_opens_the_summary_without_parsing_the_styles_again(
    catalog: Catalog, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        parsed: list[int] = []
        reparse = app.stylesheet.reparse

        def counted() -> None:
            parsed.append(1)
            reparse()

        monkeypatch.setattr(app.stylesheet, "reparse", counted)
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        assert parsed == []  # read with the arena's: a third of a second saved here
        await pilot.pause()
        tables = str(summary.query_one("#summary", Static).render())
        for title in ("Injuries", "Dice", "Seed"):
            assert title in tables
        assert all(len(line) <= 76 for line in tables.splitlines())
        # The chart, above the tables, as before.
        chart = summary.query_one(ForecastChart)
        assert chart.region.y < summary.query_one("#summary").region.y


async def test_the_summary_tables_are_drawn_again_at_a_new_width(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        await pilot.pause()
        box = app.screen.query_one("#summary", Static)
        narrow = max(len(line) for line in str(box.render()).splitlines())
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        lines = str(box.render()).splitlines()
        assert max(len(line) for line in lines) > narrow  # the tables spread to the width
        assert max(len(line) for line in lines) <= box.content_size.width
