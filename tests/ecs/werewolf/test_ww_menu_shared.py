"""Shared menus: an action menu found by its key is the one the fight would make afresh.

The fights of one setup share their action menus (`menu.action_decision`), keyed by all a menu
reads. Of the pools, the key holds only what the menu reads of them (Rage enough to shift
keeping the action, the Gnosis, whether Rage was spent, Willpower enough to end a frenzy), so a
point of Rage or Willpower spent finds the same menu again. At every action of seeded AI fights,
under the options that change the pools' use, the shared menu must equal one made afresh.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.ecs.werewolf import declare, lookup, menu
from arena.engine import Controllers, Fight
from arena.sim.plan import batch_scenario

CATALOG: Catalog = load_catalog(default_content_root())
SCENARIOS = ("werewolf-duel", "werewolf-thugs", "werewolf-ai-pack", "werewolf-w20")
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"rage_actions": "per_point"},
    {"stun": True, "shift_rage_cost": 2},
)


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("options", OPTIONS)
def test_a_shared_action_menu_is_the_one_made_afresh(
    name: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = [0]

    def action_decision(ctx: Any, ent: int, slot: Any) -> Any:
        shared = menu.action_decision(ctx, ent, slot)
        assert shared == menu._action_decision(ctx, ent, slot)
        checked[0] += 1
        return shared

    monkeypatch.setattr(declare, "action_decision", action_decision)
    base = batch_scenario(CATALOG.scenarios[name])
    scenario = dataclasses.replace(base, options={**base.options, **options})
    for seed in range(1, 7):
        fight = Fight(scenario, CATALOG, seed=seed, rigged=())
        try:
            Controllers(fight, watch=True, reasons=False).run()
        finally:
            fight.close()
    assert checked[0] > 20  # many menus were asked for, some found shared


def test_a_point_of_rage_or_willpower_spent_finds_the_same_menu(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rage spent for actions (still enough to shift) or Willpower on a roll: the same menu.

    Rage below a shift's cost takes the shifts that keep the action off the menu: another one.
    """
    seen = {"same": 0, "other": 0}

    def action_decision(ctx: Any, ent: int, slot: Any) -> Any:
        shared = menu.action_decision(ctx, ent, slot)
        pools = lookup.pools(ent)
        cost = ctx.options.shift_rage_cost
        rage, willpower = pools.rage, pools.willpower
        try:
            if rage > cost and willpower > 1 and not lookup.condition(ent).frenzied:
                pools.rage, pools.willpower = rage - 1, willpower - 1
                assert menu.action_decision(ctx, ent, slot) is shared
                seen["same"] += 1
            if rage >= cost > 0 and any(c.key.endswith(":rage") for c in shared.choices):
                pools.rage = cost - 1
                other = menu.action_decision(ctx, ent, slot)
                assert not any(c.key.endswith(":rage") for c in other.choices)
                seen["other"] += 1
        finally:
            pools.rage, pools.willpower = rage, willpower
        return shared

    monkeypatch.setattr(declare, "action_decision", action_decision)
    for name in SCENARIOS:
        scenario = batch_scenario(CATALOG.scenarios[name])
        for seed in range(1, 4):
            fight = Fight(scenario, CATALOG, seed=seed, rigged=())
            try:
                Controllers(fight, watch=True, reasons=False).run()
            finally:
                fight.close()
    assert seen["same"] > 0
    assert seen["other"] > 0
