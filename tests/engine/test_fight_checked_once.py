"""A scenario's combatants are checked once per scenario object; a batch fight's dice are plain."""

from __future__ import annotations

import dataclasses
import random

import pytest

from arena.content.loader import Catalog
from arena.content.scenario import ScenarioDef
from arena.engine import Fight
from arena.engine import fight as fight_module
from arena.rules.dice import RiggedDice


def test_a_scenario_is_checked_once_for_all_its_fights(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[str] = []
    check = fight_module._check_combatants

    def counted(scenario: ScenarioDef) -> None:
        checked.append(scenario.ruleset)
        check(scenario)

    monkeypatch.setattr(fight_module, "_check_combatants", counted)
    scenario = dataclasses.replace(catalog.scenarios["werewolf-duel"])  # an object of its own
    for seed in range(3):
        Fight(scenario, catalog, seed=seed)
    assert checked == ["werewolf"]


def test_a_scenario_with_a_taken_id_is_refused_every_time(catalog: Catalog) -> None:
    scenario = catalog.scenarios["werewolf-duel"]
    twice = dataclasses.replace(scenario, combatants=(scenario.combatants[0],) * 2)
    for _ in range(2):  # a refused scenario is not remembered as checked
        with pytest.raises(ValueError, match="taken by another combatant"):
            Fight(twice, catalog)


def test_only_rigged_faces_bring_a_rigged_source(catalog: Catalog) -> None:
    scenario = catalog.scenarios["werewolf-duel"]
    plain = Fight(scenario, catalog, seed=7, rigged=())
    assert type(plain.dice) is random.Random
    assert plain.dice.random() == random.Random(7).random()
    rigged = Fight(scenario, catalog, seed=7, rigged=[5, 6])
    assert isinstance(rigged.dice, RiggedDice)
