"""Nothing reads the words: fights told in other words make the same moves, data and hashes.

Every label, odds line, prompt and log line is rendered through a deliberately different
wording (words reversed, every digit changed), and so are the words of the view the AI is
shown (names, health, notes, intentions, order, step, outcome). Over 200 seeded fights per
ruleset, with AI policies on every side, the AI's commands, the events' data and the round
hashes must be exactly those of the fight told normally. The fights are short line-ups of two
or three combatants from the shipped AI scenarios, so every policy plays and the test is quick.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from arena.ai.pick import Body, Level, Pick
from arena.ai.registry import answer_on_sight
from arena.content.loader import Catalog
from arena.content.scenario import ScenarioDef
from arena.engine import Controllers, Decision, Fight, FightView, answering, event_lines
from arena.rules.views import Board
from arena.words.core import render, reworded

FIGHTS = 200
"""Seeded fights per ruleset."""
ROUNDS = 3
"""Each fight stops after this many rounds (or turns) if nobody has won by then."""
LINEUPS = {
    "werewolf": [
        ("werewolf-ai-pack", ("vilna", "spiral")),  # ai:garou against ai:garou/hard
        ("werewolf-ai-pack", ("ahroun", "fomor")),  # ai:garou against ai:fomor
        ("werewolf-ai-pack", ("tom", "operative")),  # ai:garou/easy against ai:shooter
        ("werewolf-ai-pack", ("vilna", "bane")),  # ai:garou against ai:bane
        ("werewolf-duel", ("tom", "vilna")),  # ai:nearest on both sides
    ],
    "sorcerer": [
        ("sorcerer-ai-street", ("vic", "scratch", "cutter")),  # ai:sorcerer, ai:demon, thug
        ("sorcerer-ai-street", ("scratch", "gunman")),  # ai:demon against ai:gunman
        ("sorcerer-ai-street", ("vic", "clubber")),  # ai:sorcerer against ai:coward
        ("sorcerer-ai-hunger", ("ada", "tick", "hunger")),  # rituals against a demon
        ("sorcerer-duel", ("rook", "mara")),  # ai:nearest on both sides
    ],
}
_DIGITS = str.maketrans("0123456789", "9876543210")


def other_words(text: str) -> str:
    """The same text in other words: every word reversed in order, every digit changed."""
    return " ".join(reversed(text.split())).translate(_DIGITS)


def lineup(catalog: Catalog, name: str, ids: tuple[str, ...]) -> ScenarioDef:
    scenario = catalog.scenarios[name]
    combatants = tuple(c for c in scenario.combatants if c.id in ids)
    assert len(combatants) == len(ids), f"{name} lost one of {ids}"
    return dataclasses.replace(scenario, combatants=combatants, max_rounds=ROUNDS, expect=None)


@pytest.fixture(autouse=True)
def ai_shown_the_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI sees the view's words in the wording in force, as a person would read them."""
    plain = answer_on_sight  # the one a fight's AI answers through (`answering`)

    def shown(
        body: Body,
        level: Level,
        see: Callable[[], FightView],
        decision: Decision,
        rng: random.Random,
        glimpse: Callable[[], Board] | None = None,
    ) -> Pick:
        return plain(body, level, lambda: in_words(see()), decision, rng, glimpse)

    monkeypatch.setattr(answering, "answer_on_sight", shown)


def in_words(view: FightView) -> FightView:
    """The view with every word it holds rendered (no change unless a wording is in force)."""
    combatants = tuple(
        dataclasses.replace(
            c,
            name=render(c.name),
            health_text=c.health,
            intention_text=c.intention,
            notes_text=c.notes,
        )
        for c in view.combatants
    )
    return dataclasses.replace(
        view,
        combatants=combatants,
        step=render(view.step),
        outcome_text=view.outcome,
        order_text=view.order,
    )


def play(scenario: ScenarioDef, catalog: Catalog, seed: int, *, read: bool) -> dict[str, Any]:
    """One fight, the AI on every side; with `read`, every word it offers is rendered."""
    with Fight(scenario, catalog, seed=seed) as fight:
        controllers = Controllers(fight, watch=True)
        fight.start()
        while (decision := controllers.automatic()) is not None:
            if read:
                words = [decision.prompt]
                for choice in decision.choices:
                    words += [choice.label, choice.odds]
                assert all(isinstance(w, str) for w in words)
            controllers.step()
        assert fight.over
        return {
            "commands": list(fight.commands),
            "data": [(e.kind, e.actor, e.target, e.amount, dict(e.data)) for e in fight.events],
            "rolls": [e.roll for e in fight.events],
            "hashes": list(fight.round_hashes),
            "log": [line for e in fight.events for line in event_lines(e)],
        }


def seeds(ruleset: str) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    lineups = LINEUPS[ruleset]
    for seed in range(FIGHTS):
        name, ids = lineups[seed % len(lineups)]
        yield seed, name, ids


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(LINEUPS))
def test_other_words_change_no_move_datum_or_hash(catalog: Catalog, ruleset: str) -> None:
    differing_logs = 0
    for seed, name, ids in seeds(ruleset):
        scenario = lineup(catalog, name, ids)
        plain = play(scenario, catalog, seed, read=False)
        with reworded(other_words):
            other = play(scenario, catalog, seed, read=True)
        where = f"{name} {ids} seed {seed}"
        assert other["commands"] == plain["commands"], f"{where}: the AI chose otherwise"
        assert other["data"] == plain["data"], f"{where}: the events' data differ"
        assert other["rolls"] == plain["rolls"], f"{where}: the dice differ"
        assert other["hashes"] == plain["hashes"], f"{where}: the round hashes differ"
        differing_logs += other["log"] != plain["log"]
    assert differing_logs == FIGHTS  # the other wording did reach the log


def test_other_words_are_other_words() -> None:
    assert other_words("Punch Tom (7 dice at 6)") == "3) at dice (2 Tom Punch"
