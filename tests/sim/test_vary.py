"""`--vary KEY=VALUE`: parsing each kind of change, and laying changes over a scenario."""

from __future__ import annotations

import pytest

from arena.content.scenario import CombatantDef, ScenarioDef
from arena.sim.vary import Change, Setup, VaryError, apply_changes, parse_change

SCENARIO = ScenarioDef(
    name="duel",
    ruleset="werewolf",
    map="duel",
    combatants=(
        CombatantDef("tom", "tom", "north", 1, overrides={"brawl": 4}),
        CombatantDef("vilna", "vilna", "south", 2),
    ),
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a trait of a combatant takes a whole number
        ("tom.strength=5", Change("tom.strength=5", "trait", "tom", "strength", 5)),
        # an option value reads as YAML would: a number, true/false, or text
        (
            "option.ones_cancel=false",
            Change("option.ones_cancel=false", "option", "ones_cancel", "", False),
        ),
        ("option.limit=3", Change("option.limit=3", "option", "limit", "", 3)),
        ("option.mode=book", Change("option.mode=book", "option", "mode", "", "book")),
        # a preset by name
        ("preset=book", Change("preset=book", "preset", "", "", "book")),
        # an AI policy for a combatant
        (
            "vilna.controller=ai:random",
            Change("vilna.controller=ai:random", "controller", "vilna", "", "ai:random"),
        ),
        # a policy may carry a difficulty level
        (
            "vilna.controller=ai:thug/hard",
            Change("vilna.controller=ai:thug/hard", "controller", "vilna", "", "ai:thug/hard"),
        ),
    ],
)
def test_parse_change(text: str, expected: Change) -> None:
    assert parse_change(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tom.strength", "expected KEY=VALUE"),  # no value at all
        ("=5", "expected KEY=VALUE"),  # no key
        ("strength=5", "'strength=5': unknown key;"),  # a trait needs its combatant
        ("tom.strength=high", "whole number from 0, got 'high'"),  # not a number
        ("tom.strength=-1", "whole number from 0, got '-1'"),  # traits are never negative
        ("tom.controller=human", r"ai:POLICY\[/LEVEL\], got 'human'"),  # no person to ask
        ("tom.a.b=1", "'tom.a.b=1': unknown key;"),  # one dot only
    ],
)
def test_parse_change_refuses_malformed_keys(text: str, message: str) -> None:
    with pytest.raises(VaryError, match=message) as err:
        parse_change(text)
    assert f"--vary {text!r}" in str(err.value)  # every message names the argument


def test_apply_changes_lays_each_kind_over_the_setup() -> None:
    changes = tuple(
        parse_change(t)
        for t in ("tom.strength=5", "vilna.controller=ai:random", "option.x=2", "preset=book")
    )
    setup = apply_changes(Setup(SCENARIO), changes)
    tom, vilna = setup.scenario.combatants
    assert tom.overrides == {"brawl": 4, "strength": 5}  # earlier overrides are kept
    assert vilna.controller == "ai:random"
    assert vilna.overrides == {}
    assert setup.options == (("x", 2),)
    assert setup.preset == "book"
    assert SCENARIO.combatants[0].overrides == {"brawl": 4}  # the original is untouched


def test_a_later_change_of_the_same_key_wins() -> None:
    changes = (parse_change("option.x=1"), parse_change("option.x=2"))
    assert apply_changes(Setup(SCENARIO), changes).options == (("x", 2),)


def test_apply_changes_names_an_unknown_combatant_and_suggests() -> None:
    with pytest.raises(VaryError, match=r"no combatant 'tomm' \(did you mean 'tom'\?\)"):
        apply_changes(Setup(SCENARIO), (parse_change("tomm.strength=5"),))
