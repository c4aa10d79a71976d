"""Whole fights played with the keyboard, save and resume, help, setup and odds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.table import Table
from textual.widgets import Input, Select, Static

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.engine.setup import (
    FightSpec,
    contest_odds,
    damage_odds,
    new_fight,
    storyteller_odds,
)
from arena.rules.actions import Move
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.grid_map import GridMap
from arena.ui.help_screen import HelpScreen
from arena.ui.summary_screen import SummaryScreen
from arena.ui.title_screen import TitleScreen
from tests.ui.conftest import duel, make_app, odds_settled, pick, sorcerer_duel

SIZE = (100, 30)


def pending_decision(fight: Fight):  # type: ignore[no-untyped-def]
    (decision,) = fight.pending()
    return decision


async def test_a_werewolf_fight_played_with_the_keyboard(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ArenaScreen)
        # Turn 1: Tom is two cells from Vilna; he steps next to her.
        await pick(pilot, pending_decision(fight), "Move to (5, 3)")
        # Turn 2: the punch, without Willpower.
        await pick(pilot, pending_decision(fight), "Punch Vilna")
        await pick(pilot, pending_decision(fight), "Spend no Willpower")
        await pilot.pause()
        assert fight.over
        view = fight.view()
        assert (view.winner, fight.round) == ("north", 2)
        assert view.combatant("vilna").status == "incapacitated"
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("m")  # the log, as Markdown, beside the saves
        (log,) = saves.glob("*.md")
        assert log.read_text(encoding="utf-8").startswith("# Tom and Vilna trade punches\n")


async def test_a_sorcerer_fight_played_with_the_keyboard(catalog: Catalog, saves: Path) -> None:
    fight = sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SIZE) as pilot:
        # Each round Rook states his attack; no bonus is asked (role_play: sheet, the
        # default, gives him his sheet's none).
        for _ in range(2):
            await pick(pilot, pending_decision(fight), "Attack Mara")
        await pilot.pause()
        assert fight.over
        view = fight.view()
        assert (view.winner, fight.round) == ("north", 2)
        assert view.combatant("mara").status == "helpless"
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("r")  # a rematch: the same fight from the start, the same seed
        assert isinstance(app.screen, ArenaScreen)
        again = app.screen.driver.fight
        assert (again is not fight, again.seed, again.round) == (True, fight.seed, 1)


async def test_save_then_continue_from_the_title(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SIZE) as pilot:
        await pick(pilot, pending_decision(fight), "Move to (5, 3)")
        await pilot.press("s")
        assert len(list(saves.glob("*.yaml"))) == 1
        await pilot.press("q")  # to the title; the unfinished fight is saved again
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")  # continue the latest save
        assert isinstance(app.screen, ArenaScreen)
        resumed = app.screen.driver.fight
        assert resumed is not fight
        assert resumed.commands == fight.commands
        assert resumed.view() == fight.view()
        await pick(pilot, pending_decision(resumed), "Punch Vilna")
        await pick(pilot, pending_decision(resumed), "Spend no Willpower")
        await pilot.pause()
        assert (resumed.view().winner, resumed.round) == ("north", 2)


async def test_help_opens_at_the_current_step(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        # Tom's decision comes from the step "3. Fastest first": the segments topic.
        assert app.screen.start == "werewolf-segments"
        await pilot.press("escape")
        assert isinstance(app.screen, ArenaScreen)


async def test_a_new_fight_from_the_setup_form(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        app.screen.query_one("#seed").value = "42"  # type: ignore[attr-defined]
        await pilot.press("ctrl+f")
        assert isinstance(app.screen, ArenaScreen)
        fight = app.screen.driver.fight
        assert fight.seed == 42
        # The form starts with the Werewolf duel's pair: Tom against Vilna.
        assert [(c.template, c.side, c.controller) for c in fight.scenario.combatants] == [
            ("tom", "player", "human"),
            ("vilna", "opponents", "ai:nearest"),
        ]


async def test_the_odds_calculator_shows_exact_odds(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await odds_settled(pilot)
        table = app.screen.query_one("#odds-result", Static).content
        assert isinstance(table, Table)
        # 5 dice at difficulty 6, the form's first numbers.
        assert table.title == "5 dice at difficulty 6"
        assert table.caption == "success 84.4%, botch 2.1%, expected 2.07"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_odds_calculator_takes_a_rule_for_10s(
    catalog: Catalog, saves: Path, size: tuple[int, int]
) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=size) as pilot:
        await pilot.press("o")
        screen = app.screen

        def shown() -> Table:
            table = screen.query_one("#odds-result", Static).content
            assert isinstance(table, Table)
            return table

        tens = screen.query_one("#tens", Select)
        assert tens.region.bottom <= size[1] - 1  # on screen at 80x24 too
        tens.value = "double"
        await odds_settled(pilot)
        expected = storyteller_odds(5, 6, tens="double")
        assert (shown().title, shown().caption) == (expected.title, expected.summary)
        kind = screen.query_one("#kind", Select)
        kind.value = "damage"
        await odds_settled(pilot)
        assert tens.value == "reroll"  # damage's own rule, first
        assert shown().caption == damage_odds(5, 6, tens="reroll").summary
        tens.value = "off"
        await odds_settled(pilot)
        assert shown().caption == damage_odds(5, 6, tens="off").summary
        assert shown().caption != damage_odds(5, 6, tens="reroll").summary
        kind.value = "contest"
        await odds_settled(pilot)
        assert not screen.query_one("#tens-row").display


async def test_the_odds_calculator_takes_the_pools_the_command_line_takes(
    catalog: Catalog, saves: Path
) -> None:
    # 30 dice against 30 is the command line's largest contest (a quarter of a second to work
    # out, so it is worked out on a thread).
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        screen = app.screen
        screen.query_one("#kind", Select).value = "contest"
        await pilot.pause()
        for field in ("#first", "#second"):
            screen.query_one(field, Input).value = "30"
        await odds_settled(pilot)
        table = screen.query_one("#odds-result", Static).content
        assert isinstance(table, Table)
        assert table.caption == contest_odds(30, 30).summary
        screen.query_one("#first", Input).value = "31"
        await odds_settled(pilot)
        assert str(screen.query_one("#odds-result", Static).content) == (
            "Each side's dice go from 0 to 30."
        )


async def test_replay_a_save_then_play_on(catalog: Catalog, saves: Path) -> None:
    fight = sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SIZE) as pilot:
        await pick(pilot, pending_decision(fight), "Attack Mara")
        await pilot.press("q")  # saved on the way out
        await pilot.press("r", "enter")  # replay the only save
        assert isinstance(app.screen, ArenaScreen)
        replayed = app.screen.driver.fight
        # At pace 0 the recorded decisions are replayed at once; then Rook is asked again.
        assert replayed.commands == fight.commands
        assert pending_decision(replayed).actor == "rook"


class NoticedApp(ArenaApp):
    """The app, keeping every notice it shows."""

    notices: list[tuple[str, str]]

    def notify(self, message: str, *, title: str = "", **kwargs: Any) -> None:
        self.notices.append((title, message))
        super().notify(message, title=title, **kwargs)


async def test_an_engine_failure_is_a_notice_not_a_crash(catalog: Catalog, saves: Path) -> None:
    fight = sorcerer_duel(catalog)
    app = NoticedApp(catalog, saves=saves, pace=0, preferences=None, fight=fight)
    app.notices = []

    def broken(*_: object) -> None:
        raise RuntimeError("the dice fell off the table")

    async with app.run_test(size=SIZE) as pilot:
        # The screen answers the decision it shows (Fight.answer); a save replays (apply).
        fight.answer = broken  # type: ignore[method-assign]
        fight.apply = broken  # type: ignore[method-assign]
        await pick(pilot, pending_decision(fight), "Attack Mara")
        assert isinstance(app.screen, ArenaScreen)
        assert app.notices == [("The engine failed", "RuntimeError: the dice fell off the table")]


async def test_a_wide_map_narrows_its_cells_on_a_narrow_terminal(
    catalog: Catalog, saves: Path
) -> None:
    # The alley is 25 cells across: 50 columns at two a cell, too many beside the panels at 80.
    fight = new_fight(catalog, FightSpec("sorcerer", "rook", (("mara", 1),), "alley", seed=2))
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        grid = app.screen.query_one(GridMap)
        assert (grid.cell_width, grid.size.width) == (2, 50)
        await pilot.resize_terminal(80, 24)
        assert (grid.cell_width, grid.size.width) == (1, 25)
        await pilot.resize_terminal(120, 40)
        assert grid.cell_width == 2


async def test_enter_on_any_reachable_cell_moves_there(catalog: Catalog, saves: Path) -> None:
    # The menu lists a few moves for the AI; the map marks, and takes, every cell in reach.
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        decision = pending_decision(fight)
        assert decision.resolver is not None
        listed = {c.cell for c in decision.choices if c.cell is not None}
        unlisted = sorted(decision.resolver.move_cells() - listed)
        assert unlisted
        cell = unlisted[0]
        grid = app.screen.query_one(GridMap)
        grid.place_cursor(cell)
        grid.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert fight.commands[0] == Move("tom", cell)
        assert fight.view().combatant("tom").pos == cell
