"""The palette offers the app's actions; saves say what they hold; preferences are kept."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import OptionList

from arena.content.loader import Catalog
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.fight_log import FightLog
from arena.ui.save_files import list_saves
from arena.ui.saves_screen import SavesScreen, save_text
from tests.ui.conftest import duel, make_app, pick

SIZE = (100, 30)


async def test_the_palette_offers_the_app_s_actions(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in (
            "New fight",
            "Save the fight",
            "Odds calculator",
            "Log verbosity: explain",
            "AI pace: 1.2 s",
            "Hold on my roll: until a key",
            "Help: Keys, map and dice",
        ):
            assert wanted in titles
        # and through the palette itself, as a person picks one
        await pilot.press("ctrl+p")
        await pilot.press(*"verbosity explain", "enter")
        await pilot.pause()
        assert app.screen.query_one(FightLog).verbosity == "explain"


async def test_preferences_are_kept_between_runs(
    catalog: Catalog, saves: Path, tmp_path: Path
) -> None:
    kept = tmp_path / "config" / "preferences.json"
    app = ArenaApp(catalog, saves=saves, pace=0, hold=0, fight=duel(catalog), preferences=kept)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("v")  # normal → explain
        app.prefer(pace=1.2, hold=3.0)
    assert json.loads(kept.read_text()) == {"hold": 3.0, "pace": 1.2, "verbosity": "explain"}
    again = ArenaApp(catalog, saves=saves, fight=duel(catalog), preferences=kept)
    assert (again.pace, again.hold) == (1.2, 3.0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.query_one(FightLog).verbosity == "explain"


async def test_a_broken_preferences_file_falls_back_and_says_so(
    catalog: Catalog, saves: Path, tmp_path: Path
) -> None:
    kept = tmp_path / "preferences.json"
    kept.write_text('{"verbosity": "loud", "pace": 2}')
    app = ArenaApp(catalog, saves=saves, preferences=kept)
    assert (app.preferences.verbosity, app.pace) == ("normal", 2.0)
    assert "verbosity" in app._preferences_problem


async def test_saves_are_named_and_listed_by_what_they_hold(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SIZE) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.press("s")
        (save,) = list_saves(saves)
        assert save.path.name.startswith("tom-and-vilna-trade-punches-r2-")
        line = save_text(save).plain
        assert line.startswith("Tom and Vilna trade punches · werewolf · turn 2\n  Tom, Vilna · ")
        assert line.endswith(f"\n  {save.path.name}")
        await pilot.press("s")  # the same fight saved again: still one save
        assert len(list_saves(saves)) == 1
        await pilot.press("q", "l")
        assert isinstance(app.screen, SavesScreen)
        listed = app.screen.query_one("#saves-list", OptionList)
        assert listed.option_count == 1
        await pilot.press("enter")
        assert isinstance(app.screen, ArenaScreen)
