"""Scripts that survive prompts the dice bring: ``answers:``, entries by kind, running out."""

from __future__ import annotations

import pytest

from arena.content.errors import ContentError
from arena.content.loader import Catalog, load_scenario_text
from arena.engine import Fight, ScriptError
from arena.engine.controllers import play_until_human

HEAD = """name: Answers
ruleset: werewolf
map: {name: Room, rows: ["#######", "#.12..#", "#######"]}
seed: 5
max_rounds: 3
combatants:
  - {id: vilna, template: vilna, side: b, spawn: 2}
"""


def fight(catalog: Catalog, tom: str) -> Fight:
    text = HEAD + f"  - {{id: tom, template: tom, side: a, spawn: 1, controller: script, {tom}}}\n"
    return Fight(load_scenario_text(text, "t.yaml", catalog), catalog)


def test_optional_willpower_prompts_take_the_default_not_the_next_action(
    catalog: Catalog,
) -> None:
    # Without answers, a prompt the dice bring eats a punch's key.
    keys = "script: [punch:vilna, punch:vilna, punch:vilna, punch:vilna, punch:vilna]"
    with pytest.raises(ScriptError, match=r"script\[0\]: 'punch:vilna'.*abort"):
        play_until_human(fight(catalog, keys))
    answers = "answers: {rage: 'rage:0', willpower: forgo, reaction: forgo}"
    played = fight(catalog, f"{keys}, {answers}, when_script_runs_out: error")
    play_until_human(played)
    assert played.over
    punches = [c for c in played.commands if c.actor == "tom" and "punch" in str(c)]
    assert len(punches) == played.script_answered("tom") == 3


def test_entries_addressed_to_a_kind_wait_for_that_kind(catalog: Catalog) -> None:
    script = (
        "script: [{rage: 'rage:1'}, {action: punch:vilna}, {action: punch:vilna}, "
        "{action: punch:vilna}], answers: {willpower: forgo, reaction: forgo, rage: 'rage:0'}"
    )
    played = fight(catalog, script)
    play_until_human(played)
    spent = [e for e in played.events if e.kind == "rage_spent" and e.actor == "tom"]
    # No Rage prompt came in turn 1 (Tom rolled no initiative to spare): the entry waited.
    assert [e.round for e in spent] == [2]
    assert played.script_used("tom", "rage") == 1


def test_the_log_says_when_the_ai_takes_over(catalog: Catalog) -> None:
    played = fight(catalog, "script: [{rage: 'rage:0'}]")
    play_until_human(played)
    ended = [e for e in played.events if e.kind == "script_ended"]
    assert [(e.actor, e.data["policy"]) for e in ended] == [("tom", "ai:nearest")]
    # In a player's words: no internal id like ``ai:nearest`` in the log.
    assert str(ended[0].text) == "Tom's script has run out: the AI (nearest) plays on."
    after = played.events[played.events.index(ended[0]) + 1]
    assert (after.kind, after.data["controller"]) == ("ai_reasoned", "script")


def test_a_script_may_refuse_to_run_out(catalog: Catalog) -> None:
    played = fight(catalog, "script: [{rage: 'rage:0'}], when_script_runs_out: error")
    with pytest.raises(ScriptError, match="ran out at a reaction decision"):
        play_until_human(played)


@pytest.mark.parametrize(
    ("tom", "key"),
    [
        # a kind no decision has
        ("answers: {rgae: 'rage:0'}", "combatants[1].answers.rgae"),
        # an entry addressed to two kinds
        ("script: [{rage: 'rage:0', action: wait}]", "combatants[1].script[0]"),
        # a value that is not one of the two
        ("when_script_runs_out: stop", "combatants[1].when_script_runs_out"),
    ],
)
def test_bad_script_keys_are_named(catalog: Catalog, tom: str, key: str) -> None:
    text = HEAD + f"  - {{id: tom, template: tom, side: a, spawn: 1, controller: script, {tom}}}\n"
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text, "t.yaml", catalog)
    assert [(i.line, i.key) for i in caught.value.issues] == [(8, key)]
