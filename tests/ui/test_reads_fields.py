"""The UI reads numbers and ids (an event's kind, round, step and data; a ruleset's traits),
never words: reworded text changes nothing it decides."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Controllers, Event, event_lines, step_name
from arena.engine.setup import scenario_fight
from arena.ui.arena_screen import order_stale
from arena.ui.fight_log import FightLog
from arena.ui.rule_cards import card_for, revealed_intent
from arena.words.rulesets import traits

UI = Path(__file__).parents[2] / "arena" / "ui"
SNAPSHOT_LINE = "In a fight a ritual is a snapshot ritual: 1 die, never the sorcerer's Lore."


def played(catalog: Catalog, name: str) -> tuple[Event, ...]:
    fight = scenario_fight(catalog, name)
    Controllers(fight, watch=True, reasons=False).run()
    return tuple(fight.events)


def test_a_rituals_tally_is_a_snapshot_by_its_intentions_kind_not_its_words(
    catalog: Catalog,
) -> None:
    events = played(catalog, "lesson-3e-snapshot-ritual")
    tally = next(e for e in events if e.kind == "pool_tallied" and e.actor == "ada")
    assert revealed_intent(tally, events[: events.index(tally)]) == "ritual"
    unworded = dataclasses.replace(tally, explanation="")  # no words to read: still a ritual
    card = card_for(unworded, "rule", {}, "ritual")
    assert card.rule[0] == SNAPSHOT_LINE
    assert "BASE 1 DIE" in card.key


def test_an_attacks_tally_is_no_snapshot_whatever_its_words_say(catalog: Catalog) -> None:
    events = played(catalog, "sorcerer-duel")
    tally = next(e for e in events if e.kind == "pool_tallied")
    assert revealed_intent(tally, events[: events.index(tally)]) == "attack"
    worded = dataclasses.replace(tally, explanation="snapshot ritual 1 = 1")
    card = card_for(worded, "rule", {}, "attack")
    assert SNAPSHOT_LINE not in card.rule
    assert not any(k.startswith("BASE") for k in card.key)


def test_no_intention_revealed_this_round_is_no_intent(catalog: Catalog) -> None:
    events = played(catalog, "sorcerer-duel")
    tallies = [e for e in events if e.kind == "pool_tallied" and e.round > 1]
    assert tallies
    later = tallies[0]
    first_round = [e for e in events if e.round < later.round]  # last round's reveal only
    assert revealed_intent(later, first_round) == ""


@pytest.mark.parametrize("text", ["Rook attacks.", "Step 3: Order: Rook attacks: fists"])
def test_the_explain_log_bolds_the_step_named_by_its_id(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = Event("order_rolled", 2, "sorc_order", text)
    step = step_name("sorc_order")
    assert event_lines(event, "explain")[0] == f"[2] {step}: {text}"

    def reworded(event: Event, verbosity: str = "explain") -> list[str]:
        """The words layer says the line another way: the log's line keeps to the fields."""
        return [f"({step}) {event.text}", f"    why: {event.why}"]

    monkeypatch.setattr("arena.ui.fight_log.event_lines", reworded)
    log = FightLog()
    log.verbosity = "explain"
    line, *_ = log._lines(event)
    assert line.plain == f"[2] {step}: {text}"
    bold = [line.plain[s.start : s.end] for s in line.spans if s.style == "bold"]
    assert bold == [step]


def test_the_ui_never_compares_a_ruleset_by_name() -> None:
    named = re.compile(r"""ruleset\)?\s*[!=]=\s*["']|["'](werewolf|sorcerer)["']\s*[!=]=""")
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(UI.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if named.search(line)
    ]
    assert found == []


@pytest.mark.parametrize(
    ("scenario", "rolled"), [("sorcerer-duel", True), ("werewolf-duel", False)]
)
def test_only_a_ruleset_that_rolls_its_order_shows_it_stale(
    catalog: Catalog, scenario: str, rolled: bool
) -> None:
    fight = scenario_fight(catalog, scenario)
    fight.start()  # nothing rolled for the order yet
    view = fight.view()
    assert traits(view.ruleset).order_rolled is rolled
    assert order_stale(view, ()) is rolled


@pytest.mark.parametrize(("ruleset", "role_play"), [("sorcerer", True), ("werewolf", False)])
def test_only_a_ruleset_with_a_role_play_bonus_says_who_grants_it(
    ruleset: str, role_play: bool
) -> None:
    assert traits(ruleset).role_play is role_play
