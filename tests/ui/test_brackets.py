"""Square brackets in names, files, options and errors show as typed and never end the app."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from arena.cli.scenarios import open_scenario
from arena.content.loader import Catalog
from arena.engine import Fight, save_fight
from arena.engine.controllers import play_until_human
from arena.ui.app import ArenaApp
from arena.ui.choice_keys import keyed
from arena.ui.forecast_panel import ForecastPanel
from arena.ui.prompt import DecisionPrompt
from arena.ui.replay_screen import ReplayScreen
from arena.ui.saves_screen import SavesScreen
from arena.ui.title_screen import TitleScreen
from tests.ui.conftest import sorcerer_duel

SIZE = (80, 24)


class NoticedApp(ArenaApp):
    """The app, keeping every notice it shows."""

    notices: list[tuple[str, str]]

    def notify(self, message: str, *, title: str = "", **kwargs: Any) -> None:
        self.notices.append((title, message))
        super().notify(message, title=title, **kwargs)


async def settle(pilot: Pilot[None]) -> None:
    """Wait until a notice is drawn (drawing it is where markup in it would fail)."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.2)


def noticed(catalog: Catalog, saves: Path, **kwargs: Any) -> NoticedApp:
    app = NoticedApp(catalog, saves=saves, pace=0, hold=0, preferences=None, **kwargs)
    app.notices = []
    return app


async def test_a_scenario_path_with_a_closing_tag(catalog: Catalog, saves: Path) -> None:
    app = noticed(catalog, saves, opener=open_scenario)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("s", "tab", *"no[/such].yaml", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
    (notice,) = app.notices
    assert notice[0] == "Cannot open"
    assert "no[/such].yaml" in notice[1]


async def test_a_scenario_file_whose_error_has_brackets(
    catalog: Catalog, saves: Path, tmp_path: Path
) -> None:
    shipped = Path(__file__).parents[2] / "content" / "scenarios" / "sorcerer-duel.yaml"
    bad = tmp_path / "person.yaml"
    bad.write_text(shipped.read_text().replace("controller: ai:nearest", "controller: person"))
    app = noticed(catalog, saves, opener=open_scenario)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("s", "tab", *str(bad), "enter")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
    (notice,) = app.notices
    assert "[/easy|normal|hard|expert]" in notice[1]


async def test_options_with_a_closing_tag(catalog: Catalog, saves: Path) -> None:
    app = noticed(catalog, saves)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("n")
        await settle(pilot)
        app.screen.query_one("#options").focus()
        await pilot.press(*"a[/b]", "ctrl+f")
        await settle(pilot)
        assert app.screen.query_one("#options")  # the form is still there
    (notice,) = app.notices
    assert "a[/b]" in notice[1]


def evil_scenario(tmp_path: Path) -> Path:
    """The shipped Sorcerer duel, named with a closing tag."""
    shipped = Path(__file__).parents[2] / "content" / "scenarios" / "sorcerer-duel.yaml"
    evil = tmp_path / "evil.yaml"
    evil.write_text(shipped.read_text().replace("name: Rook", "name: Evil [/x] Rook"))
    return evil


def a_save(catalog: Catalog, saves: Path, fight: Fight) -> Path:
    """`fight` saved one move in."""
    fight.start()
    play_until_human(fight)
    fight.apply(fight.pending()[0].choices[0].command)
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "one.yaml"
    save_fight(fight, path)
    return path


async def test_a_save_whose_means_has_a_closing_tag(catalog: Catalog, saves: Path) -> None:
    path = a_save(catalog, saves, sorcerer_duel(catalog))
    path.write_text(path.read_text().replace("means: fists", 'means: "[/oops] laser"'))
    app = noticed(catalog, saves)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("l", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
    (notice,) = app.notices
    assert "[/oops] laser" in notice[1]


async def test_the_replay_viewer_of_a_scenario_named_with_a_closing_tag(
    catalog: Catalog, saves: Path, tmp_path: Path
) -> None:
    a_save(catalog, saves, open_scenario(catalog, str(evil_scenario(tmp_path))))
    app = noticed(catalog, saves)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("v", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("right", "right")
        await settle(pilot)
        assert "Evil [/x] Rook" in str(app.screen.query_one("#status").render())


async def test_the_demo_of_a_scenario_named_with_a_closing_tag(
    catalog: Catalog, saves: Path, tmp_path: Path
) -> None:
    evil = evil_scenario(tmp_path)
    app = noticed(catalog, saves, opener=open_scenario, demo=[str(evil)])
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("right", "right")
        await settle(pilot)
        assert "Evil [/x] Rook" in str(app.screen.query_one("#status").render())


async def test_an_empty_saves_folder_named_with_a_closing_tag(
    catalog: Catalog, tmp_path: Path
) -> None:
    folder = tmp_path / "a[" / "b]"
    folder.mkdir(parents=True)
    app = noticed(catalog, folder)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await app.push_screen(SavesScreen(folder, "Load a save"))
        await pilot.pause()
        shown = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert f"No saves in {folder}" in shown


async def test_a_decision_prompt_with_a_closing_tag(catalog: Catalog, saves: Path) -> None:
    fight = sorcerer_duel(catalog)
    app = noticed(catalog, saves, fight=fight)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(DecisionPrompt)
        (asked,) = [d for d in fight.pending() if d.actor == "rook"]
        decision = dataclasses.replace(asked, ask="Evil [/x] Rook: state it")
        panel.ask(decision, keyed(decision.choices), fight.view())
        await pilot.pause()
        # Drawn as typed (before, the title was read as markup and ended the app).
        question = panel.query_one("#question", Static)
        assert str(question.render()) == "Evil [/x] Rook: state it"


async def test_the_forecast_panel_shows_brackets_as_written(catalog: Catalog, saves: Path) -> None:
    fight = sorcerer_duel(catalog)
    app = noticed(catalog, saves, fight=fight)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        panel = app.screen.query_one(ForecastPanel)
        panel.display = True
        panel.update("No forecast: ValueError: ai:<policy>[/easy|normal|hard]")
        await pilot.pause()
        assert "[/easy|normal|hard]" in str(panel.render())
