"""A Werewolf policy's work kept or skipped: its pick for the same decision, views and level;
Willpower kept at a glance; the enemies in reach found once per board; a threat reckoned once
for the same numbers."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import arena.ai.werewolf as werewolf
import arena.ai.werewolf.values as values
from arena.ai.pick import Level, Pick, picked
from arena.ai.werewolf.situation import hitters
from arena.rules.actions import Attack, Wait
from arena.rules.dice import Tens
from arena.rules.views import (
    Choice,
    CombatantView,
    Decision,
    FightView,
    StorytellerSpec,
    WerewolfHarm,
    WerewolfState,
)
from arena.rules.werewolf.commands import Forgo, SpendRage, SpendWillpower


def counting() -> tuple[list[str], Any]:
    """A policy whose action picks are counted: it takes the first choice."""
    asked: list[str] = []

    def act(view: FightView, decision: Decision, level: Level) -> Pick:
        asked.append(decision.actor)
        return picked(decision.choices[0], "ai_one_choice", level)

    return asked, werewolf.policy(act)


def board(build: Any) -> tuple[FightView, Decision]:
    people = [build.who("tom", "us", (2, 2)), build.who("vilna", "them", (3, 2))]
    view = build.view("werewolf", people)
    choices = [
        build.choice("punch:vilna", Attack("tom", "vilna", "punch"), tags=("attack",)),
        build.choice("wait", Wait("tom"), tags=("default",)),
    ]
    return view, build.decision("tom", "action", choices)


def test_werewolf_pick_is_kept_for_the_same_decision_views_and_level(build: Any) -> None:
    asked, body = counting()
    view, decision = board(build)
    rng = random.Random(0)
    first = body.look(view, decision, rng, "normal")
    # Another view object of the same combatant views: the same moment, the pick kept.
    again = dataclasses.replace(view, round=2)
    assert body.look(again, decision, rng, "normal") is first
    assert asked == ["tom"]


@pytest.mark.parametrize("change", ["view", "map", "decision", "level"])
def test_werewolf_pick_is_made_anew_when_what_it_reads_changes(build: Any, change: str) -> None:
    asked, body = counting()
    view, decision = board(build)
    rng = random.Random(0)
    first = body.look(view, decision, rng, "normal")
    level: Level = "normal"
    if change == "view":
        # An equal view of one combatant, but another object: a fight makes a new one
        # whenever something it shows changes, so it is read again.
        tom, vilna = view.combatants
        view = dataclasses.replace(view, combatants=(tom, dataclasses.replace(vilna)))
    elif change == "map":
        view = dataclasses.replace(view, map=dataclasses.replace(view.map))
    elif change == "decision":
        decision = dataclasses.replace(decision)
    else:
        level = "hard"
    second = body.look(view, decision, rng, level)
    assert asked == ["tom", "tom"]
    assert second == first if change != "level" else second.reason != first.reason


def test_a_full_table_of_werewolf_picks_starts_afresh(
    build: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(werewolf, "MOST_PICKS", 1)
    asked, body = counting()
    view, decision = board(build)
    other = dataclasses.replace(decision)
    rng = random.Random(0)
    body.look(view, decision, rng, "normal")
    body.look(view, other, rng, "normal")  # clears the table first: only `other` is kept
    body.look(view, decision, rng, "normal")
    assert asked == ["tom", "tom", "tom"]


def willpower_decision(build: Any, pool: int, diff: int) -> Decision:
    choices = [
        build.choice("forgo", Forgo("thug"), tags=("default",)),
        Choice(
            "willpower:0",
            "willpower:0",
            SpendWillpower("thug", 0),
            tags=("willpower",),
            rolls=(StorytellerSpec(pool, diff, automatic=1),),
        ),
    ]
    return build.decision("thug", "willpower", choices)


@pytest.mark.parametrize(
    ("pool", "diff", "expected"),
    [
        (8, 5, "forgo"),  # 8 dice at 5 nearly always succeed: kept without a look at the board
        (3, 7, None),  # 3 dice at 7 succeed 58%: worth a point if it has one, so it looks
    ],
)
def test_willpower_kept_at_a_glance_when_no_roll_is_lifted_enough(
    build: Any, pool: int, diff: int, expected: str | None
) -> None:
    decision = willpower_decision(build, pool, diff)
    pick = werewolf.THUG.glance(decision, random.Random(0), "normal")
    if expected is None:
        assert pick is None
        return
    assert pick is not None
    assert pick.command == Forgo("thug")
    assert pick.reason.template == "ai_keeps_willpower"


def test_hitters_found_once_per_view_combatant_and_segment(build: Any) -> None:
    people = [
        build.who("tom", "us", (2, 2)),
        build.who("vilna", "them", (3, 2)),
        build.who("far", "them", (8, 2)),
    ]
    view = build.view("werewolf", people)
    tom = view.combatant("tom")
    close = hitters(view, tom)
    assert [c.id for c in close] == ["vilna"]
    assert hitters(view, tom) is close  # the same view and combatant: found once
    # On a segment nobody acts on, nobody strikes: answered apart from the whole turn's.
    assert hitters(view, tom, 3) == []
    assert hitters(view, tom) is close
    again = dataclasses.replace(view)  # another board: found afresh
    assert hitters(again, tom) is not close
    assert [c.id for c in hitters(again, tom)] == ["vilna"]


def test_rage_picks_are_reckoned_anew_not_kept(build: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Rage answer takes a few steps: cheaper than a kept pick the collector walks."""
    asked: list[str] = []

    def rage(view: FightView, decision: Decision, level: Level, *, eager: bool) -> Pick:
        asked.append(decision.actor)
        return picked(decision.choices[0], "ai_saves_rage", 0)

    monkeypatch.setattr(werewolf, "rage", rage)
    view, _ = board(build)
    choices = [
        build.choice("rage:0", SpendRage("tom", 0)),
        build.choice("rage:1", SpendRage("tom", 1), tags=("default",)),
    ]
    decision = build.decision("tom", "rage", choices)
    body = werewolf.policy(werewolf.thug)
    rng = random.Random(0)
    body.look(view, decision, rng, "normal")
    body.look(view, decision, rng, "normal")
    assert asked == ["tom", "tom"]


def fighters_of(
    tom_penalty: int = 0, vilna_penalty: int = 0, soak: int = 3
) -> tuple[CombatantView, CombatantView]:
    """Tom in Crinos (his traits and claws the objects the fight keeps) and Vilna in Homid."""
    tom = CombatantView(
        "tom", "Tom", "tom", "us", "t", "ai:nearest", (2, 2), "active", "", tom_penalty,
        TOM_TRAITS, werewolf=WerewolfState("garou", "crinos", soak=6, blow=CLAWS),
    )  # fmt: skip
    vilna = CombatantView(
        "vilna", "Vilna", "vilna", "them", "v", "ai:nearest", (3, 2), "active", "", vilna_penalty,
        VILNA_TRAITS, werewolf=WerewolfState("garou", "homid", soak=soak),
    )  # fmt: skip
    return tom, vilna


TOM_TRAITS = (("brawl", 3), ("dexterity", 5), ("stamina", 6), ("strength", 7))
VILNA_TRAITS = (("brawl", 3), ("dexterity", 4), ("stamina", 3), ("strength", 3))
CLAWS = WerewolfHarm(8, "aggravated")


@pytest.mark.parametrize(
    ("change", "weighed"),
    [
        ({}, 1),  # new views of the same numbers: reckoned once
        ({"tom_penalty": 1}, 2),  # the attacker's wounds take dice off its blow
        ({"vilna_penalty": 1}, 2),  # my wounds take dice off my soak
        ({"soak": 5}, 2),  # my soak as my view shows it
    ],
)
def test_a_threat_is_kept_by_the_numbers_it_reads_not_by_the_views(
    monkeypatch: pytest.MonkeyPatch, change: dict[str, int], weighed: int
) -> None:
    asked: list[str] = []
    reckon = values._threat

    def counted(attacker: CombatantView, me: CombatantView) -> float:
        asked.append(attacker.id)
        return reckon(attacker, me)

    monkeypatch.setattr(values, "_threat", counted)
    monkeypatch.setattr(values, "_THREATS", {})
    tom, vilna = fighters_of()
    first = values.threat(tom, vilna)
    again = values.threat(*fighters_of(**change))
    assert asked == ["tom"] * weighed
    assert (again == first) is (weighed == 1 or change == {"soak": 5})


def test_a_defence_share_is_kept_by_the_attacker_traits_not_its_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    reckon = values._cancelled

    def counted(dice: int, diff: int, attacker: CombatantView, tens: Tens) -> float:
        asked.append(dice)
        return reckon(dice, diff, attacker, tens)

    monkeypatch.setattr(values, "_cancelled", counted)
    monkeypatch.setattr(values, "_CANCELLED", {})
    first = values.cancelled(4, 6, fighters_of()[0])
    # A new view of Tom, hurt now: his traits (all the share reads of him) are the same object.
    assert values.cancelled(4, 6, fighters_of(tom_penalty=2)[0]) == first
    assert asked == [4]
    # Equal traits in another object are reckoned again, to the same share.
    other = dataclasses.replace(fighters_of()[0], traits=tuple(list(TOM_TRAITS)))
    assert values.cancelled(4, 6, other) == first
    assert values.cancelled(5, 6, other) != first  # more dice of mine cancel more
    assert asked == [4, 4, 5]
