"""The gauntlet form's choice of maps: a run on generated maps from the form, and its offers."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from arena.content.loader import Catalog
from arena.content.mapgen import generate
from arena.gauntlet.run import fight_map
from arena.gauntlet.saves import load_run
from arena.ui.gauntlet_arena import GauntletArena
from arena.ui.gauntlet_run import RUN_FILE, GauntletScreen
from arena.ui.gauntlet_screen import GauntletSetupScreen
from tests.ui.conftest import make_app


async def test_gauntlet_form_maps_generated_starts_a_run_on_generated_maps(
    catalog: Catalog, saves: Path
) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        form = app.screen
        assert isinstance(form, GauntletSetupScreen)
        assert form.query_one("#g-maps", Select).value == "drawn"  # as runs always were
        form.query_one("#g-maps", Select).value = "generated"
        form.action_start()
        await pilot.pause()
        run = app.screen
        assert isinstance(run, GauntletScreen)
        assert run.state.maps == "generated"
        assert load_run(saves / RUN_FILE, catalog).maps == "generated"
        await pilot.press("1")
        await pilot.pause()
        arena = app.screen
        assert isinstance(arena, GauntletArena)
        made = generate(fight_map(run.state.seed, 0))
        assert arena.driver.fight.scenario.inline_map == made.map
