"""Every footer of a fight's screens reads whole at 80 columns, Ctrl+q Quit at its end."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from arena.content.loader import Catalog
from arena.engine import save_fight
from arena.engine.setup import scenario_fight
from arena.ui.app import ArenaApp
from arena.ui.dice_text import LEGENDS, SHORT_LEGENDS
from arena.ui.dice_tray import DiceTray
from arena.ui.help_screen import HelpScreen
from arena.ui.open_screen import OpenScreen
from arena.ui.replay_screen import ReplayScreen
from arena.ui.saves_screen import SavesScreen
from arena.ui.summary_screen import SummaryScreen
from tests.ui.conftest import duel, make_app, pick

SMALL = (80, 24)


def cut_keys(app: App[None]) -> list[str]:
    """The footer's keys that do not show whole inside 80 columns."""
    return [
        f"{key.key_display} {key.description}"
        for key in app.screen.query(FooterKey)
        if not key.region.width or key.region.right > SMALL[0]
    ]


async def test_the_summarys_footer_is_whole(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert cut_keys(app) == []
        assert any(k.description == "Quit" for k in app.screen.query(FooterKey))
        # Each button's key is the one its footer entry names: "Arena [b]" is "b Arena".
        footer = {k.description: k.key_display for k in app.screen.query(FooterKey)}
        for button in app.screen.query(Button):
            label = str(button.label)
            name, _, key = label.rpartition(" [")
            assert footer.get(name) == key.rstrip("]"), (label, footer)


async def test_the_replay_viewers_footer_is_whole(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None, replay_viewer=fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert cut_keys(app) == []
        assert any(k.description == "Quit" for k in app.screen.query(FooterKey))


async def test_the_title_menus_pickers_and_help_show_quit_in_their_footers(
    catalog: Catalog, saves: Path
) -> None:
    # The modal screens' footers show only their own keys: Ctrl+q worked there, unnamed.
    saves.mkdir()
    save_fight(duel(catalog), saves / "duel.yaml")
    app = make_app(catalog, saves)
    async with app.run_test(size=SMALL) as pilot:
        for key, kind in (
            ("l", SavesScreen),
            ("v", SavesScreen),
            ("s", OpenScreen),
            ("h", HelpScreen),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            assert cut_keys(app) == []
            keys = [k.description for k in app.screen.query(FooterKey)]
            assert keys[-1] == "Quit", keys
            await pilot.press("escape")
            await pilot.pause()


async def test_the_replay_viewers_dice_legend_reads_whole_at_80(
    catalog: Catalog, saves: Path
) -> None:
    # The legend on the tray's bottom edge was fitted to the inside of the tray, not the
    # edge: "... n^ again +n ext…" (the diner's map leaves the tray 54 columns).
    fight = scenario_fight(catalog, "werewolf-diner", human="tom")
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None, replay_viewer=fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        tray = app.screen.query_one("#dice", DiceTray)
        legend = str(tray.border_subtitle).replace("\\[", "[")  # as markup, escaped
        assert legend in (LEGENDS["werewolf"], SHORT_LEGENDS["werewolf"])
        assert len(legend) + 6 <= tray.size.width


async def test_the_hot_seat_curtain_names_ctrl_q_quit(catalog: Catalog, saves: Path) -> None:
    # The curtain covered the whole screen, footer too: nothing said how to quit.
    from arena.cli.scenarios import scenario_fight_for
    from arena.ui.curtain import CurtainScreen

    fight = scenario_fight_for(catalog, "sorcerer-duel", hot_seat=True)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert cut_keys(app) == []
        assert [k.description for k in app.screen.query(FooterKey)] == ["Quit"]
        await pilot.press("space")  # any other key still lifts it
        await pilot.pause()
        assert not isinstance(app.screen, CurtainScreen)
