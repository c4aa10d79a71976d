"""At 80 columns the summary's tables wrap their headers between words, never cut one."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from arena.content.loader import Catalog
from arena.ui.stats import CONTEST_COLUMNS, STORYTELLER_COLUMNS
from arena.ui.summary_screen import SummaryScreen
from tests.ui.conftest import duel, make_app, pick, sorcerer_duel
from tests.ui.test_fight_at_80x24 import SMALL, seen


async def _summary(app: object, pilot: object) -> str:
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, SummaryScreen)
    return seen(screen.query_one("#summary", Static))


@pytest.mark.parametrize("ruleset", ["sorcerer", "werewolf"])
async def test_every_summary_header_word_is_whole_at_80_columns(
    catalog: Catalog, saves: Path, ruleset: str
) -> None:
    columns: tuple[str, ...]
    if ruleset == "sorcerer":
        fight = sorcerer_duel(catalog)
        picks = ["Attack Mara", "Attack Mara"]
        columns = CONTEST_COLUMNS
    else:
        fight = duel(catalog)
        picks = ["Move to (5, 3)", "Punch Vilna", "Spend no Willpower"]
        columns = STORYTELLER_COLUMNS
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        for wanted in picks:
            await pilot.pause()
            await pick(pilot, fight.pending()[0], wanted)
        assert fight.over
        shown = await _summary(app, pilot)
        assert "…" not in shown, shown
        words = set(shown.split())
        for header in (*columns, "penalty", "status", "health"):
            assert set(header.split()) <= words, (header, shown)
