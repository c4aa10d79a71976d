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


async def test_a_popup_over_the_fight_is_covered_while_the_terminal_is_too_small(
    catalog: Catalog, saves: Path
) -> None:
    from arena.ui.help_screen import HelpScreen

    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        help_ = app.screen
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)  # over the help: the fight showed through
        await pilot.press("escape")  # the help is hidden: its keys do nothing
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is help_  # back as it was


async def test_only_the_quit_question_opens_over_the_notice(catalog: Catalog, saves: Path) -> None:
    from textual.command import CommandPalette
    from textual.widgets import Button

    from arena.ui.quit_screen import QuitScreen
    from tests.ui.conftest import pick

    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")  # a move to lose
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.pause()
        notice = app.screen
        assert isinstance(notice, TooSmallScreen)
        await pilot.press("ctrl+p")  # the palette's entries would act on the hidden fight
        await pilot.pause()
        assert app.screen is notice
        assert not any(isinstance(s, CommandPalette) for s in app.screen_stack)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        for button in app.screen.query(Button):  # its answers all show, whole
            box = button.region
            assert box.width >= len(str(button.label)), str(button.label)
            assert box.right <= 40
            assert box.bottom <= 12
        await pilot.resize_terminal(80, 24)  # the notice under the question stays until it goes
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")  # back: the notice is gone too, and the fight goes on
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        assert not app.screen.paused


async def test_menus_squeezed_to_a_few_columns_do_not_crash(catalog: Catalog, saves: Path) -> None:
    # A list squeezed to no width crashed while measuring its lines (the title, the setup).
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("", "n"):
            if key:
                await pilot.press(key)
            for size in ((6, 4), (3, 2), (1, 1), (80, 24)):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause()
        assert "You face" in "\n".join(screen_lines(app))
