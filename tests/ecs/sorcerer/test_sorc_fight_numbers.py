"""Numbers first in a running fight: choices, decisions and the view carry what the words say."""

from __future__ import annotations

from typing import Any

from arena.rules.views import ContestSpec, SorcererHarm
from tests.ecs.sorcerer.conftest import MakeFight

THREE = (("a", "brawler", "thugs", 1), ("b", "brawler", "thugs", 3), ("hero", "brawler", "hero", 2))


def test_an_attack_choice_carries_its_roll_harm_and_target(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Stamina 3 against the Mage's Stamina 3; fists: X temporary, 1 lasting, from the chart.
    fight = make_fight(("b", "brawler", "x", 1), ("mage", "mage", "y", 2))
    choice = sorc.decision(fight, "b").choice("attack:mage:fists")
    assert choice.rolls == (ContestSpec(3, 3, win="hit"),)
    assert (choice.target, choice.cell) == ("mage", None)
    assert isinstance(choice.harm, SorcererHarm)
    assert choice.harm.row == "fists"
    assert [choice.harm.at(v) for v in (0, 1, 2, 3)] == [(0, 0), (1, 1), (2, 1), (3, 1)]


def test_a_reaction_decision_carries_the_attackers_faces_and_blow(
    make_fight: MakeFight, sorc: Any
) -> None:
    # A [9 8 7] attacks Hero before Hero has acted: both answers roll against those faces.
    fight = make_fight(*THREE, rigged=[9, 8, 7, 6, 5, 4, 3, 2, 1], strict=False)
    sorc.play(
        fight,
        ("a", "attack:hero:fists"),
        ("b", "attack:hero:fists"),
        ("hero", "attack:a:fists"),
    )
    asked = sorc.decision(fight, "hero", "reaction")
    assert (asked.attacker, asked.incoming) == ("a", (9, 8, 7))
    assert isinstance(asked.harm, SorcererHarm)
    assert asked.harm.row == "fists"
    abort, suck = asked.choice("abort"), asked.choice("suck_it_up")
    assert abort is not None
    assert suck is not None
    assert abort.rolls == (ContestSpec(3, 3, known=(9, 8, 7), win="defend"),)
    assert suck.rolls == (ContestSpec(1, 3, known=(9, 8, 7), win="defend"),)
    assert abort.odds.startswith("defend ")


def test_the_view_carries_health_place_and_intention_as_numbers(
    make_fight: MakeFight, sorc: Any
) -> None:
    # The order A [9 8 7], B [6 5 4], Hero [3 2 1]; Hero sucks up A's 3 victories.
    fight = make_fight(*THREE, rigged=[9, 8, 7, 6, 5, 4, 3, 2, 1, 2], strict=False)
    sorc.play(
        fight,
        ("a", "attack:hero:fists"),
        ("b", "attack:hero:fists"),
        ("hero", "attack:a:fists"),
        ("hero", "suck_it_up"),
    )
    hero = fight.view().combatant("hero")
    assert hero.sorcerer is not None
    assert hero.wounds is not None
    assert (hero.wounds.lasting, hero.wounds.temporary, hero.wounds.penalty) == (1, 3, 4)
    assert (hero.wounds.cannot_act_at, hero.wounds.helpless_above) == (3, 6)
    assert hero.health == "lasting 1, temporary 3 (penalty 4)"
    assert (hero.sorcerer.place, hero.sorcerer.performance) == (3, (3, 2, 1))
    intent = hero.sorcerer.intent
    assert intent is not None
    assert (intent.kind, intent.target, intent.means) == ("attack", "a", "fists")


def test_a_demon_view_carries_its_binding_and_knowledge(make_fight: MakeFight) -> None:
    # The pet is bound to the Mage with strength +2; the Mage knows its Need and Desire.
    fight = make_fight(("mage", "mage", "m", 1), ("pet", "pet", "m", 2), ("b", "brawler", "x", 9))
    pet = fight.view().combatant("pet")
    assert pet.sorcerer is not None
    assert pet.sorcerer.demon is not None
    d = pet.sorcerer.demon
    assert (d.binding, d.master, d.need, d.desire) == (2, "mage", "blood", "violence")
    assert "bound to Mage, binding strength +2" in pet.notes
    assert d.judgment == "attack"
