"""The policy registry: names with levels, reasons, fallbacks, the naive and random yardsticks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.ai import POLICIES, choose, choose_on_sight, choose_with_reason, parse_name
from arena.ai.pick import Body, Pick
from arena.ai.registry import Entry, play
from arena.rules.actions import Attack, Move, Wait
from arena.rules.sorcerer.commands import React
from arena.rules.views import Choice, Decision, FightView
from arena.rules.werewolf.commands import Forgo, SpendRage, SpendWillpower
from arena.words.core import Phrase, render


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("thug", ("thug", "normal")),  # no level: normal
        ("thug/easy", ("thug", "easy")),
        ("garou/hard", ("garou", "hard")),
        ("nearest/normal", ("nearest", "normal")),  # the default level may be written out
    ],
)
def test_a_name_may_carry_a_level(name: str, expected: tuple[str, str]) -> None:
    assert parse_name(name) == expected


@pytest.mark.parametrize("name", ["thug/insane", "nobody", "thug/", ""])
def test_unknown_names_and_levels_are_refused(name: str) -> None:
    with pytest.raises(KeyError):
        parse_name(name)
    assert name not in POLICIES


def test_the_registry_lists_base_names_and_accepts_levels() -> None:
    names = list(POLICIES)
    for base in ("nearest", "random", "thug", "gunman", "coward", "demon", "sorcerer"):
        assert base in names
    for base in ("shooter", "fomor", "garou", "bane", "frenzy"):
        assert base in names
    assert "thug/hard" in POLICIES
    assert all("/" not in n for n in names)


def duel_view(build: Any) -> FightView:
    people = [
        build.who("tom", "a", (2, 3), {"stamina": 3}),
        build.who("ann", "b", (3, 3), {"stamina": 3}),
    ]
    return build.view("sorcerer", people)


def test_choose_refuses_an_unknown_policy(build: Any) -> None:
    decision = build.decision("tom", "intention", [build.choice("wait", Wait("tom"))])
    with pytest.raises(ValueError, match="unknown AI policy 'berserker'"):
        choose("berserker", duel_view(build), decision, random.Random(0))


def test_choose_gives_the_command_of_choose_with_reason(build: Any) -> None:
    choices = [
        build.choice(
            "attack:ann:fists", Attack("tom", "ann", "fists"), tags=("attack",), target="ann"
        ),
        build.choice("wait", Wait("tom")),
    ]
    decision = build.decision("tom", "intention", choices)
    command, reason = choose_with_reason("nearest", duel_view(build), decision, random.Random(0))
    assert (
        command
        == choose("nearest", duel_view(build), decision, random.Random(0))
        == Attack("tom", "ann", "fists")
    )
    assert reason == "attacks Ann: the nearest enemy"


def test_an_illegal_pick_is_replaced_by_the_naive_one(build: Any) -> None:
    def rogue(view: FightView, decision: Decision, rng: random.Random, level: str) -> Pick:
        return Pick(Wait("somebody else"), Phrase("cheats"))

    decision = build.decision("tom", "intention", [build.choice("wait", Wait("tom"))])
    pick = play(
        Entry("a rogue", (("sorcerer", Body(rogue)),)),
        "normal",
        duel_view(build),
        decision,
        random.Random(0),
    )
    assert pick.command == Wait("tom")
    assert render(pick.reason).endswith("(its own pick was not legal here)")


def test_a_policy_without_a_body_for_the_ruleset_plays_naive(build: Any) -> None:
    # The Werewolf Garou policy has nothing to say in a Sorcerer fight.
    choices = [
        build.choice("move:3,2", Move("tom", (3, 2)), tags=("move",), cell=(3, 2)),
        build.choice("wait", Wait("tom")),
    ]
    people = [
        build.who("tom", "a", (1, 1), {"stamina": 3}),
        build.who("ann", "b", (5, 3), {"stamina": 3}),
    ]
    command, reason = choose_with_reason(
        "garou",
        build.view("sorcerer", people),
        build.decision("tom", "intention", choices),
        random.Random(0),
    )
    assert command == Move("tom", (3, 2))
    assert reason == "moves toward Ann: the nearest enemy"


@pytest.mark.parametrize(
    ("kind", "choices", "expected"),
    [
        # Rage: the naive fighter never spends it, whatever the default says.
        (
            "rage",
            [
                Choice("rage:0", "", SpendRage("tom", 0)),
                Choice("rage:1", "", SpendRage("tom", 1), tags=("default",)),
            ],
            "rage:0",
        ),
        # Werewolf abort into a dodge: never.
        (
            "reaction",
            [
                Choice("abort", "", Forgo("tom"), tags=("defend",)),
                Choice("forgo", "", Forgo("tom"), tags=("default",)),
            ],
            "forgo",
        ),
        # Sorcerer abort or suck it up: it keeps its action, even when aborting is the default.
        (
            "reaction",
            [
                Choice("abort", "", React("tom", "ann", "abort"), tags=("defend", "default")),
                Choice("suck_it_up", "", React("tom", "ann", "suck_it_up"), tags=("defend",)),
            ],
            "suck_it_up",
        ),
        # Willpower: never.
        (
            "willpower",
            [
                Choice("forgo", "", Forgo("tom"), tags=("default",)),
                Choice("willpower:0", "", SpendWillpower("tom", 0)),
            ],
            "forgo",
        ),
    ],
)
def test_the_naive_policy_at_easy_never_defends_or_spends(
    build: Any, kind: str, choices: list[Choice], expected: str
) -> None:
    # At normal it defends when that is sensible (tests/ai/test_ai_werewolf.py and
    # test_ai_sorcerer.py, test_nearest_*); easy is the naive policy as it always was.
    decision = build.decision("tom", kind, choices)
    command, _ = choose_with_reason("nearest/easy", duel_view(build), decision, random.Random(0))
    assert command == decision.choice(expected).command  # type: ignore[union-attr]


def test_random_picks_by_its_stream(build: Any) -> None:
    choices = [
        build.choice(f"move:{x},1", Move("tom", (x, 1)), tags=("move",), cell=(x, 1))
        for x in range(1, 9)
    ]
    decision = build.decision("tom", "intention", choices)
    picks = [choose("random", duel_view(build), decision, random.Random(seed)) for seed in range(6)]
    expected = [choices[random.Random(seed).randrange(8)].command for seed in range(6)]
    assert picks == expected
    assert len(set(picks)) > 1


def blind() -> FightView:
    raise AssertionError("the policy looked at the view")


@pytest.mark.parametrize(
    ("policy", "ruleset", "kind", "keys", "expected"),
    [
        # The naive fighter declines Rage without looking at the board.
        ("nearest", "werewolf", "rage", ("rage:0", "rage:1"), "rage:0"),
        # A lone choice is taken at a glance by every tactical policy.
        ("thug", "werewolf", "action", ("wait",), "wait"),
        ("thug", "sorcerer", "intention", ("wait",), "wait"),
        # Random picks never look.
        ("random", "sorcerer", "intention", ("wait", "rage:0"), "wait"),
    ],
)
def test_questions_answered_at_a_glance_make_no_view(
    build: Any, policy: str, ruleset: str, kind: str, keys: tuple[str, ...], expected: str
) -> None:
    commands = {"wait": Wait("tom"), "rage:0": SpendRage("tom", 0), "rage:1": SpendRage("tom", 1)}
    decision = build.decision("tom", kind, [build.choice(k, commands[k]) for k in keys])
    command, _ = choose_on_sight(policy, ruleset, blind, decision, random.Random(1))
    assert command == commands[expected]


def test_a_question_that_needs_the_board_asks_for_the_view_once(build: Any) -> None:
    choices = [
        build.choice(
            "attack:ann:fists", Attack("tom", "ann", "fists"), tags=("attack",), target="ann"
        ),
        build.choice("wait", Wait("tom")),
    ]
    decision = build.decision("tom", "intention", choices)
    seen: list[FightView] = []

    def see() -> FightView:
        seen.append(duel_view(build))
        return seen[-1]

    command, reason = choose_on_sight("nearest", "sorcerer", see, decision, random.Random(0))
    assert (command, render(reason)) == (
        Attack("tom", "ann", "fists"),
        "attacks Ann: the nearest enemy",
    )
    assert len(seen) == 1


def test_choose_on_sight_refuses_an_unknown_policy(build: Any) -> None:
    decision = build.decision("tom", "intention", [build.choice("wait", Wait("tom"))])
    with pytest.raises(ValueError, match="unknown AI policy 'berserker'"):
        choose_on_sight("berserker", "sorcerer", blind, decision, random.Random(0))
