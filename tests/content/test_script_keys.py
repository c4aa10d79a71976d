"""Script keys validate refuses: malformed, or naming what the scenario lacks."""

from __future__ import annotations

import dataclasses
import functools
import re

import pytest

from arena.content.choice_keys import KEYS
from arena.content.dump import scenario_to_yaml
from arena.content.errors import ContentError
from arena.content.loader import Catalog, default_content_root, load_catalog, load_scenario_text
from arena.content.script_keys import SCRIPT_CHECKS
from arena.engine import Controllers, Fight

SCENARIOS = sorted(p.stem for p in (default_content_root() / "scenarios").glob("*.yaml"))
SEEDS = range(1, 6)
"""The seeds played by default: every shape comes up within four of them, so five leave room."""
MORE_SEEDS = range(6, 8)
"""Played too with -m slow: more keys held to the check."""
SLOT = re.compile(r"\{\w+\}")


@functools.cache
def _catalog() -> Catalog:
    return load_catalog(default_content_root())


@functools.cache
def _offered(name: str, seed: int) -> dict[str, dict[str, str]]:
    """Every key a shipped scenario's fight offers each combatant, by kind, played at random."""
    catalog = _catalog()
    scenario = catalog.scenario(name)
    # Werewolf's stun option is off in every shipped scenario: on, its decision comes up too.
    options = {**scenario.options, "stun": True} if scenario.ruleset == "werewolf" else {}
    played = dataclasses.replace(
        scenario,
        options=options or scenario.options,
        combatants=tuple(
            dataclasses.replace(c, controller="ai:random", script=(), answers={})
            for c in scenario.combatants
        ),
    )
    offered: dict[str, dict[str, str]] = {c.id: {} for c in scenario.combatants}
    with Fight(played, catalog, seed=seed) as fight:
        controllers = Controllers(fight, watch=True)
        fight.start()
        while not fight.over:
            for decision in fight.pending():
                keys = [c.key for c in decision.choices]
                if decision.resolver is not None:  # unlisted moves a Werewolf may still make
                    keys += [f"move:{x},{y}" for x, y in decision.resolver.move_cells()]
                offered[decision.actor].update(dict.fromkeys(keys, decision.kind))
            if controllers.step() is None:
                break
    return offered


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_key_a_fight_offers_passes_the_check(name: str) -> None:
    # The check's shapes are written apart from the code that makes the keys: fights played
    # at random, seed after seed, hold them to every key they offer, each to its own kind.
    _check_keys(name, SEEDS)


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENARIOS)
def test_every_key_more_fights_offer_passes_the_check(name: str) -> None:
    _check_keys(name, MORE_SEEDS)


def _check_keys(name: str, seeds: range) -> None:
    shipped = _catalog()
    scenario = shipped.scenario(name)
    offered: dict[str, dict[str, str]] = {c.id: {} for c in scenario.combatants}
    for seed in seeds:
        for who, keys in _offered(name, seed).items():
            offered[who].update(keys)
    scripted = dataclasses.replace(
        scenario,
        combatants=tuple(
            dataclasses.replace(
                c,
                controller="script",
                script=tuple({kind: key} for key, kind in offered[c.id].items()),
                answers={},
            )
            for c in scenario.combatants
        ),
    )
    assert sum(len(keys) for keys in offered.values()) > 2
    load_scenario_text(scenario_to_yaml(scripted), f"{name}.yaml", shipped, SCRIPT_CHECKS)


def test_every_shape_is_one_a_fight_offers() -> None:
    # The other way round: a shape no fight offers would let keys through that none takes.
    unseen = {(r, kind, shape) for r, kinds in KEYS.items() for kind, shapes in kinds.items()
              for shape in shapes}  # fmt: skip
    for name in SCENARIOS:
        ruleset = _catalog().scenario(name).ruleset
        for seed in SEEDS:
            for keys in _offered(name, seed).values():
                for key, kind in keys.items():
                    unseen -= {(ruleset, kind, s) for s in KEYS[ruleset][kind] if _fits(s, key)}
    assert unseen == set()


def _fits(shape: str, key: str) -> bool:
    # The fixed text of the shape in order, each slot standing for some text of the key.
    pattern = ".+".join(re.escape(piece) for piece in SLOT.split(shape))
    return re.fullmatch(pattern, key) is not None


WEREWOLF = """name: Keys
ruleset: werewolf
map: duel
combatants:
  - {id: vilna, template: vilna, side: south, spawn: 2}
  - {id: tom, template: tom, side: north, spawn: 1, controller: script,
     script: [%s]}
"""
SORCERER = """name: Keys
ruleset: sorcerer
map: {name: Ring, rows: ["#######", "#1.32.#", "#######"]}
combatants:
  - {id: vic, template: vic, side: north, spawn: 1}
  - {id: scratch, template: scratch, side: north, spawn: 3}
  - {id: rook, template: rook, side: south, spawn: 2, controller: script,
     script: [%s]}
"""


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        (WEREWOLF, "punch:vilna"),  # an attack with a maneuver tom knows
        (WEREWOLF, "{action: 'move:10,6'}"),  # the far corner of the map, inside its walls
        (WEREWOLF, "'move:03,2'"),  # a Werewolf move reads the cell's digits as numbers
        (WEREWOLF, "'shift:crinos:rage'"),  # a form of tom's sheet
        (WEREWOLF, "'split:punch:vilna@4x3+dodge@4x2+move:3,2@1x1'"),  # three parts
        (WEREWOLF, "'rage:12'"),  # a number no pool holds now may be one later: not checked
        (WEREWOLF, "{willpower: 'willpower:0'}"),
        (WEREWOLF, "end_frenzy"),
        (WEREWOLF, "{reaction: forgo}"),
        (WEREWOLF, "{free_attack: 'claw:vilna'}"),  # a free attack on someone leaving
        (WEREWOLF, "{free_attack: forgo}"),  # letting them go
        (SORCERER, "'attack:scratch:fists'"),  # any other combatant, a demon too
        (SORCERER, "'attack:vic:fists'"),  # an ally: sides are the fight's business
        (SORCERER, "{intention: total_defense}"),
        (SORCERER, "{push: 'push:3'}"),
    ],
)
def test_a_key_some_moment_may_take_passes(text: str, entry: str) -> None:
    load_scenario_text(text % entry, "s.yaml", _catalog(), SCRIPT_CHECKS)


@pytest.mark.parametrize(
    ("text", "entry", "key", "message"),
    [
        # a target that is no combatant, with the nearest
        (WEREWOLF, "punch:vilma", "script[0]", "no combatant 'vilma' (did you mean 'vilna'?); "
         "combatants: vilna, tom"),
        # an attack on oneself
        (WEREWOLF, "kick:tom", "script[0]", "'tom' is this combatant itself"),
        # a means the combatant does not have, with what it has
        (WEREWOLF, "bone_blades:vilna", "script[0]", "tom has no maneuver or weapon "
         "'bone_blades'; it has: punch, kick, claw, bite, body_tackle, grapple, sweep"),
        # a cell off the map, and one in its wall
        (WEREWOLF, "'move:12,3'", "script[0]",
         "cell 12,3 is off the map, whose cells run from 0,0 to 11,7"),
        (WEREWOLF, "'move:0,3'", "script[0]", "cell 0,3 is a wall"),
        # a cell that is no cell: '²' is a digit to isdigit() only
        (WEREWOLF, "'move:3,²'", "script[0]", "expected a cell x,y such as 3,4, got '3,²'"),
        # a form not on the sheet
        (WEREWOLF, "'shift:spirit'", "script[0]",
         "tom has no form 'spirit'; its forms: homid, glabro, crinos, hispo, lupus"),
        # a split's parts: too few, malformed, or one no split may take
        (WEREWOLF, "'split:dodge@4x3'", "script[0]", "a split has 2 or 3 parts joined by +, got 1"),
        (WEREWOLF, "'split:dodge@4x3+punch:vilna@²x3'", "script[0]",
         "each part is action@SEGMENTxDICE such as punch:tom@4x3, got 'punch:vilna@²x3'"),
        (WEREWOLF, "'split:dodge@4x3+wait@4x1'", "script[0]",
         "the part 'wait@4x1': no action a split may take"),
        # a key addressed to a kind whose decisions never offer its shape
        (WEREWOLF, "{rage: dodge}", "script[0].rage",
         "no key of a werewolf rage decision has this shape; keys: rage:<number>"),
        (WEREWOLF, "{rage: 'rage:one'}", "script[0].rage", "expected a whole number, got 'one'"),
        # a free attack is a blow or a no: not a dodge, nor a blow on oneself
        (WEREWOLF, "{free_attack: dodge}", "script[0].free_attack",
         "no key of a werewolf free_attack decision has this shape; keys: <means>:<target>, "
         "forgo"),
        (WEREWOLF, "{free_attack: 'punch:tom'}", "script[0].free_attack",
         "'tom' is this combatant itself"),
        # a word no decision offers, with the nearest
        (WEREWOLF, "doge", "script[0]",
         "no key of a werewolf decision has this shape (did you mean 'dodge'?); keys: "
         "<means>:<target>, dodge, "),
        # a decision kind of the other ruleset
        (WEREWOLF, "{intention: wait}", "script[0].intention", "no werewolf decision kind "
         "'intention'; kinds: action, rage, reaction, willpower, stun, free_attack"),
        # Sorcerer: a weapon not held, a firearm not held, a ritual not known
        (SORCERER, "'attack:vic:club'", "script[0]", "rook has no weapon 'club'; it has: fists"),
        (SORCERER, "'aim:vic:fists'", "script[0]", "rook holds no firearm 'fists'; firearms: none"),
        (SORCERER, "'ritual:bind:scratch'", "script[0]",
         "rook knows no ritual 'bind'; its rituals: none"),
        # an order to a combatant that is no demon, and an order no demon takes
        (SORCERER, "'command:vic:total_defense'", "script[0]", "'vic' is no demon"),
        (SORCERER, "'command:scratch:move:3,1'", "script[0]", "the order 'move:3,1': no "
         "intention a demon is ordered to take"),
        # what only a demon with the ability is offered
        (SORCERER, "cloak", "script[0]", "only a demon with the cloak ability is offered it"),
        # the other ruleset's keys, though what they name exists
        (WEREWOLF, "'attack:vilna:punch'", "script[0]",
         "no key of a werewolf decision has this shape; keys: <means>:<target>"),
        (SORCERER, "{reaction: forgo}", "script[0].reaction",
         "no key of a sorcerer reaction decision has this shape; keys: "),
        # the shape of a word, with the nearest
        (SORCERER, "{intention: total_defence}", "script[0].intention",
         "no key of a sorcerer intention decision has this shape (did you mean 'total_defense'?)"),
    ],
)  # fmt: skip
def test_a_key_no_moment_takes_is_refused_with_its_reason(
    text: str, entry: str, key: str, message: str
) -> None:
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text % entry, "s.yaml", _catalog(), SCRIPT_CHECKS)
    (issue,) = caught.value.issues
    at = (7, "combatants[1]") if text is WEREWOLF else (8, "combatants[2]")
    assert (issue.line, issue.key) == (at[0], f"{at[1]}.{key}")
    assert message in issue.message


def test_loading_alone_leaves_them_to_the_fight() -> None:
    # arena run and a save's scenario load without these checks: the fight refuses the key
    # if its moment comes, naming its line; a save of a fight whose script holds one loads.
    assert load_scenario_text(WEREWOLF % "fly:moon", "s.yaml", _catalog()).combatants[1].script
    with pytest.raises(ContentError):
        load_scenario_text(WEREWOLF % "fly:moon", "s.yaml", _catalog(), SCRIPT_CHECKS)


def test_a_refusal_quotes_the_key_and_says_it_can_never_be_legal() -> None:
    text = WEREWOLF.replace("script: [%s]", "answers: {rage: 'rage:x'},\n     script: [wait]")
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text, "s.yaml", _catalog(), SCRIPT_CHECKS)
    assert str(caught.value) == (
        "s.yaml:7: combatants[1].answers.rage: 'rage:x' can never be a legal choice: "
        "expected a whole number, got 'x'"
    )
