"""The map draws a low obstacle '=' in its own style, and the look line names it."""

from __future__ import annotations

from pathlib import Path

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from arena.ui.grid_map import TERRAIN, GridMap
from tests.ui.conftest import make_app
from tests.ui.test_fight_layout import screen_lines


def test_low_obstacle_has_its_own_glyph_and_style() -> None:
    assert TERRAIN["="] == ("= ", "low")
    assert "grid-map--low" in GridMap.COMPONENT_CLASSES


async def test_the_map_draws_the_diner_counter_as_low_obstacles(
    catalog: Catalog, saves: Path
) -> None:
    fight = scenario_fight(catalog, "werewolf-diner", human="tom")
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        drawn = "\n".join(screen_lines(app))
        assert drawn.count("=") >= 7  # the counter, wall to wall, and the tables
        assert app.screen.query_one(GridMap).cell_text((8, 1)) == "low obstacle"
