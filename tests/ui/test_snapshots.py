"""Snapshots of the arena screen: each ruleset, at 120×40 and at the smallest size, 80×24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from tests.ui.conftest import make_app

# Each shipped scenario, its player, and its own seed: the screen is the same on every run.
ARENAS = [("werewolf-duel", "tom"), ("sorcerer-duel", "rook")]
SIZES = [(120, 40), (80, 24)]


@pytest.mark.parametrize(("scenario", "player"), ARENAS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_arena_screen(
    snap_compare: Any,
    catalog: Catalog,
    tmp_path: Path,
    scenario: str,
    player: str,
    size: tuple[int, int],
) -> None:
    fight = scenario_fight(catalog, scenario, human=player)
    assert snap_compare(make_app(catalog, tmp_path, fight), terminal_size=size)
