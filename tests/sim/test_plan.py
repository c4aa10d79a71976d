"""Batch plans: derived seeds, how a batch plays a scenario, and arguments refused early."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from arena.content.loader import Catalog, default_content_root
from arena.content.scenario import CombatantDef
from arena.sim.errors import SimError
from arena.sim.plan import batch_notes, batch_scenario, derive_seed, make_plan

ROOT = default_content_root()


def test_derived_seeds_are_fixed_forever() -> None:
    # Recorded once: a change here silently changes every published batch.
    assert [derive_seed(7, i) for i in range(3)] == [
        926381044385793237,
        7631765994772377903,
        992399040556432219,
    ]
    digest = hashlib.sha256(b"7/0").digest()
    assert derive_seed(7, 0) == int.from_bytes(digest[:8], "big") >> 1


def test_derived_seeds_differ_between_fights_and_bases() -> None:
    seeds = {derive_seed(base, i) for base in (1, 2) for i in range(1000)}
    assert len(seeds) == 2000
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_batch_drops_rigged_faces_and_plays_scripts_by_ai(catalog: Catalog) -> None:
    duel = catalog.scenarios["werewolf-duel"]
    tom = dataclasses.replace(duel.combatants[0], controller="script", script=("punch:vilna",))
    vilna = dataclasses.replace(duel.combatants[1], controller="human")
    scripted = dataclasses.replace(duel, rigged=(9, 9), combatants=(tom, vilna))
    played = batch_scenario(scripted)
    assert played.rigged == ()
    assert played.combatants[0] == dataclasses.replace(tom, controller="ai:nearest", script=())
    assert played.combatants[1] == vilna  # the engine plays people by ai:nearest itself
    assert batch_notes(scripted) == (
        "the scenario's rigged faces are not dealt: every fight has its own seed",
        "scripted combatants played by ai:nearest: tom",
        "human combatants played by ai:nearest: vilna",
    )
    assert batch_notes(duel) == ()


def test_make_plan_keeps_what_was_asked(catalog: Catalog) -> None:
    duel = catalog.scenarios["werewolf-duel"]
    plan = make_plan(
        duel, catalog, source="duel.yaml", content_root=ROOT, fights=10, changes=("tom.brawl=5",)
    )
    assert (plan.fights, plan.seed, plan.changes) == (10, duel.seed, ("tom.brawl=5",))
    assert plan.varied is not None
    assert plan.varied.scenario.combatants[0].overrides == {
        **duel.combatants[0].overrides,
        "brawl": 5,
    }
    assert make_plan(duel, catalog, source="", content_root=ROOT, fights=1, seed=3).seed == 3


@pytest.mark.parametrize(
    ("fights", "changes", "message"),
    [
        (0, (), "at least 1, got 0"),  # no fights
        (-5, (), "at least 1, got -5"),  # negative
        (10, ("tom.strenght=5",), r"no trait 'strenght' \(did you mean 'strength'\?\)"),
        (10, ("nobody.strength=5",), "no combatant 'nobody'"),
        (10, ("tom.controller=ai:genius",), "unknown AI policy 'ai:genius'; known: ai:nearest"),
        (10, ("option.no_such_option=1",), "no_such_option"),
        (10, ("preset=no-such-preset",), "no-such-preset"),
    ],
)
def test_make_plan_refuses_bad_arguments(
    catalog: Catalog, fights: int, changes: tuple[str, ...], message: str
) -> None:
    duel = catalog.scenarios["werewolf-duel"]
    with pytest.raises(SimError, match=message):
        make_plan(duel, catalog, source="", content_root=ROOT, fights=fights, changes=changes)


def test_a_scenario_with_an_unknown_policy_is_refused(catalog: Catalog) -> None:
    duel = catalog.scenarios["werewolf-duel"]
    odd = dataclasses.replace(
        duel, combatants=(CombatantDef("tom", "tom", "north", 1, "ai:psychic"),)
    )
    with pytest.raises(SimError, match="tom: unknown AI policy 'ai:psychic'"):
        make_plan(odd, catalog, source="", content_root=ROOT, fights=1)
