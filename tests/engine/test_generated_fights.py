"""Seeded fights on generated maps, AI on every side, in both rulesets: each one ends."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.content.mapgen import COVERS, STYLES, MapParams
from arena.content.mapgen.seat import on_generated_map
from arena.engine import Fight, play_until_human
from arena.sim.plan import batch_scenario, derive_seed

SCENARIOS = {
    "werewolf": ("werewolf-duel", "werewolf-thugs", "werewolf-first-team", "werewolf-ai-pack"),
    "sorcerer": ("sorcerer-duel", "sorcerer-vs-thugs", "sorcerer-gunman", "sorcerer-summoning"),
}


def _play(catalog: Catalog, ruleset: str, index: int) -> None:
    names = SCENARIOS[ruleset]
    scenario = batch_scenario(catalog.scenario(names[index % len(names)]))  # scripts: AI
    seed = derive_seed(2026, index)
    params = MapParams(
        seed,
        (20 + index % 9, 12 + index % 5),
        STYLES[index % len(STYLES)],
        COVERS[(index // len(STYLES)) % len(COVERS)],
    )
    scenario = on_generated_map(scenario, params)
    with Fight(scenario, catalog, seed=seed) as fight:
        play_until_human(fight, humans_too=True)
        assert fight.over, f"{scenario.name} on {params.text()} did not end"


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
@pytest.mark.parametrize("index", range(5))
def test_ai_fights_on_generated_maps_end(catalog: Catalog, ruleset: str, index: int) -> None:
    _play(catalog, ruleset, index)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
def test_200_ai_fights_per_ruleset_on_generated_maps_end(catalog: Catalog, ruleset: str) -> None:
    for index in range(200):
        _play(catalog, ruleset, index)
