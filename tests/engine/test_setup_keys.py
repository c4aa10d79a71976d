"""Scenario keys that set a situation up: starting form, damage, pools, gear, inline sheets."""

from __future__ import annotations

import pytest

from arena.content.errors import ContentError
from arena.content.loader import Catalog, load_scenario_text
from arena.engine import Fight
from arena.engine.controllers import play_until_human
from arena.rules.events import Event

ROOM = """
map:
  name: Back room
  rows:
    - "#######"
    - "#.12..#"
    - "#######"
"""


def first(events: tuple[Event, ...] | list[Event], kind: str, actor: str) -> Event:
    return next(e for e in events if e.kind == kind and e.actor == actor)


def test_a_garou_in_crinos_with_two_aggravated_rolls_its_first_pool_hurt(
    catalog: Catalog,
) -> None:
    text = f"""
name: Vilna hurt in Crinos
ruleset: werewolf
{ROOM}
combatants:
  - {{id: vilna, template: vilna, side: garou, spawn: 1, form: crinos,
     damage: {{aggravated: 2}}, pools: {{rage: 1, willpower: 2}}}}
  - {{id: tom, template: tom, side: other, spawn: 2, maneuvers: [punch], weapons: []}}
"""
    fight = Fight(load_scenario_text(text, "t.yaml", catalog), catalog)
    events = fight.start()
    assert first(events, "combatant_placed", "vilna").data["form"] == "crinos"
    # Wits 4 + Alertness 3, less 1 for Hurt (two levels): 6 dice.
    assert first(events, "initiative_rolled", "vilna").data["pool"] == 6
    vilna = next(c for c in fight.view().combatants if c.id == "vilna")
    assert vilna.penalty == 1


def test_a_sorcerer_with_lasting_three_rolls_three_dice_fewer(catalog: Catalog) -> None:
    text = f"""
name: Vic hurt
ruleset: sorcerer
{ROOM}
combatants:
  - {{id: vic, template: vic, side: a, spawn: 1, damage: {{lasting: 3}}, weapons: [fists],
     controller: ai:nearest/easy}}
  - id: thug
    side: b
    spawn: 2
    character: {{name: Thug, glyph: t, kind: human, stamina: 3, will: 2}}
"""
    fight = Fight(load_scenario_text(text, "t.yaml", catalog), catalog)
    events = play_until_human(fight, humans_too=True)
    # Stamina 4 less 3 lasting: 1 die (lasting 4 or more would stop him acting at all).
    tally = first(events, "pool_tallied", "vic")
    assert (tally.data["base"], tally.data["penalty"], tally.data["dice"]) == (4, 3, 1)
    assert first(events, "pool_tallied", "thug").data["dice"] == 3
    assert first(events, "combatant_placed", "thug").data["cell"] == (3, 1)


def test_an_inline_character_and_map_survive_a_save_round_trip(catalog: Catalog) -> None:
    from arena.content.dump import scenario_to_yaml

    text = f"""
name: Inline
ruleset: werewolf
{ROOM}
combatants:
  - {{id: vilna, template: vilna, side: a, spawn: 1}}
  - id: thug
    side: b
    spawn: 2
    character:
      name: Thug
      glyph: t
      kind: human
      attributes: {{strength: 3, dexterity: 2, stamina: 3, wits: 2}}
      willpower: 3
"""
    scenario = load_scenario_text(text, "t.yaml", catalog)
    assert load_scenario_text(scenario_to_yaml(scenario), "again", catalog) == scenario


BAD = [
    # a form the sheet does not have
    ("form: wolfman", "combatants[0].form", "not one of its forms"),
    # a damage kind Werewolf does not track
    ("damage: {lasting: 1}", "combatants[0].damage.lasting", "unknown damage"),
    # more levels than the track holds, of one kind or in all
    ("damage: {lethal: 8}", "combatants[0].damage.lethal", "must be 0 to 7, got 8"),
    ("damage: {lethal: 4, bashing: 4}", "combatants[0].damage", "at most 7 levels"),
    # a pool above its rating
    ("pools: {rage: 9}", "combatants[0].pools.rage", "permanent rage"),
    # an unknown pool
    ("pools: {humanity: 1}", "combatants[0].pools.humanity", "unknown pool"),
    # a maneuver content lacks
    ("maneuvers: [headbutt]", "combatants[0].maneuvers[0]", "no werewolf/maneuvers"),
    # a weapon content lacks
    ("weapons: [lance]", "combatants[0].weapons[0]", "no werewolf/weapons"),
    # both a template and a character
    (
        "character: {name: X, glyph: x, kind: human, attributes: {strength: 1, dexterity: 1, "
        "stamina: 1, wits: 1}, willpower: 1}",
        "combatants[0]",
        "either template",
    ),
    # a number out of range
    ("damage: {bashing: -1}", "combatants[0].damage.bashing", "must be 0 to 7, got -1"),
]


@pytest.mark.parametrize(("extra", "key", "words"), BAD)
def test_bad_setup_keys_name_the_file_line_and_key(
    catalog: Catalog, extra: str, key: str, words: str
) -> None:
    text = f"""name: Bad
ruleset: werewolf
map: duel
combatants:
  - {{id: tom, template: tom, side: a, spawn: 1, {extra}}}
  - {{id: vilna, template: vilna, side: b, spawn: 2}}
"""
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text, "bad.yaml", catalog)
    issue = next(i for i in caught.value.issues if words in i.message)
    assert (issue.path, issue.line, issue.key) == ("bad.yaml", 5, key)


def test_a_bad_inline_map_is_named_under_map(catalog: Catalog) -> None:
    text = """name: Bad map
ruleset: werewolf
map: {name: Room, rows: ["#.1#", "#..2#"]}
combatants:
  - {id: tom, template: tom, side: a, spawn: 1}
  - {id: vilna, template: vilna, side: b, spawn: 2}
"""
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text, "bad.yaml", catalog)
    assert [i.key.split(".")[0].split("[")[0] for i in caught.value.issues] == ["map"]


def test_sorcerer_refuses_werewolf_keys(catalog: Catalog) -> None:
    text = """name: Bad
ruleset: sorcerer
map: duel
combatants:
  - {id: vic, template: vic, side: a, spawn: 1, form: crinos, damage: {aggravated: 1}}
  - {id: rook, template: rook, side: b, spawn: 2}
"""
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text, "bad.yaml", catalog)
    keys = {i.key for i in caught.value.issues}
    assert keys == {"combatants[0].form", "combatants[0].damage.aggravated"}
