"""Hot-seat: each person's combatants say which player plays them (cards and the look line),
and the new-fight form leaves out the AI's fields when no side is the AI's."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Static

from arena.cli.scenarios import scenario_fight_for
from arena.content.loader import Catalog
from arena.engine import Fight
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.curtain import CurtainScreen
from arena.ui.grid_map import GridMap
from arena.ui.messages import NewFightForm
from arena.ui.panels import CombatantPanels
from arena.ui.prompt import DecisionPrompt
from arena.ui.setup_screen import SetupScreen
from tests.ui.conftest import make_app
from tests.ui.test_fight_at_80x24 import SMALL, flat, seen

BIG = (120, 40)


async def who_plays_each(app: ArenaApp, fight: Fight, size: tuple[int, int]) -> list[str]:
    """For each combatant in roster order: its card and the look line over it, as shown."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        panels = screen.query_one(CombatantPanels)
        shown = []
        for c in fight.view().combatants:
            screen.query_one(GridMap).place_cursor(c.pos)
            screen._update_look(fight.view())
            await pilot.pause()
            card = flat(seen(panels._cards[c.id]))
            look = flat(seen(screen.query_one("#look", Static)))
            shown.append(f"{card} | {look}")
        return shown


@pytest.mark.parametrize("size", [SMALL, BIG])
@pytest.mark.parametrize("scenario", ["werewolf-duel", "sorcerer-duel"])
async def test_in_hot_seat_each_side_says_which_player_plays_it(
    catalog: Catalog, saves: Path, scenario: str, size: tuple[int, int]
) -> None:
    fight = scenario_fight_for(catalog, scenario, hot_seat=True)
    first, second = await who_plays_each(make_app(catalog, saves, fight), fight, size)
    assert "· player 1 ●" in first
    assert "played by player 1" in first
    assert "· player 2 ●" in second
    assert "played by player 2" in second
    assert "played by you" not in first + second  # 'you' is either of them: it says neither


async def test_one_person_is_you_and_the_cards_say_nothing_more(
    catalog: Catalog, saves: Path
) -> None:
    fight = scenario_fight_for(catalog, "werewolf-duel", human="tom")
    tom, vilna = await who_plays_each(make_app(catalog, saves, fight), fight, SMALL)
    assert "played by you" in tom
    assert "played by AI: " in vilna
    assert "player 1" not in tom + vilna


async def test_the_hot_seat_form_hides_the_ai_and_its_difficulty(
    catalog: Catalog, saves: Path
) -> None:
    form = NewFightForm(hot_seat=True, seed=42)
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None, new_fight=form)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        rows = [screen.query_one(row) for row in ("#policy-row", "#level-row")]
        assert [row.display for row in rows] == [False, False]
        screen.query_one("#person-foes", Checkbox).value = False  # the AI plays the opponents
        await pilot.pause()
        assert [row.display for row in rows] == [True, True]
        screen.query_one("#person-mine", Checkbox).value = False  # ... and your fighter too
        await pilot.pause()
        assert [row.display for row in rows] == [True, True]
        screen.query_one("#person-mine", Checkbox).value = True
        screen.query_one("#person-foes", Checkbox).value = True  # people on both sides again
        await pilot.pause()
        assert [row.display for row in rows] == [False, False]


@pytest.mark.parametrize(("hot_seat", "said"), [(True, " (player "), (False, "")])
async def test_the_decisions_title_names_the_player_asked_in_hot_seat(
    catalog: Catalog, saves: Path, hot_seat: bool, said: str
) -> None:
    fight = scenario_fight_for(catalog, "werewolf-duel", hot_seat=hot_seat, human="tom")
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        decision = screen.driver.human_decision()
        assert decision is not None
        name = fight.view().combatant(decision.actor).name
        title = str(screen.query_one(DecisionPrompt).border_title)
        side = 1 + [c.id for c in fight.view().combatants].index(decision.actor)
        assert title == f"Decision · {name}" + (f"{said}{side})" if hot_seat else "")
