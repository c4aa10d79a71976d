"""The fight screen as a picture at 80x24 and 120x40: the map's box whole, the panels beside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widget import Widget

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from arena.ui.arena_screen import RIGHT_MIN, ArenaScreen
from arena.ui.fight_log import FightLog
from arena.ui.grid_map import TERRAIN, GridMap
from tests.ui.conftest import make_app

# Every shipped map a fight is played on, in both rulesets: the Pit (20x12), the Alley
# (25x5) and the Ring (12x8). (scenario, who plays, map's cells across, cell width at 80x24)
FIGHTS = [
    ("werewolf-thugs", "ahroun", 20, 2),
    ("sorcerer-vs-thugs", "vic", 20, 2),
    ("werewolf-vilna", "vilna", 25, 1),
    ("sorcerer-gunman", "rook", 25, 1),
    ("werewolf-duel", "tom", 12, 2),
    ("sorcerer-duel", "rook", 12, 2),
]
SIZES = [(80, 24), (120, 40)]


def screen_lines(app: App[None]) -> list[str]:
    """The whole screen as a person sees it, a line of text per row."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


def drawn_row(row: str, cell_width: int) -> str:
    """A row of walls and doors as the map draws it (no one stands there)."""
    return "".join(TERRAIN[ch][0][:cell_width] for ch in row).rstrip()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("scenario", "human", "across", "narrow_cells"), FIGHTS)
async def test_the_map_box_is_whole_and_every_cell_shows(
    catalog: Catalog,
    saves: Path,
    size: tuple[int, int],
    scenario: str,
    human: str,
    across: int,
    narrow_cells: int,
) -> None:
    fight = scenario_fight(catalog, scenario, human=human)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        board, left, right = (screen.query_one(s, Widget) for s in ("#board", "#left", "#right"))
        grid = screen.query_one(GridMap)
        # The map's cells: square (two columns) where the room allows, never cut.
        assert grid.map_width == across
        assert grid.cell_width == (narrow_cells if size == (80, 24) else 2)
        assert grid.content_region.width >= grid.cell_width * across
        assert grid.region.height == len(fight.view().map.rows)
        # The box spans its column (no gap beside it), inside the screen, the map inside it.
        assert board.region.x == left.region.x == 0
        assert board.region.right == left.region.right == right.region.x
        assert right.region.right == size[0]
        assert right.region.width >= RIGHT_MIN
        assert board.content_region.contains_region(grid.region)
        # The picture: both edges of the box on every map row, the top and bottom walls whole.
        lines = screen_lines(app)
        rows = fight.view().map.rows
        top = board.region.y + 1
        for y in range(top, top + len(rows)):
            line = lines[y]
            edges = (line[board.region.x], line[board.region.right - 1])
            assert edges in {("│", "│"), ("┃", "┃")}, line  # heavy when the map has focus
        for y in (0, len(rows) - 1):
            inside = lines[top + y][board.region.x + 1 : board.region.right - 1]
            assert drawn_row(rows[y], grid.cell_width) == inside.strip()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scenario", ["werewolf-thugs", "sorcerer-vs-thugs"])
async def test_beside_the_largest_map_each_panel_keeps_lines_of_its_own(
    catalog: Catalog, saves: Path, size: tuple[int, int], scenario: str
) -> None:
    human = {"werewolf-thugs": "ahroun", "sorcerer-vs-thugs": "vic"}[scenario]
    app = make_app(catalog, saves, scenario_fight(catalog, scenario, human=human))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        # At 80x24 the decision takes the tray's place while it is open, and its rolls (if it
        # has any to quote) most of the log's: the log keeps two lines.
        short = screen.has_class("-short")
        deciding = short and screen.query_one("#dice").has_class("-deciding")
        quoting = short and screen.query_one("#about").has_class("-deciding")
        parts = ("#log", *(("#about",) if quoting else ())) if deciding else ("#dice", "#log")
        for part in ("#order", "#panels", "#prompt", *parts):
            widget = screen.query_one(part, Widget)
            # Inside the screen, and more than a title: at least two lines of its own.
            assert widget.region.right <= size[0], part
            assert widget.region.bottom <= size[1] - 1, part  # the footer's line
            assert widget.content_region.height >= 2, part


async def test_a_log_with_a_scrollbar_keeps_each_line_whole(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, scenario_fight(catalog, "werewolf-thugs", human="ahroun"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(FightLog).set_class(False, "-deciding")  # as between decisions
        await pilot.pause()
        log = app.screen.query_one(FightLog)
        assert log.max_scroll_y > 0  # more lines than room: the scrollbar is shown
        room = log.scrollable_content_region.width  # the scrollbar's column not counted
        # Lines are wrapped as they are written: none is wider than the room left beside it.
        assert max(line.cell_length for line in log.lines) <= room
