"""A sorcerer who meets her double: every combatant its own id, each demon beside its master."""

from __future__ import annotations

import dataclasses

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.engine import Controllers, Fight
from arena.gauntlet import Carried
from arena.gauntlet.lineup import fight_scenario


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_content_root())


@pytest.mark.parametrize("group", ["rival", "rival-and-blade"])
def test_ada_against_ada_and_her_watch_ends(catalog: Catalog, group: str) -> None:
    # Ada's bound demon Tick stands beside her, and the rival group brings another Ada and
    # another Tick: both Ticks were "tick", and the fight asked one of them forever.
    scenario = fight_scenario(
        catalog,
        ruleset="sorcerer",
        character="ada",
        group=catalog.section("gauntlet", "sorcerer")[group],  # type: ignore[arg-type]
        carried=Carried(),
        controller="ai:sorcerer",
        seed=1,
        max_rounds=20,
    )
    ids = [c.id for c in scenario.combatants]
    assert ids[:4] == ["ada", "tick", "ada-1", "tick-1"]
    assert len(set(ids)) == len(ids)
    with Fight(scenario, catalog) as fight:
        Controllers(fight, watch=True, reasons=False).run(stop_after=2_000)
        view = fight.view()
        assert fight.over
        masters = {
            c.id: c.sorcerer.demon.master
            for c in view.combatants
            if c.sorcerer is not None and c.sorcerer.demon is not None
        }
    assert masters["tick"] == "ada"
    assert masters["tick-1"] == "ada-1"


def test_a_fight_refuses_two_combatants_of_one_id(catalog: Catalog) -> None:
    scenario = catalog.scenarios["sorcerer-duel"]
    twin = dataclasses.replace(scenario.combatants[1], id=scenario.combatants[0].id)
    doubled = dataclasses.replace(scenario, combatants=(scenario.combatants[0], twin))
    with pytest.raises(ValueError, match=r"combatants\[1\]\.id: 'rook' is taken by another"):
        Fight(doubled, catalog)
