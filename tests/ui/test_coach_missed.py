"""The coach turned on and never in time is not silent: the summary says how many decisions
were picked before their ranking came in, and that they are left out."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from arena.content.loader import Catalog
from arena.ui.summary_screen import SummaryScreen, costs_text
from tests.ui.conftest import duel, make_app, pick
from tests.ui.test_anytime_forecast import OneByOne, one_by_one  # noqa: F401  (a fixture)


async def test_decisions_picked_before_the_coach_ranked_them_are_counted_in_the_summary(
    catalog: Catalog,
    tmp_path: Path,
    one_by_one: OneByOne,  # noqa: F811
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # the coach on; its rankings never come in (held)
        await pilot.pause()
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.pause()
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pilot.pause()
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        assert fight.over
        assert isinstance(app.screen, SummaryScreen)
        said = str(app.screen.query_one("#summary-costs", Static).render())
        assert said.startswith("Coach: 3 decisions picked before their ranking came in")
        assert "F ranks the one at hand" in said


def test_costs_text_without_the_coach_says_nothing(catalog: Catalog) -> None:
    fight = duel(catalog)
    assert costs_text(fight, (), 0) == ""
    assert costs_text(fight, (), 1).startswith("Coach: 1 decision picked before its ranking")
