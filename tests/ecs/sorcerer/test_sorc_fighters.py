"""A Sorcerer combatant's carried record: its own components, kept current, copied with a fight."""

from __future__ import annotations

from typing import Any

import esper

from arena.ecs.components import Identity, Position, Status
from arena.ecs.sorcerer import queries
from arena.ecs.sorcerer.components import DemonState, Health, Plan, Scores
from arena.engine import Fight
from arena.engine.copies import branch
from tests.ecs.sorcerer.conftest import MakeFight


def _records(fight: Fight) -> dict[str, Any]:
    """Each combatant's carried record by id, read inside the fight's own world."""
    with fight._world.entered():
        return {f.who.cid: f for f in queries.fighters()}


def test_carried_record_holds_the_combatants_own_components(
    make_fight: MakeFight, sorc: Any
) -> None:
    fight = make_fight(("m", "mage", "north", 1), ("p", "pet", "north", 2), strict=False)
    with fight._world.entered():
        found = queries.fighters()
        assert [f.who.cid for f in found] == ["m", "p"]  # roster order
        for f in found:
            # The very components the systems change, not copies of them.
            assert f.who is esper.component_for_entity(f.ent, Identity)
            assert f.status is esper.component_for_entity(f.ent, Status)
            assert f.pos is esper.component_for_entity(f.ent, Position)
            assert f.scores is esper.component_for_entity(f.ent, Scores)
            assert f.health is esper.component_for_entity(f.ent, Health)
            assert f.plan is esper.component_for_entity(f.ent, Plan)
            assert queries.fighter(f.ent) is f
            assert queries.fighter_of(f.who.cid) is f
        mage, pet = found
        assert mage.demon is None
        assert pet.demon is esper.component_for_entity(pet.ent, DemonState)
        assert mage.sheet.name == "Mage"
        assert sorted(mage.arms) == ["fists"]
        assert pet.place == mage.place == -1  # no order fixed yet


def test_carried_record_follows_the_fight_as_it_changes(make_fight: MakeFight, sorc: Any) -> None:
    # A closes in on B and hits: its record shows the new cell, B's the damage, both the
    # places and performances the order gave them, with no record made again.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 5),
        rigged=[10, 10, 10] + [1] * 12,
        strict=False,
    )
    before = _records(fight)
    sorc.answer(fight, "a", "attack:b:fists")
    sorc.answer(fight, "b", "total_defense")
    after = _records(fight)
    assert after["a"] is before["a"]
    assert after["b"] is before["b"]
    a, b = after["a"], after["b"]
    assert (a.pos.x, a.pos.y) != (1, 1)  # closed in from its spawn
    assert b.health.wounds.total > 0
    assert {a.place, b.place} == {0, 1}
    with fight._world.entered():
        rs = queries.round_state()
        assert rs.members[a.place] == a.ent
        assert rs.members[b.place] == b.ent
        assert rs.order is not None
        assert a.performance == rs.order.entry(a.place).performance == (10, 10, 10)
        assert b.performance == rs.order.entry(b.place).performance


def test_carried_record_of_a_copied_fight_holds_the_copys_components(
    make_fight: MakeFight, sorc: Any
) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 2), strict=False)
    twin = branch(fight, seed=7)
    mine, its = _records(fight), _records(twin)
    assert mine["a"] is not its["a"]
    assert its["a"].plan is not mine["a"].plan
    with twin._world.entered():
        assert its["a"].plan is esper.component_for_entity(its["a"].ent, Plan)
    # Changing the copy leaves the fight as it was.
    its["a"].pos.x = 9
    assert mine["a"].pos.x == 1


def test_a_copied_fight_shares_what_only_gets_replaced_and_shows_its_own_changes(
    make_fight: MakeFight, sorc: Any
) -> None:
    # The view's places and order lines, the weapons and their harm are shared by a copy, not
    # copied; the copy still shows its own moves, and the fight its own.
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 5), strict=False)
    shown = fight.view()
    twin = branch(fight, seed=7)
    with fight._world.entered():
        mine = queries.round_state()
    with twin._world.entered():
        its = queries.round_state()
    assert its is not mine
    assert its.views is not mine.views  # kept per fight: each changes its own
    assert its.placed is mine.placed
    assert its.lines is mine.lines
    a, twin_a = _records(fight)["a"], _records(twin)["a"]
    assert twin_a.arms is a.arms
    assert twin_a.harms is a.harms
    assert twin_a.scores is not a.scores  # what a fight changes is its own
    twin_a.pos.x = 3
    twin._view = None
    assert twin.view().combatant("a").pos == (3, 1)
    fight._view = None
    assert fight.view() == shown


def test_fights_of_one_scenario_place_alike_but_each_gets_its_own_components(
    make_fight: MakeFight, sorc: Any
) -> None:
    # The placing is worked out once for the scenario; a second fight of it starts as the
    # first did, with components of its own: the first fight's changes never reach it.
    first = make_fight(("m", "mage", "north", 1), ("p", "pet", "north", 2), strict=False)
    with first._world.entered():
        mage, pet = queries.fighters()
        assert pet.demon is not None
        assert pet.demon.binding is not None
        assert (pet.demon.binding.master, pet.demon.known_by) == ("m", ["m"])
        assert (mage.scores.sorcerer, pet.scores.sorcerer) == (True, False)
        mage.scores.humanity -= 1
        pet.demon.known_by.append("x")
        mage.status.state = "dead"
    second = type(first)(first.scenario, first.catalog, seed=3)
    second.start()
    with second._world.entered():
        again = queries.fighters()
        assert [f.who.cid for f in again] == ["m", "p"]
        assert again[0].scores.humanity == mage.scores.humanity + 1
        assert again[0].status.state == "active"
        assert again[1].demon is not None
        assert again[1].demon.known_by == ["m"]
        assert again[0].scores is not mage.scores
        assert again[1].demon is not pet.demon
    assert [e.data for e in second.events[:2]] == [e.data for e in first.events[:2]]


def test_fights_of_one_scenario_carry_the_sheets_and_weapons_looked_up_once(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Each combatant's sheet and weapons come from content once per scenario: a second fight
    # carries the very same ones, and keeps its own harms (worked out by that fight).
    first = make_fight(("s", "shooter", "north", 1), ("p", "imp", "south", 5), strict=False)
    shooter, imp = _records(first).values()
    assert shooter.sheet is first.catalog.sections[("sorcerer", "characters")]["shooter"]
    assert list(shooter.arms) == ["pistol", "fists"]  # in the sheet's order
    assert shooter.arms["pistol"] is first.catalog.sections[("sorcerer", "weapons")]["pistol"]
    assert list(imp.arms) == ["claws"]
    second = type(first)(first.scenario, first.catalog, seed=3)
    second.start()
    again = _records(second)
    assert again["s"].sheet is shooter.sheet
    assert again["s"].arms is shooter.arms
    assert again["p"].arms is imp.arms
    assert again["s"].harms is not shooter.harms
    assert again["s"].scores is not shooter.scores
