"""The toolkit's own test: a hurt Garou in Crinos and a hurt sorcerer, set up on inline maps.

The labelled rigged rolls hold exactly the dice each first roll must have, so a wrong pool
would stop the fight (a labelled roll's faces must fit its roll) as well as fail the asserts.
"""

from __future__ import annotations

from arena.content.loader import Catalog, load_scenario_text
from arena.engine import Fight
from arena.engine.controllers import play_until_human
from arena.rules.dice import RiggedDice
from arena.rules.events import Event

MAP = 'map: {name: Back room, rows: ["#######", "#.12..#", "#######"]}\n'


def rolled(fight: Fight, kind: str, actor: str) -> Event:
    return next(e for e in fight.events if e.kind == kind and e.actor == actor)


def test_a_garou_in_crinos_with_two_aggravated_levels_rolls_hurt_pools(catalog: Catalog) -> None:
    text = (
        "name: Hurt in Crinos\nruleset: werewolf\nmax_rounds: 1\n"
        + MAP
        + """rigged:
  - {who: vilna, roll: initiative, faces: [9, 9, 9, 2, 2, 2]}
  - {who: vilna, roll: attack, faces: [8, 8, 8, 3, 3, 3, 3]}
when_rigged_left_over: error
combatants:
  - {id: vilna, template: vilna, side: garou, spawn: 1, form: crinos, damage: {aggravated: 2},
     controller: script, answers: {rage: "rage:0", willpower: forgo},
     script: [{action: "claw:tom"}]}
  - {id: tom, template: tom, side: other, spawn: 2, controller: ai:nearest/easy}
"""
    )
    fight = Fight(load_scenario_text(text, "t.yaml", catalog), catalog)
    play_until_human(fight, humans_too=True)
    # Two aggravated levels are Hurt, -1: Wits 4 + Alertness 3 - 1.
    initiative = rolled(fight, "initiative_rolled", "vilna")
    assert (initiative.data["pool"], initiative.data["score"]) == (6, 3)
    # Crinos Dexterity 5 + Brawl 3 - 1, at the claw's difficulty 6.
    attack = rolled(fight, "attack_rolled", "vilna")
    assert (attack.data["pool"], attack.data["difficulty"], attack.data["segment"]) == (7, 6, 3)
    assert attack.data["successes"] == 3
    # Crinos Strength 7 + the claw's 1 + 2 successes past the first.
    assert rolled(fight, "damage_rolled", "vilna").data["pool"] == 10
    assert isinstance(fight.dice, RiggedDice)
    assert fight.dice.left_over() == ()


def test_a_sorcerer_with_lasting_five_rolls_five_dice_fewer(catalog: Catalog) -> None:
    text = (
        "name: Hurt sorcerer\nruleset: sorcerer\nmax_rounds: 1\n"
        + MAP
        + """rigged:
  - {who: brute, roll: order, faces: [9, 7, 4]}
combatants:
  - id: brute
    side: a
    spawn: 1
    damage: {lasting: 5}
    weapons: [fists]
    character: {name: Brute, glyph: b, kind: human, stamina: 8, will: 3}
  - {id: vic, template: vic, side: b, spawn: 2, weapons: [fists]}
"""
    )
    fight = Fight(load_scenario_text(text, "t.yaml", catalog), catalog)
    play_until_human(fight, humans_too=True)
    # Stamina 8 less 5 for lasting damage: 3 dice, which roll for order and perform.
    tally = rolled(fight, "pool_tallied", "brute")
    assert (tally.data["base"], tally.data["penalty"], tally.data["dice"]) == (8, 5, 3)
    assert rolled(fight, "order_rolled", "brute").data["performance"] == (9, 7, 4)
    assert rolled(fight, "pool_tallied", "vic").data["dice"] == 4
