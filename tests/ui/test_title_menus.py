"""The title menu and the pickers it opens, as a person sees them at 80x24."""

from __future__ import annotations

from pathlib import Path

from arena.content.loader import Catalog
from arena.engine import save_fight
from arena.ui.open_screen import OpenScreen
from arena.ui.saves_screen import SavesScreen
from tests.ui.conftest import duel, make_app
from tests.ui.test_fight_layout import screen_lines


async def test_the_pickers_hide_the_title_box_behind_them(catalog: Catalog, saves: Path) -> None:
    saves.mkdir()
    save_fight(duel(catalog), saves / "duel.yaml")
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        for key, kind in (
            ("l", SavesScreen),
            ("r", SavesScreen),
            ("v", SavesScreen),
            ("s", OpenScreen),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            lines = screen_lines(app)
            # One box: the title's edges no longer show above or below the picker's.
            assert sum("╭" in line for line in lines) == 1, "\n".join(lines)
            assert sum("╰" in line for line in lines) == 1, "\n".join(lines)
            await pilot.press("escape")


async def test_the_title_box_keeps_its_edges_at_60_and_80_columns(
    catalog: Catalog, saves: Path
) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        for width in (80, 60):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            lines = screen_lines(app)
            top = next(line for line in lines if "╭" in line)
            assert top.rstrip().endswith("╮"), top
            boxed = [line for line in lines if line.lstrip().startswith("│")]
            assert boxed
            assert all(line.rstrip().endswith("│") for line in boxed), "\n".join(lines)
