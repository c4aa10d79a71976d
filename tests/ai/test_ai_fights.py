"""Policies in real fights through the engine: every pick legal, every pick explained."""

from __future__ import annotations

import dataclasses
import random

import pytest

from arena.ai import LEVELS, choose_on_sight, choose_with_reason
from arena.content.loader import Catalog
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.engine import Fight
from arena.engine.controllers import play_until_human
from arena.words.core import Phrase, bare

TEAMS = {
    "werewolf": (
        ("vilna", "ahroun"),
        ("thug", "knifer"),
        ("operative", "fomor"),
        ("bane", "spiral"),
    ),
    "sorcerer": (
        ("rook", "mara"),
        ("bruiser", "cutter"),
        ("gunman", "clubber"),
        ("vic", "scratch"),
    ),
}
"""Pairs of templates that fight pairs of the same, on the pit."""
POLICIES = {
    "werewolf": (
        "thug",
        "gang",
        "shooter",
        "fomor",
        "coward",
        "garou",
        "bane",
        "frenzy",
        "nearest",
    ),
    "sorcerer": ("thug", "gang", "gunman", "coward", "demon", "sorcerer", "nearest"),
}


def pit_fight(
    catalog: Catalog, ruleset: str, team: tuple[str, ...], mine: str, theirs: str
) -> ScenarioDef:
    base = next(s for s in catalog.scenarios.values() if s.ruleset == ruleset and s.map == "pit")
    fighters = []
    for side, spawns, policy in (("a", (1, 2), mine), ("b", (5, 6), theirs)):
        for index, (template, spawn) in enumerate(zip(team, spawns, strict=True)):
            cid = f"{side}{index}"
            fighters.append(
                CombatantDef(
                    id=cid, template=template, side=side, spawn=spawn, controller=f"ai:{policy}"
                )
            )
    return dataclasses.replace(
        base, combatants=tuple(fighters), rigged=(), expect=None, max_rounds=8
    )


def play(fight: Fight) -> list[str]:
    """Play to the end the way the engine's controllers do; return every reason given.

    Each pick is asked twice, with the view and with the view on demand: the same answer.
    """
    reasons = []
    fight.start()
    while not fight.over:
        decision = fight.pending()[0]
        policy = fight.controller_of(decision.actor).removeprefix("ai:")
        rng = random.Random(f"{fight.seed}/ai/{len(fight.commands)}")
        command, reason = choose_with_reason(policy, fight.view(), decision, rng)
        assert any(c.command == command for c in decision.choices)
        # Shown the view only on demand, the policy answers exactly the same.
        again = random.Random(f"{fight.seed}/ai/{len(fight.commands)}")
        on_sight = choose_on_sight(policy, fight.ruleset.name, fight.view, decision, again)
        # Its reason is a phrase, the same words once drawn.
        assert isinstance(on_sight[1], Phrase)
        assert (on_sight[0], bare(on_sight[1])) == (command, reason)
        reasons.append(reason)
        fight.apply(command)
    return reasons


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_policy_plays_whole_fights_and_explains_itself(
    catalog: Catalog, ruleset: str, level: str
) -> None:
    for index, policy in enumerate(POLICIES[ruleset]):
        team = TEAMS[ruleset][index % len(TEAMS[ruleset])]
        scenario = pit_fight(catalog, ruleset, team, f"{policy}/{level}", "nearest")
        with Fight(scenario, catalog, seed=index) as fight:
            reasons = play(fight)
        assert fight.over
        assert reasons
        assert all(r and "\n" not in r for r in reasons)


def test_the_garou_policy_beats_the_naive_one_in_a_mirror(catalog: Catalog) -> None:
    # Vilna against Vilna: the Garou policy takes Crinos, bites, spends Rage; the naive one
    # punches in Homid. Ten fixed seeds, each side played by each policy in turn.
    wins = 0
    for seed in range(10):
        mine, theirs = ("garou", "nearest") if seed % 2 == 0 else ("nearest", "garou")
        base = catalog.scenarios["werewolf-duel"]
        fighters = (
            CombatantDef(id="a", template="vilna", side="a", spawn=1, controller=f"ai:{mine}"),
            CombatantDef(id="b", template="vilna", side="b", spawn=2, controller=f"ai:{theirs}"),
        )
        scenario = dataclasses.replace(base, combatants=fighters, expect=None)
        with Fight(scenario, catalog, seed=seed) as fight:
            play(fight)
        wins += fight.view().winner == ("a" if seed % 2 == 0 else "b")
    assert wins >= 9


def test_the_engine_takes_a_levelled_policy(catalog: Catalog) -> None:
    scenario = pit_fight(catalog, "sorcerer", ("rook", "mara"), "thug/hard", "coward/easy")
    with Fight(scenario, catalog, seed=3) as fight:
        play_until_human(fight)
    assert fight.over
