"""The replay viewer counts Werewolf turns as turns and Sorcerer rounds as rounds."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from arena.cli.scenarios import open_scenario
from arena.content.loader import Catalog
from arena.engine import Controllers, load_save, save_fight
from arena.engine.setup import scenario_fight
from arena.ui.app import ArenaApp
from arena.ui.replay_screen import ReplayScreen


@pytest.mark.parametrize(
    ("scenario", "word", "other"),
    [("werewolf-duel", "turn", "round"), ("sorcerer-duel", "round", "turn")],
)
async def test_the_status_line_names_the_rulesets_own_round(
    catalog: Catalog, saves: Path, scenario: str, word: str, other: str
) -> None:
    fight = scenario_fight(catalog, scenario)
    fight.start()
    controllers = Controllers(fight, watch=True, reasons=False)
    while controllers.step() is not None:
        pass
    saves.mkdir()
    path = saves / "fight.yaml"
    save_fight(fight, path)
    app = ArenaApp(
        catalog,
        saves=saves,
        pace=0,
        preferences=None,
        opener=open_scenario,
        replay_viewer=load_save(path, catalog),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        await pilot.press("]")  # the next round's (turn's) first event
        await pilot.pause()
        said = str(viewer.query_one("#status", Static).render())
        assert f" · {word} 1 · replay" in said, said
        assert f" {other} " not in said
