"""Shipped Werewolf scenarios: a showcase shows its example whole, and nothing follows the end."""

from __future__ import annotations

import dataclasses

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.engine import Fight
from arena.engine.forecast import play_out
from arena.engine.setup import scenario_fight

SCENARIOS = sorted(
    name
    for name, scenario in load_catalog(default_content_root()).scenarios.items()
    if scenario.ruleset == "werewolf"
)
SEEDS = range(12)


@pytest.mark.parametrize("seed", range(40))
def test_vilna_showcase_shows_all_ten_split_actions_of_4_dice_on_every_seed(
    catalog: Catalog, seed: int
):
    fight = play_out(scenario_fight(catalog, "werewolf-vilna", seed=seed))
    first = [e for e in fight.events if e.round == 1]
    rolled = [
        (e.data["segment"], e.data["pool"])
        for e in first
        if e.kind == "attack_rolled" and e.actor == "vilna"
    ]
    assert rolled == [(segment, 4) for segment in range(9, -1, -1)]
    rage = next(e for e in first if e.kind == "rage_spent")
    assert rage.data["segments"] == (9, 7, 5, 3, 1)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", SCENARIOS)
def test_nothing_happens_after_the_fight_ended_in_any_shipped_werewolf_scenario(
    catalog: Catalog, name: str, seed: int
):
    fight = play_out(scenario_fight(catalog, name, seed=seed))
    kinds = [e.kind for e in fight.events]
    assert kinds.count("fight_ended") == 1
    assert kinds[-1] == "fight_ended", kinds[kinds.index("fight_ended") :]


@pytest.mark.parametrize("name", ["werewolf-vilna", "lesson-2c-vilna-split"])
def test_vilna_showcase_rig_holds_whoever_plays_her(catalog: Catalog, name: str):
    # Only initiative is rigged: a person (here a random player) choosing other actions
    # meets no rigged faces meant for another roll.
    scenario = catalog.scenarios[name]
    played = dataclasses.replace(
        scenario,
        combatants=tuple(
            dataclasses.replace(c, controller="ai:random", script=(), answers={})
            for c in scenario.combatants
        ),
        expect=None,
    )
    for seed in range(6):
        fight = play_out(Fight(played, catalog, seed=seed))
        assert fight.events[-1].kind == "fight_ended"
