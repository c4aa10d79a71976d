"""`arena gauntlet` by hand: the UI opens on the gauntlet's form, filled in from the options."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from arena.content.loader import Catalog
from arena.ui.app import ArenaApp
from arena.ui.gauntlet_screen import GauntletPreset, GauntletSetupScreen


async def test_the_form_opens_over_the_title_with_the_options_filled_in(
    catalog: Catalog, tmp_path: Path
) -> None:
    preset = GauntletPreset("sorcerer", "vic", 7)
    app = ArenaApp(catalog, saves=tmp_path, pace=0, preferences=None, gauntlet=preset)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, GauntletSetupScreen)
        assert form.query_one("#g-ruleset", Select).value == "sorcerer"
        assert form.query_one("#g-character", Select).value == "vic"
        assert form.query_one("#g-seed", Input).value == "7"
        await pilot.press("escape")
        assert not isinstance(app.screen, GauntletSetupScreen)  # back to the title menu
