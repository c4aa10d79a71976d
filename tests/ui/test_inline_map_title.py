"""A scenario that writes its map inline shows the map's own name over the board."""

from __future__ import annotations

from pathlib import Path

from arena.cli.scenarios import scenario_fight_for
from arena.content.loader import Catalog
from tests.ui.conftest import make_app
from tests.ui.test_fight_at_80x24 import SMALL


async def test_an_inline_maps_name_titles_the_board(catalog: Catalog, saves: Path) -> None:
    # lesson-2a writes `map: {name: The Ring, rows: [...]}` in the scenario itself.
    fight = scenario_fight_for(catalog, "lesson-2a-tom-split")
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#board").border_title)
        assert title == "The Ring", title


async def test_a_shipped_maps_name_titles_the_board(catalog: Catalog, saves: Path) -> None:
    fight = scenario_fight_for(catalog, "werewolf-thugs")
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#board").border_title) == "The Pit"
