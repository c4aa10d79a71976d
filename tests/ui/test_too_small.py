"""A terminal too small for the fight shows how large it must be, and the fight when it grows."""

from __future__ import annotations

from pathlib import Path

from arena.content.loader import Catalog
from arena.ui.arena_screen import ArenaScreen
from arena.ui.too_small import TooSmallScreen
from tests.ui.conftest import duel, make_app
from tests.ui.test_fight_layout import screen_lines


async def test_a_small_terminal_gets_a_notice_until_it_grows(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        arena = app.arena()
        assert arena is not None
        assert arena.paused  # the AI waits while nobody can see the fight
        width, height = ArenaScreen.MINIMUM_SIZE
        assert f"Terminal too small: at least {width}x{height}" in "\n".join(screen_lines(app))
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        assert not app.screen.paused  # and goes on once it can be seen
        assert "Terminal too small" not in "\n".join(screen_lines(app))


async def test_a_fight_opened_on_a_small_terminal_gets_the_notice(
    catalog: Catalog, saves: Path
) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)


async def test_a_fight_paused_by_the_player_stays_paused(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        assert app.screen.paused
