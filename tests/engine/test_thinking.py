"""An expert's answer worked out on a worker is the answer its own fight would give."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.engine.controllers import answer
from arena.engine.expert import DEFAULT_BUDGET_MS, set_budget
from arena.engine.thinking import answer_at, asked, looks_ahead


@pytest.fixture(autouse=True)
def small_budget() -> Iterator[None]:
    set_budget(12)
    yield
    set_budget(DEFAULT_BUDGET_MS)


def with_expert(catalog: Catalog, name: str, policy: str) -> Fight:
    scenario = catalog.scenarios[name]
    first = dataclasses.replace(scenario.combatants[0], controller=f"ai:{policy}", script=())
    others = scenario.combatants[1:]
    scenario = dataclasses.replace(scenario, rigged=(), combatants=(first, *others))
    return Fight(scenario, catalog, seed=3)


@pytest.mark.parametrize(
    ("name", "policy"), [("werewolf-duel", "garou"), ("sorcerer-duel", "thug")]
)
def test_an_expert_answers_on_a_worker_as_in_its_own_fight(
    catalog: Catalog, name: str, policy: str
) -> None:
    with with_expert(catalog, name, f"{policy}/expert") as fight:
        expert = fight.scenario.combatants[0].id
        fight.start()
        controllers = Controllers(fight, watch=True)
        compared = 0
        while not fight.over and compared < 3:
            decision = controllers.automatic()
            assert decision is not None
            if decision.actor == expert and looks_ahead(fight, decision):
                moment, actor, budget = asked(fight, decision)
                assert (actor, budget) == (expert, 12)
                here = answer(fight, decision)
                assert answer_at(moment, actor, budget) == here
                compared += 1
            controllers.step()
    assert compared == 3


def test_only_an_expert_with_a_choice_to_weigh_looks_ahead(catalog: Catalog) -> None:
    with with_expert(catalog, "sorcerer-duel", "thug") as fight:
        fight.start()
        assert not any(looks_ahead(fight, d) for d in fight.pending())
    with with_expert(catalog, "sorcerer-duel", "thug/expert") as fight:
        fight.start()
        mine, other = fight.pending()
        assert looks_ahead(fight, mine)
        assert not looks_ahead(fight, other)
        lone = dataclasses.replace(mine, choices=mine.choices[:1])
        assert not looks_ahead(fight, lone)


def test_a_worker_asked_for_someone_with_nothing_pending_says_so(catalog: Catalog) -> None:
    with with_expert(catalog, "sorcerer-duel", "thug/expert") as fight:
        fight.start()
        moment, _, budget = asked(fight, fight.pending()[0])
    with pytest.raises(ValueError, match="nobody has nothing to decide"):
        answer_at(moment, "nobody", budget)
