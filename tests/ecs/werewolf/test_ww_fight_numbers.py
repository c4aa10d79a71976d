"""Numbers first: Werewolf choices, views and events carry their numbers; words come from them."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.engine.controllers import decide, play_until_human
from arena.rules.events import Event
from arena.rules.views import ChoicePart, StorytellerSpec, WerewolfHarm, WerewolfHealth
from arena.words.werewolf import health_words

DOC = Path(__file__).parents[3] / "docs" / "events-werewolf.md"


def test_every_action_choice_carries_its_numbers(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        rigged=[8, 8, 8, 2] + [2] * 7,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    action = helpers.decision(fight, "tom", "action")
    assert action.segment == 3
    assert all(c.segment == 3 for c in action.choices)
    punch = action.choice("punch:vilna")
    assert punch is not None
    assert (punch.target, punch.rolls, punch.harm) == (
        "vilna",
        (StorytellerSpec(6, 5),),  # Dexterity 3 + Brawl 3, punch 5
        WerewolfHarm(3, "bashing"),  # Strength 3 + 0
    )
    assert punch.label == "Punch Vilna (6 dice at 5)"  # the dice drawn from the numbers
    assert "knocks_down" in action.choice("sweep:vilna").tags  # type: ignore[union-attr]
    assert action.choice("dodge").rolls == (StorytellerSpec(4, 6),)  # type: ignore[union-attr]
    assert not action.choice("wait").rolls  # type: ignore[union-attr]
    # Dodging divides 4 dice: both parts on segment 3, at +1 and +2.
    split = action.choice("split:punch:vilna@3x2+dodge@3x2")
    assert split is not None
    assert split.rolls == (StorytellerSpec(2, 6), StorytellerSpec(2, 8))
    assert split.harm == WerewolfHarm(3, "bashing")
    # Each part as fields, never its key to parse again: what, when, dice, its roll, whom.
    assert split.parts == (ChoicePart("punch", 3, 2, 0, "vilna"), ChoicePart("dodge", 3, 2, 1))
    assert split.label == "Split 4 dice: punch Vilna on 3 (2 dice at 6) + dodge on 3 (2 dice at 8)"


def test_an_attacks_tags_name_what_its_means_does(make_fight, helpers):
    # Every knockdown and effect a maneuver may have gives its tags, and only those.
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        rigged=[8, 8, 8, 2] + [2] * 7,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    action = helpers.decision(fight, "tom", "action")
    tags = {c.key: c.tags for c in action.choices}
    assert tags["punch:vilna"] == ("attack",)
    assert tags["sweep:vilna"] == ("attack", "knocks_down")
    assert tags["body_tackle:vilna"] == ("attack", "knocks_down", "falls_too")
    assert tags["grapple:vilna"] == ("attack", "grapple")


def test_keys_are_unique_and_index_every_choice(catalog: Catalog) -> None:
    for decision in _decisions(catalog, "werewolf-ai-pack", seeds=3):
        keys = [c.key for c in decision.choices]
        assert len(keys) == len(set(keys)), decision.prompt
        assert all(decision.choice(c.key) is c for c in decision.choices)


def test_a_waiting_decision_is_kept_while_another_is_answered(make_fight, helpers):
    # Both act on segment 3: Vilna's menu is built once, and kept while Tom answers.
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        rigged=[8, 8, 8, 2, 8, 8, 8, 2, 2, 2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "vilna", "rage:0")
    vilna = helpers.decision(fight, "vilna", "action")
    helpers.answer(fight, "tom", "dodge")
    assert helpers.decision(fight, "vilna", "action") is vilna


def test_the_view_carries_health_and_state_as_numbers(make_fight, helpers):
    fight = make_fight(
        ("dummy", "dummy", "south", 1),
        ("ah", "ahroun", "north", 2),
        rigged=[8, 8] + [2] * 4 + [8, 8] + [9, 9, 9] + [2, 2, 2] + [6, 6, 6, 6, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "dummy", "punch:ah")
    helpers.forgo(fight)
    ah = fight.view().combatant("ah")
    assert ah.wounds == WerewolfHealth(bashing=3, penalty=1)
    assert ah.health == health_words(ah.wounds) == "Injured (-1)"
    assert ah.werewolf is not None
    assert (ah.werewolf.kind, ah.werewolf.form, ah.werewolf.frenzied) == ("garou", "crinos", True)
    assert ah.werewolf.blow == WerewolfHarm(8, "aggravated")  # claws in Crinos: Strength 7 + 1
    assert ah.status == "active"


@pytest.mark.parametrize(
    ("health", "words"),
    [
        (WerewolfHealth(), "Healthy"),  # no box filled
        (WerewolfHealth(bashing=1), "Bruised (0)"),  # the first box costs no dice
        (WerewolfHealth(lethal=2, bashing=2, penalty=2), "Wounded (-2)"),  # four boxes
        (WerewolfHealth(aggravated=7, penalty=5), "Incapacitated"),  # the last box
        (WerewolfHealth(lethal=7, dead=True), "Dead"),  # past the track
        (WerewolfHealth(track=0, essence=5, essence_max=8), "Essence 5/8"),  # a spirit
        (WerewolfHealth(track=0, essence=0, essence_max=8), "Dissipated"),  # a spirit gone
    ],
)
def test_health_words_come_from_the_numbers(health, words):
    assert health_words(health) == words


def test_events_carry_their_numbers(catalog: Catalog) -> None:
    for event in _events(catalog):
        data = event.data
        assert all(_is_datum(v) for v in data.values()), (event.kind, data)
        if event.roll is not None:
            roll = event.roll
            assert (data["pool"], data["difficulty"], data["faces"], data["successes"]) == (
                roll.pool,  # type: ignore[union-attr]
                roll.difficulty,  # type: ignore[union-attr]
                roll.faces,
                roll.net,  # type: ignore[union-attr]
            )
        if event.kind == "wounded":
            assert data["levels"] == event.amount > 0
            assert data["damage_type"] in ("bashing", "lethal", "aggravated")
        if event.kind == "initiative_rolled":
            assert {"score", "actions", "segments"} <= set(data)
        if event.kind == "fight_ended":
            assert {"winner", "status"} <= set(data)


def test_every_event_in_a_segment_names_it(catalog: Catalog) -> None:
    inside = False
    for event in _events(catalog):
        if event.kind == "segment_started":
            inside = True
        elif event.kind in ("regenerated", "initiative_rolled", "segments_set", "fight_ended"):
            inside = False
        if inside and event.kind != "ai_reasoned":
            assert "segment" in event.data, event.kind


def test_every_event_kind_and_field_is_documented(catalog: Catalog) -> None:
    shared, sections = _documented()
    for event in _events(catalog):
        if event.kind == "ai_reasoned":
            continue
        assert event.kind in sections, f"{event.kind} is not in {DOC.name}"
        missing = set(event.data) - shared - sections[event.kind]
        assert not missing, f"{event.kind}: {sorted(missing)} not documented in {DOC.name}"


def _documented() -> tuple[set[str], dict[str, set[str]]]:
    """The fields every event may have, and each kind's own, from the doc's sections."""
    text = DOC.read_text()
    head, _, rest = text.partition("\n## Setup")
    shared = set(re.findall(r"^\| `(\w+)` \|", head, re.MULTILINE))
    shared |= set(re.findall(r"`(\w+)`", head.partition("Health numbers")[2]))
    sections: dict[str, set[str]] = {}
    for block in re.split(r"^### ", rest, flags=re.MULTILINE)[1:]:
        title, _, body = block.partition("\n")
        fields = set(re.findall(r"`(\w+)`", body))
        for kind in re.findall(r"`(\w+)`", title):
            sections[kind] = fields
    return shared, sections


def _is_datum(value: object) -> bool:
    """Numbers, ids and closed-set names (no sentences), or tuples and mappings of them."""
    if value is None or isinstance(value, bool | int):
        return True
    if isinstance(value, str):
        return " " not in value
    if isinstance(value, tuple):
        return all(_is_datum(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_datum(v) for k, v in value.items())
    return False


def _played(catalog: Catalog, name: str, seeds: int) -> Iterator[Fight]:
    scenario = catalog.scenarios[name]
    scenario = dataclasses.replace(
        scenario,
        combatants=tuple(
            dataclasses.replace(
                c, controller="ai:garou" if c.controller == "script" else c.controller
            )
            for c in scenario.combatants
        ),
        expect=None,
    )
    for seed in range(seeds):
        with Fight(scenario, catalog, seed=seed, rigged=()) as fight:
            yield fight


def _decisions(catalog: Catalog, name: str, seeds: int) -> Iterator:
    for fight in _played(catalog, name, seeds):
        fight.start()
        while not fight.over:
            decision = fight.pending()[0]
            yield decision
            fight.apply(decide(fight, decision))


def _events(catalog: Catalog) -> Iterator[Event]:
    for name in ("werewolf-ai-pack", "werewolf-thugs", "werewolf-w20", "werewolf-first-team"):
        for fight in _played(catalog, name, seeds=4):
            play_until_human(fight, humans_too=True)
            yield from fight.events
