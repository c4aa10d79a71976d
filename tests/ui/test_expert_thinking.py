"""An expert opponent looks ahead on a worker process: the keys stay free, the answer is its own."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Command, Decision, Fight
from arena.engine.controllers import answer
from arena.engine.expert import DEFAULT_BUDGET_MS, set_budget
from arena.engine.setup import list_levels, with_human
from arena.ui import arena_screen
from arena.ui.arena_screen import ArenaScreen
from arena.ui.grid_map import GridMap
from arena.ui.prompt import DecisionPrompt
from arena.ui.thinking import think
from tests.ui.conftest import make_app


@pytest.fixture(autouse=True)
def small_budget() -> Iterator[None]:
    set_budget(12)
    yield
    set_budget(DEFAULT_BUDGET_MS)


def against_an_expert(catalog: Catalog) -> Fight:
    """The Sorcerer duel: Rook at the keys, Mara played by the thug policy looking ahead."""
    scenario = with_human(catalog.scenarios["sorcerer-duel"], "rook")
    people = tuple(
        dataclasses.replace(c, controller="ai:thug/expert", script=()) if c.id == "mara" else c
        for c in scenario.combatants
    )
    scenario = dataclasses.replace(scenario, rigged=(), combatants=people)
    return Fight(scenario, catalog, seed=5)


async def test_an_expert_looks_ahead_on_a_worker_while_the_keys_stay_free(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = against_an_expert(catalog)
    with against_an_expert(catalog) as alone:  # the same fight, the expert asked here
        alone.start()
        (hers,) = (d for d in alone.pending() if d.actor == "mara")
        expected = answer(alone, hers)
    # The worker's answer is held back until the screen has been looked at meanwhile.
    gate = asyncio.Event()

    async def held(fight: Fight, decision: Decision) -> tuple[Command, str]:
        await gate.wait()
        return await think(fight, decision)

    monkeypatch.setattr(arena_screen, "think", held)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        prompt = str(screen.query_one(DecisionPrompt).query_one("#question").render())
        assert screen._thinking is not None
        assert "Mara (ai:thug/expert) looks ahead…" in prompt
        cursor = screen.query_one(GridMap).cursor
        await pilot.press("right")  # a key is taken meanwhile: the look cursor moves
        assert screen.query_one(GridMap).cursor != cursor
        assert not fight.commands
        gate.set()
        deadline = time.monotonic() + 60
        while screen._thinking is not None and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert screen._thinking is None
        assert fight.commands[0] == expected[0]
        assert fight.reasons[0] == expected[1]
        assert any(d.actor == "rook" for d in fight.pending())  # the player's turn now


def test_the_setup_offers_the_expert_level() -> None:
    assert list_levels() == ("easy", "normal", "hard", "expert")
