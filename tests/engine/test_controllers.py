"""Controllers: who answers what, a script's position, and the loop every front end uses."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.ai.pick import Pick
from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.content.werewolf import Attributes, WerewolfCharacter
from arena.engine import (
    Controllers,
    Event,
    Fight,
    IllegalCommand,
    ScriptError,
    answering,
    asks_person,
    load_save,
    replay,
    save_fight,
)
from arena.rules.commands import Command
from arena.rules.views import Decision
from arena.words.core import Phrase, Text

YARD = MapDef("Test yard", ("##########", "#12......#", "##########"))
# The dummy hits the Ahroun for 3; the Ahroun's 5 Rage dice at 6 make 4 successes: frenzy.
FRENZY_DICE = (8, 8, 2, 2, 2, 2, 8, 8, 9, 9, 9, 2, 2, 2, 6, 6, 6, 6, 2)


@pytest.fixture(scope="module")
def yard(catalog: Catalog) -> Catalog:
    chars = dict(catalog.section("werewolf", "characters"))
    chars["dummy"] = WerewolfCharacter(
        name="Dummy",
        glyph="d",
        kind="human",
        attributes=Attributes(2, 2, 2, 2, 2),
        willpower=6,
        weapons=(),
    )
    sections = dict(catalog.sections)
    sections[("werewolf", "characters")] = chars
    sections[("arenas", "maps")] = {**catalog.section("arenas", "maps"), "yard": YARD}
    return dataclasses.replace(catalog, sections=sections)


def frenzy_fight(catalog: Catalog, ahroun_script: tuple[str, ...]) -> Fight:
    scenario = ScenarioDef(
        name="frenzy",
        ruleset="werewolf",
        combatants=(
            CombatantDef("dummy", "dummy", "south", 1, "script", script=("punch:ah", "forgo")),
            CombatantDef("ah", "ahroun", "north", 2, "script", script=ahroun_script),
        ),
        map="yard",
        rigged=FRENZY_DICE,
        when_rigged_runs_out="random",
        max_rounds=3,
    )
    return Fight(scenario, catalog)


def test_a_frenzied_garous_ai_answers_use_no_script_keys(yard: Catalog) -> None:
    fight = frenzy_fight(yard, ("forgo", "willpower:0"))
    fight.start()
    controllers = Controllers(fight)
    asked, decisions = [], []
    while (decision := controllers.automatic()) is not None and len(asked) < 5:
        asked.append((decision.actor, decision.kind, fight.controller_for(decision)))
        decisions.append(decision)
        controllers.step()
    # The Ahroun's frenzied action goes to the frenzy AI; its next Willpower question is
    # answered by the second key of its script, not a third one.
    assert asked == [
        ("dummy", "action", "script"),
        ("ah", "reaction", "script"),
        ("dummy", "willpower", "script"),
        ("ah", "action", "ai:frenzy"),
        ("ah", "willpower", "script"),
    ]
    assert fight.reasons[3]  # the frenzy AI said why
    second_key = decisions[4].choice("willpower:0")
    assert second_key is not None
    assert fight.commands[4] == second_key.command
    assert sum(1 for c in fight.commands if c.actor == "ah") == 3
    assert fight.script_answered("ah") == 2


def test_a_scripts_position_survives_a_save(yard: Catalog, tmp_path: Path) -> None:
    fight = frenzy_fight(yard, ("forgo", "fly:moon"))
    controllers = Controllers(fight)
    for _ in range(4):  # up to and including the frenzy AI's action
        controllers.step()
    assert fight.script_answered("ah") == 1
    save_fight(fight, tmp_path / "frenzy.yaml")
    resumed = load_save(tmp_path / "frenzy.yaml", yard)
    assert resumed.script_answered("ah") == 1
    # The next scripted key is the Ahroun's second, whichever fight plays it.
    for played in (fight, resumed):
        with pytest.raises(ScriptError, match=r"script\[1\]: 'fly:moon'"):
            Controllers(played).run()


def test_one_definition_of_a_person(catalog: Catalog) -> None:
    scenario = catalog.scenarios["werewolf-duel"]
    people = dataclasses.replace(
        scenario,
        combatants=(
            dataclasses.replace(scenario.combatants[0], controller="human"),
            scenario.combatants[1],
        ),
    )
    fight = Fight(people, catalog)
    fight.start()
    for decision in fight.pending():
        person = decision.actor == "tom"
        assert asks_person(people, decision) is person
        assert asks_person(people, dataclasses.replace(decision, controller="ai:frenzy")) is False
        assert asks_person(people, decision, watch=True) is False
        assert fight.human_decides(decision) is person
    assert Controllers(fight).people == {"tom"}
    assert Controllers(fight, watch=True).people == frozenset()


def test_the_loop_stops_for_a_person_and_goes_on_when_watched(catalog: Catalog) -> None:
    scenario = catalog.scenarios["werewolf-duel"]
    people = dataclasses.replace(
        scenario,
        combatants=tuple(dataclasses.replace(c, controller="human") for c in scenario.combatants),
    )
    fight = Fight(people, catalog)
    controllers = Controllers(fight)
    assert controllers.run() == tuple(fight.events)  # the start, then a person is asked
    assert fight.commands == []
    assert controllers.person_decision() is fight.pending()[0]
    watched = Controllers(fight, watch=True)
    watched.run(stop_after=3)
    assert len(fight.commands) == 3
    watched.run()
    assert fight.over
    assert watched.person_decision() is None
    assert watched.step() is None


def test_a_batch_logs_no_reasons(catalog: Catalog) -> None:
    fight = Fight(catalog.scenarios["werewolf-duel"], catalog, hashes=False)
    Controllers(fight, watch=True, reasons=False).run()
    assert fight.over
    assert not any(fight.reasons)
    assert not [e for e in fight.events if e.kind == "ai_reasoned"]
    assert fight.round_hashes == []


def test_a_long_scripted_key_is_quoted_cut_in_the_refusal(catalog: Catalog) -> None:
    # A key of 100,000 characters made a message as long; it is cut like any quoted value.
    scenario = catalog.scenarios["werewolf-duel"]
    key = "x" * 100_000
    scripted = dataclasses.replace(
        scenario,
        combatants=(
            dataclasses.replace(scenario.combatants[0], controller="script", script=(key,)),
            scenario.combatants[1],
        ),
    )
    with Fight(scripted, catalog) as fight, pytest.raises(ScriptError) as refused:
        Controllers(fight).run()
    message = str(refused.value)
    assert message.startswith(f"combatants[tom].script[0]: '{'x' * 75}...' is not a legal")
    assert len(message) < 600  # the legal keys follow


def _people_duel(catalog: Catalog, name: str = "sorcerer-duel") -> Fight:
    """A duel whose combatants are both played by people (Sorcerer: both state intentions)."""
    scenario = catalog.scenarios[name]
    people = dataclasses.replace(
        scenario,
        combatants=tuple(dataclasses.replace(c, controller="human") for c in scenario.combatants),
    )
    return Fight(people, catalog)


def test_a_decision_is_answered_not_searched_for(catalog: Catalog) -> None:
    """The answer goes to the decision shown, checked against that decision's own choices."""
    fight = _people_duel(catalog)
    fight.start()
    first, second = fight.pending()[:2]
    # Another decision's command does not answer this one, even while both are pending.
    with pytest.raises(IllegalCommand, match="not legal now"):
        fight.answer(first, second.choices[0].command)
    assert fight.commands == []
    # An equal command made afresh (not the choice's own object) answers it too.
    command = dataclasses.replace(first.choices[0].command)
    assert command is not first.choices[0].command
    fight.answer(first, command)
    assert fight.commands == [command]
    # Once a command changed the state, the decision answered is no longer pending.
    with pytest.raises(IllegalCommand):
        fight.answer(first, first.choices[0].command)
    assert len(fight.commands) == 1


def test_pending_is_worked_out_once_per_change_of_state(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A screen asks who decides several times a key press: the loop works it out once."""
    fight = _people_duel(catalog)
    fight.start()
    controllers = Controllers(fight)
    asked: list[str] = []
    real = Controllers.asks_person

    def counting(self: Controllers, decision: Decision) -> bool:
        asked.append(decision.actor)
        return real(self, decision)

    monkeypatch.setattr(Controllers, "asks_person", counting)
    for _ in range(5):
        assert controllers.automatic() is None
        assert controllers.person_decision() is fight.pending()[0]
        assert controllers.waiting_on() is fight.pending()[0]
    assert len(asked) == len(fight.pending())  # each decision once, not once a question
    decision = controllers.person_decision()
    assert decision is not None
    fight.answer(decision, decision.choices[0].command)
    asked.clear()
    controllers.automatic()
    controllers.automatic()
    assert len(asked) == len(fight.pending())  # the new state: worked out once again


def test_one_loop_tells_each_answer_and_pauses_where_asked(catalog: Catalog) -> None:
    """`run` hears each answer's events as they come, and stops before a paused decision."""
    fight = Fight(catalog.scenarios["werewolf-duel"], catalog)
    heard: list[tuple[Event, ...]] = []
    controllers = Controllers(fight, watch=True)
    events = controllers.run(told=heard.append, pause=lambda d: len(fight.commands) == 4)
    assert len(fight.commands) == 4
    assert [e for told in heard for e in told] == list(events) == fight.events
    assert controllers.automatic() is fight.pending()[0]  # left unanswered
    controllers.run(until_round=2)
    assert fight.round == 2 or fight.over


def test_one_loop_plays_a_log_again_then_stops_or_goes_on(catalog: Catalog) -> None:
    """Answers given beforehand go through `run` too: each just before it is applied."""
    played = Fight(catalog.scenarios["werewolf-duel"], catalog, seed=5)
    Controllers(played, watch=True).run(stop_after=6)
    log = list(zip(played.commands, played.reasons, strict=True))
    again = Fight(catalog.scenarios["werewolf-duel"], catalog, seed=5)
    looked: list[int] = []

    def given() -> Iterator[tuple[Command, Text]]:
        for answer in log:
            looked.append(len(again.commands))  # the fight as it stands before each answer
            yield answer

    heard: list[tuple[Event, ...]] = []
    assert replay(again, given(), told=heard.append) == tuple(again.events)
    assert looked == list(range(6))
    assert again.commands == played.commands
    assert again.reasons == played.reasons
    assert again.events == played.events
    # Given answers, then the automatic ones, in the same run.
    on = Fight(catalog.scenarios["werewolf-duel"], catalog, seed=5)
    Controllers(on, watch=True).run(given=iter(log[:3]), stop_after=6)
    assert on.commands == played.commands


def test_a_given_answer_that_is_not_legal_stops_the_loop_after_those_before(
    catalog: Catalog,
) -> None:
    played = Fight(catalog.scenarios["werewolf-duel"], catalog, seed=5)
    Controllers(played, watch=True).run(stop_after=4)
    log = [(c, "") for c in played.commands]
    again = Fight(catalog.scenarios["werewolf-duel"], catalog, seed=5)
    with pytest.raises(IllegalCommand):
        replay(again, [*log[:2], log[0], *log[2:]])  # the first answer, once more
    assert again.commands == played.commands[:2]


@pytest.mark.parametrize("name", ["sorcerer-duel", "werewolf-duel"])
def test_the_loop_draws_each_answer_from_the_stream_a_new_one_would_give(
    catalog: Catalog, name: str
) -> None:
    """The loop arms one stream for all its answers: random picks are those of new streams."""
    scenario = catalog.scenarios[name]
    randomly = dataclasses.replace(
        scenario,
        combatants=tuple(
            dataclasses.replace(c, controller="ai:random", script=()) for c in scenario.combatants
        ),
    )
    looped = Fight(randomly, catalog, seed=11)
    Controllers(looped, watch=True, reasons=False).run()
    alone = Fight(randomly, catalog, seed=11)
    alone.start()
    while not alone.over:
        decision = alone.pending()[0]
        command, _ = answering.answer(alone, decision)  # a new stream for each answer
        alone.answer(decision, command)
    assert len(looped.commands) > 10
    assert looped.commands == alone.commands
    assert [e.data for e in looped.events] == [e.data for e in alone.events]


@pytest.mark.parametrize("name", ["sorcerer-duel", "werewolf-duel"])
def test_a_loop_that_keeps_no_reasons_never_makes_one(
    catalog: Catalog, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch's loop applies the AI's commands without reading why: no phrase is made."""
    kept = Fight(catalog.scenarios[name], catalog, seed=3)
    Controllers(kept, watch=True).run()

    def unread(pick: Pick) -> Phrase:
        raise AssertionError(f"the reason of {pick.command} was read")

    monkeypatch.setattr(Pick, "reason", property(unread))
    bare = Fight(catalog.scenarios[name], catalog, seed=3)
    Controllers(bare, watch=True, reasons=False).run()
    assert bare.over
    assert bare.commands == kept.commands
    assert set(bare.reasons) == {""}
    assert all(isinstance(r, Phrase) for r in kept.reasons)
