"""The new-fight form's generated map: its seed shown, Ctrl+r re-rolls it, the fight plays on it."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import Input, Select, Static

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


async def test_arena_map_text_matches_what_the_fight_screen_draws(
    catalog: Catalog, saves: Path
) -> None:
    from arena.cli.map import as_text
    from arena.content.mapgen.seat import on_generated_map
    from arena.engine import Fight
    from arena.engine.setup import with_human
    from tests.ui.conftest import make_app
    from tests.ui.test_fight_layout import screen_lines

    params = generated_params(4242)
    made = generate(params)
    scenario = on_generated_map(with_human(catalog.scenario("werewolf-duel"), "tom"), params)
    app = make_app(catalog, saves, Fight(scenario, catalog))
    printed = as_text(made).splitlines()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        boxed = [line.split("┃")[1].strip() for line in screen_lines(app) if line.count("┃") >= 2]
    shown = boxed[: len(made.rows)]
    # A row the screen draws with no one on it and no cell marked is the same text, but for the
    # spawn points: `arena map` draws their digits where the screen puts the combatants.
    same = [
        y for y, row in enumerate(shown) if not any(ch.isalpha() or ch in ":@◂▸%" for ch in row)
    ]
    assert len(same) >= 3
    for y in same:
        assert shown[y] == re.sub(r"[1-9] ", ". ", printed[2 + y])


async def test_setup_generated_map_style_and_size_in_sight_at_80x24(
    catalog: Catalog, saves: Path
) -> None:
    from tests.ui.test_fight_layout import screen_lines

    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.press("ctrl+r")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        seed = form.query_one("#map-seed", Input).value
        style = generated_params(int(seed)).style
        seed_line = next(line for line in screen_lines(app) if "Map seed" in line)
        assert f"{seed}" in seed_line
        assert f"{style} 20x12" in seed_line  # on the seed's own row, without scrolling


async def test_setup_generated_map_preview_key_shows_it_as_arena_map_prints(
    catalog: Catalog, saves: Path
) -> None:
    from arena.cli.map import as_text
    from arena.ui.map_preview import MapPreviewScreen
    from tests.ui.test_fight_layout import screen_lines

    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, SetupScreen)
        form.query_one("#map-seed", Input).value = "4242"
        await pilot.pause()
        await pilot.press("ctrl+g")  # from a drawn map: the generated one is chosen first
        await pilot.pause()
        preview = app.screen
        assert isinstance(preview, MapPreviewScreen)
        assert form.query_one("#map", Select).value == GENERATED_MAP
        made = generate(generated_params(4242))
        assert preview.text == as_text(made)
        shown = screen_lines(app)
        rows = as_text(made).splitlines()[3:15]  # the map's rows, under the head line
        assert all(any(row.strip() in line for line in shown) for row in rows)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is form


async def test_setup_generated_map_preview_of_no_seed_says_so(
    catalog: Catalog, saves: Path
) -> None:
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, SetupScreen)
        form.query_one("#map", Select).value = GENERATED_MAP
        form.query_one("#map-seed", Input).value = ""
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is form
        assert form.query_one("#map-brief", Static).render().plain == ""


async def test_setup_footer_is_whole_at_80x24_with_the_map_keys(
    catalog: Catalog, saves: Path
) -> None:
    from textual.widgets._footer import FooterKey

    from tests.ui.test_fight_layout import screen_lines
    from tests.ui.test_footers_at_80 import cut_keys

    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert cut_keys(app) == []
        keys = [k.description for k in app.screen.query(FooterKey)]
        assert {"Re-roll", "Preview"} <= set(keys)
        footer = screen_lines(app)[-1]
        assert "Re-roll" in footer
        assert "Preview" in footer
        assert "Quit" in footer  # whole: the longer names cut it to "Qui"


async def test_setup_difficulty_easy_says_what_it_does(catalog: Catalog, saves: Path) -> None:
    # The lowest level has no win rate to give, and said only "easy: naive".
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, SetupScreen)
        level = form.query_one("#level", Select)
        prompts = {value: str(prompt) for prompt, value in level._options}
        assert prompts["easy"] == (
            "easy: naive: the nearest enemy, never defends, spends no Rage or Willpower"
        )
        assert "against easy" in prompts["normal"]  # the levels above still give their rates
