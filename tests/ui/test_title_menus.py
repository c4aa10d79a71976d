"""The title menu and the pickers it opens, as a person sees them at 80x24."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from arena.content.loader import Catalog
from arena.engine import save_fight
from arena.ui.gauntlet_screen import GauntletSetupScreen
from arena.ui.help_screen import HelpScreen
from arena.ui.odds_screen import OddsScreen
from arena.ui.open_screen import OpenScreen
from arena.ui.saves_screen import SavesScreen
from arena.ui.setup_screen import SetupScreen
from arena.ui.title_screen import NO_SAVE, TitleScreen
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


async def test_question_mark_shows_the_keys_or_the_help(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        for key, kind in (("n", SetupScreen), ("o", OddsScreen), ("g", GauntletSetupScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            before = len(app._notifications)
            await pilot.press("question_mark")
            shown = list(app._notifications)[before:]
            assert [n.title for n in shown] == ["Keys"]
            assert "Back" in shown[0].message
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)


async def test_a_question_mark_typed_in_a_field_stays_in_it(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("n")
        await pilot.pause()
        options = app.screen.query_one("#options", Input)
        options.focus()
        await pilot.press("a", "question_mark")
        assert options.value == "a?"
        assert not app._notifications


async def test_q_leaves_the_odds_as_escape_does(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        for focused in ("#kind", "#first"):
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, OddsScreen)
            app.screen.query_one(focused).focus()
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen), focused


async def test_without_saves_the_save_keys_say_why_they_do_nothing(
    catalog: Catalog, saves: Path
) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for key in "clrv":
            before = len(app._notifications)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            (notice,) = list(app._notifications)[before:]
            assert notice.message == NO_SAVE
