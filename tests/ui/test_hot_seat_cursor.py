"""In hot-seat the look cursor goes to the combatant asked, not the first player's."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli.scenarios import scenario_fight_for
from arena.content.loader import Catalog
from arena.ui.arena_screen import ArenaScreen
from arena.ui.curtain import CurtainScreen
from arena.ui.grid_map import GridMap
from tests.ui.conftest import make_app
from tests.ui.test_fight_at_80x24 import SMALL


@pytest.mark.parametrize("scenario", ["werewolf-duel", "sorcerer-duel"])
async def test_in_hot_seat_the_look_cursor_moves_to_the_combatant_asked(
    catalog: Catalog, saves: Path, scenario: str
) -> None:
    fight = scenario_fight_for(catalog, scenario, hot_seat=True)
    app = make_app(catalog, saves, fight)
    asked: list[str] = []
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for _ in range(12):
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ArenaScreen)
            decision = screen.driver.human_decision()
            if decision is None:
                break
            if decision.actor not in asked:
                asked.append(decision.actor)
                where = fight.view().combatant(decision.actor).pos
                assert screen.query_one(GridMap).cursor == where, decision.actor
            if len(asked) == 2:
                break
            await pilot.press("1")
            await pilot.pause()
    assert len(asked) == 2  # both players were asked
