"""Shared Rage decisions: the one found by its key is the one the fight would make afresh.

The fights of one setup share their Rage decisions, keyed by the spends offered, the
initiative and form their segments follow from, and the Rage left. At every Rage decision of
seeded AI fights, under the options that change the spends, the shared one must equal one
made afresh.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.engine import Controllers, Fight
from arena.sim.plan import batch_scenario

rage = importlib.import_module("arena.ecs.werewolf.rage")  # the module, not its step

CATALOG: Catalog = load_catalog(default_content_root())
SCENARIOS = ("werewolf-thugs", "werewolf-ai-pack", "werewolf-w20")
OPTIONS: tuple[dict[str, Any], ...] = ({}, {"rage_actions": "per_point"}, {"rage_actions": "w20"})


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("options", OPTIONS)
def test_a_shared_rage_decision_is_the_one_made_afresh(
    name: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    shared_decision = rage._decision
    checked = [0]
    made: list[object] = []

    def decision(ctx: Any, ent: int, spends: tuple[int, ...]) -> Any:
        shared = shared_decision(ctx, ent, spends)
        assert shared == rage._new_decision(ctx, ent, spends)
        made.append(shared)
        checked[0] += 1
        return shared

    monkeypatch.setattr(rage, "_decision", decision)
    base = batch_scenario(CATALOG.scenarios[name])
    scenario = dataclasses.replace(base, options={**base.options, **options})
    for seed in range(1, 7):
        fight = Fight(scenario, CATALOG, seed=seed, rigged=())
        try:
            Controllers(fight, watch=True, reasons=False).run()
        finally:
            fight.close()
    assert checked[0] > 5
    assert len({id(d) for d in made}) < len(made)  # some were found shared
