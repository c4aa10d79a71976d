"""The new-fight form's generated map: its seed shown, Ctrl+r re-rolls it, the fight plays on it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from arena.content.loader import Catalog
from arena.content.mapgen import generate
from arena.engine.setup import GENERATED_MAP, generated_params
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.setup_screen import SetupScreen


async def test_setup_generated_map_reroll_key_shows_the_seed(catalog: Catalog, saves: Path) -> None:
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, SetupScreen)
        row = form.query_one("#map-seed-row")
        assert not row.display  # a drawn map has no map seed
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert form.query_one("#map", Select).value == GENERATED_MAP
        assert row.display
        seed_field = form.query_one("#map-seed", Input)
        first = seed_field.value
        hint = str(form.query_one("#map-text").render())
        style = generated_params(int(first)).style
        assert f"{style}, seed {first}, 20x12" in hint
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert seed_field.value != first  # a new seed (one in 999,999 it could repeat)
        assert form.spec().map == GENERATED_MAP
        assert form.spec().map_seed == int(seed_field.value)


async def test_setup_generated_map_fight_plays_on_it(catalog: Catalog, saves: Path) -> None:
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, SetupScreen)
        form.query_one("#map", Select).value = GENERATED_MAP
        form.query_one("#map-seed", Input).value = "4242"
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        made = generate(generated_params(4242))
        view = app.screen.driver.fight.view()
        assert view.map.name == made.map.name
        assert view.map.rows == tuple(
            "".join("." if ch.isdigit() else ch for ch in row) for row in made.rows
        )
