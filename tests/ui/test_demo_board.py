"""In the demo the map's box fills its column: no gap beside it at the top."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.ui.grid_map import GridMap
from tests.ui.test_projector import demo_app


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lesson", ["lesson-1-initiative", "lesson-3-sorcerer-round"])
async def test_the_demo_map_box_is_as_wide_as_its_column(
    catalog: Catalog, saves: Path, size: tuple[int, int], lesson: str
) -> None:
    app = demo_app(catalog, saves, lesson, big=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        left = screen.query_one("#left")
        board = screen.query_one("#board")
        assert board.region.width == left.region.width
        assert board.region.x == left.region.x
        grid = screen.query_one(GridMap)
        # The map itself sits in the box's middle.
        gap_left = grid.region.x - board.region.x
        gap_right = board.region.right - grid.region.right
        assert abs(gap_left - gap_right) <= 1, (gap_left, gap_right)
