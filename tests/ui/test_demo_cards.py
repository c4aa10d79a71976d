"""The demo reuses its combatant cards from fight to fight, so no widget is left behind."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from arena.cli.scenarios import open_scenario
from arena.content.loader import Catalog
from arena.ui.app import ArenaApp
from arena.ui.demo_screen import DemoScreen
from arena.ui.panels import CombatantPanels


async def test_cards_are_reused_and_hidden_never_removed(catalog: Catalog, saves: Path) -> None:
    # Textual keeps every removed widget alive in a cache of up to 1,024 (with its drawn lines):
    # new cards for every fight made the looping demo's memory grow.
    playlist = ("werewolf-first-team", "werewolf-duel", "werewolf-first-team")
    app = ArenaApp(
        catalog, saves=saves, pace=0, preferences=None, opener=open_scenario, demo=playlist
    )
    async with app.run_test(size=(120, 40)) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.press("space")  # paused: the presenter moves on with `n`
        await pilot.pause()
        panels = demo.query_one(CombatantPanels)
        five = list(panels.query_children(Static))
        assert len(five) == 5
        await pilot.press("n")
        await pilot.pause()
        assert list(panels.query_children(Static)) == five
        assert [card.display for card in five] == [True, True, False, False, False]
        await pilot.press("n")
        await pilot.pause()
        assert list(panels.query_children(Static)) == five
        assert all(card.display for card in five)
