"""Answers settled from the board at a glance: the pick the whole view gives, without the view."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

import arena.ai
from arena.ai import choose_on_sight, nearest
from arena.ai.pick import Body, Level, Pick
from arena.ai.sorcerer.values import hurt_by_victories
from arena.engine import answering
from arena.rules.actions import Attack, Move, Wait
from arena.rules.sorcerer.commands import React, TotalDefense
from arena.rules.views import (
    Board,
    Choice,
    ContestSpec,
    Decision,
    FightView,
    Piece,
    SorcererHarm,
    SorcererIntent,
    StorytellerSpec,
    WerewolfHarm,
    WerewolfHealth,
    WerewolfState,
)
from arena.rules.werewolf.commands import AbortToDodge, Forgo
from arena.words.core import render
from tests.played import play_every_sorcerer_scenario, play_every_werewolf_scenario


def blind() -> FightView:
    raise AssertionError("the policy made the whole view")


FIST = SorcererHarm("hand", (0, 1, 2, 3, 4), (0, 0, 0, 1, 2))
"""A blow that hurts: more damage with more victories."""


def board(penalty: int = 0, blow: SorcererHarm | None = FIST) -> Board:
    traits = (("stamina", 3), ("will", 3), ("lore", 0))
    return Board(
        "sorcerer",
        (
            Piece("tom", "Tom", "a", (2, 3), "active", penalty, traits, blow),
            Piece("ann", "Ann", "b", (3, 3), "active", 0, (("stamina", 5),), blow),
            Piece("bob", "Bob", "b", (9, 3), "active", 0, traits, blow),
        ),
    )


def menu(build: Any, *more: Choice) -> Decision:
    choices = [
        build.choice("move:1,3", Move("tom", (1, 3)), tags=("move",), cell=(1, 3)),
        build.choice(
            "attack:bob:fists", Attack("tom", "bob", "fists"), tags=("attack",), target="bob"
        ),
        build.choice(
            "attack:ann:fists", Attack("tom", "ann", "fists"), tags=("attack",), target="ann"
        ),
        *more,
        build.choice("wait", Wait("tom")),
    ]
    return build.decision("tom", "intention", choices)


def test_an_unhurt_intention_is_settled_from_the_board(build: Any) -> None:
    command, reason = choose_on_sight(
        "nearest", "sorcerer", blind, menu(build), random.Random(0), lambda: board()
    )
    assert (command, render(reason)) == (
        Attack("tom", "ann", "fists"),
        "attacks Ann: the nearest enemy",
    )


@pytest.mark.parametrize(
    ("penalty", "blow", "level", "expected"),
    [
        # Badly hurt beside a hard hitter, whom it barely scratches: it guards.
        (2, FIST, "normal", "total_defense"),
        # Unhurt, or at easy: no defence is weighed.
        (0, FIST, "normal", "attack:ann:fists"),
        (2, FIST, "easy", "attack:ann:fists"),
        # Nobody near hits back: nothing to guard against.
        (2, None, "normal", "attack:ann:fists"),
    ],
)
def test_a_hurt_intention_weighs_total_defense_on_the_board(
    build: Any, penalty: int, blow: SorcererHarm | None, level: str, expected: str
) -> None:
    guard = build.choice("total_defense", TotalDefense("tom"))
    decision = menu(build, guard)
    command, _ = choose_on_sight(
        f"nearest/{level}",
        "sorcerer",
        blind,
        decision,
        random.Random(0),
        lambda: board(penalty, blow),
    )
    assert command == decision.choice(expected).command  # type: ignore[union-attr]


def test_an_intention_a_peek_leaves_reads_the_view(build: Any) -> None:
    # The thug peeks only at an attack on it: its intentions read the whole view.
    seen: list[str] = []

    def see() -> FightView:
        seen.append("view")
        people = [
            build.who("tom", "a", (2, 3), {"stamina": 3}),
            build.who("ann", "b", (3, 3), {"stamina": 3}),
            build.who("bob", "b", (9, 3), {"stamina": 3}),
        ]
        return build.view("sorcerer", people)

    choose_on_sight("thug", "sorcerer", see, menu(build), random.Random(0), lambda: board())
    assert seen == ["view"]


def _check_every_peek(monkeypatch: pytest.MonkeyPatch, settled: list[str], *, always: bool) -> None:
    """Hold each answer a peek settles in the fights played next to the body's look at the
    whole view of the same moment, its reason's template kept in ``settled``; ``always``: every
    question the body looks at must be settled at a glance."""
    plain = arena.ai.answer_on_sight

    def checked(
        body: Body,
        level: Level,
        see: Callable[[], FightView],
        decision: Decision,
        rng: random.Random,
        glimpse: Callable[[], Board] | None = None,
    ) -> Pick:
        peek = body.peek
        if peek is not None and glimpse is not None and body.glance(decision, rng, level) is None:
            peeked = peek(glimpse, decision, rng, level)
            assert peeked is not None or not always
            if peeked is not None:
                looked = body.look(see(), decision, rng, level)
                assert (peeked.command, peeked.reason) == (looked.command, looked.reason)
                settled.append(peeked.reason.template)
        return plain(body, level, see, decision, rng, glimpse)

    monkeypatch.setattr(answering, "answer_on_sight", checked)  # where a fight's AI answers


def test_every_peek_in_played_fights_picks_what_the_view_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each answer a peek settled in AI-played fights of every shipped Sorcerer scenario,
    compared with the body's look at the whole view of the same moment."""
    settled: list[str] = []
    _check_every_peek(monkeypatch, settled, always=False)
    play_every_sorcerer_scenario()
    assert len(settled) > 100
    assert settled.count("ai_total_defense_over") > 10  # hurt intentions weighed too
    assert settled.count("ai_aborts") > 10  # and reactions, each way
    assert settled.count("ai_sucks_it_up") > 2


def test_every_werewolf_peek_in_played_fights_picks_what_the_view_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each answer a peek settled in AI-played fights of every shipped Werewolf scenario (a
    dodge or parry weighed, an abort into a dodge, the nearest enemy attacked or walked
    toward), compared with the body's look at the whole view of the same moment. Every
    Werewolf question nearest looks at is settled at a glance."""
    settled: list[str] = []
    _check_every_peek(monkeypatch, settled, always=True)
    play_every_werewolf_scenario(seeds=(1, 2, 3, 4, 5, 6))
    assert len(settled) > 600
    assert settled.count("ai_attacks_nearest") > 200
    assert settled.count("ai_moves_toward") > 100
    assert settled.count("ai_guards") > 2  # a dodge or parry taken over its own blow: seldom
    assert settled.count("ai_aborts_dodge") > 20  # and reactions, each way
    assert settled.count("ai_takes_blow") > 50


def attacked(faces: tuple[int, ...]) -> tuple[Board, Decision]:
    """Ann's fists [faces] at Tom, who attacks her with 3 dice this round; Tom defends with 3."""
    traits = (("stamina", 3), ("will", 3), ("lore", 0))
    intent = SorcererIntent("attack", "ann", "fists", harm=FIST)
    tom = Piece("tom", "Tom", "a", (2, 3), "active", 0, traits, FIST, intent, 3, 6)
    ann = Piece("ann", "Ann", "b", (3, 3), "active", 0, traits, FIST)
    choices = tuple(
        Choice(
            key,
            key,
            React("tom", "ann", key),
            tags=("defend", "default") if key == "suck_it_up" else ("defend",),
            target="ann",
            rolls=(ContestSpec(dice, len(faces), known=faces, win="defend"),),
        )
        for key, dice in (("abort", 3), ("suck_it_up", 1))
    )
    decision = Decision(
        "tom", "reaction", "test", "", choices, attacker="ann", incoming=faces, harm=FIST
    )
    return Board("sorcerer", (tom, ann)), decision


ABORTS = "aborts to defend: 3 dice: net harm -1.6 against -0.3 for keeping its action"
SUCKS = "sucks it up: net harm 12.8 keeping its action, against 13.0 for aborting"


@pytest.mark.parametrize(
    ("policy", "faces", "expected"),
    [
        # A poor roll: 3 dice likely win, and their victories roll over to Tom's blow.
        ("nearest", (3, 2, 1), ABORTS),
        # Six tens: no defence stops them, so Tom keeps his action (barely the better).
        ("nearest", (10,) * 6, SUCKS),
        # At easy: the naive refusal, weighed on nothing.
        ("nearest/easy", (3, 2, 1), "declines: suck_it_up (1 die against 3)"),
        # Every Sorcerer policy reacts the same way, on the board too.
        ("thug", (3, 2, 1), ABORTS),
        ("gunman", (10,) * 6, SUCKS),
        ("thug/easy", (3, 2, 1), "reacts on instinct: suck it up"),
    ],
)
def test_a_reaction_is_weighed_on_the_board(
    policy: str, faces: tuple[int, ...], expected: str
) -> None:
    seen, decision = attacked(faces)
    command, reason = choose_on_sight(
        policy, "sorcerer", blind, decision, random.Random(0), lambda: seen
    )
    assert render(reason) == expected
    key = "abort" if expected.startswith("aborts") else "suck_it_up"
    assert command == React("tom", "ann", key)


def werewolf_attacked(hurt: int, dice: int) -> tuple[Board, Decision]:
    """Ann's claws (6 lethal dice) at Tom this segment, with Tom's [hurt] lethal levels; Tom
    may abort his later action into a dodge of [dice] dice, or keep it (3 bashing dice)."""
    traits = (("brawl", 3), ("dexterity", 3), ("stamina", 2), ("strength", 3))
    tom = Piece(
        "tom",
        "Tom",
        "a",
        (2, 3),
        "active",
        0,
        traits,
        None,
        wounds=WerewolfHealth(lethal=hurt),
        werewolf=WerewolfState("human", "homid", blow=WerewolfHarm(3, "bashing")),
    )
    ann = Piece(
        "ann",
        "Ann",
        "b",
        (3, 3),
        "active",
        0,
        traits,
        None,
        wounds=WerewolfHealth(),
        werewolf=WerewolfState("garou", "crinos", targets=("tom",), blow=WerewolfHarm(6, "lethal")),
    )
    choices = (
        Choice(
            "abort",
            "abort",
            AbortToDodge("tom"),
            tags=("defend",),
            rolls=(StorytellerSpec(dice, 6),),
        ),
        Choice("forgo", "forgo", Forgo("tom"), tags=("default",)),
    )
    return Board("werewolf", (tom, ann)), Decision("tom", "reaction", "test", "", choices)


@pytest.mark.parametrize(
    ("hurt", "dice", "policy", "expected"),
    [
        # A good dodge saves more than Tom's own blow would deal.
        (0, 5, "nearest", "aborts into a dodge against Ann: saves 3.2 levels"),
        # One die saves little: Tom keeps his action.
        (0, 1, "nearest", "takes the blow from Ann: its own action is worth 1.5"),
        # Unless the blow could take him out: his skin first, the saving counted twice.
        (5, 1, "nearest", "aborts into a dodge against Ann: saves 1.5 levels"),
        # At easy: the naive refusal, weighed on nothing.
        (0, 5, "nearest/easy", "declines: forgo"),
    ],
)
def test_a_werewolf_reaction_is_weighed_on_the_board(
    hurt: int, dice: int, policy: str, expected: str
) -> None:
    seen, decision = werewolf_attacked(hurt, dice)
    command, reason = choose_on_sight(
        policy, "werewolf", blind, decision, random.Random(0), lambda: seen
    )
    assert render(reason) == expected
    assert command == (AbortToDodge("tom") if expected.startswith("aborts") else Forgo("tom"))


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, (0,)),  # no victory, no damage
        (4, (0, 1, 2, 3)),  # temporary only up to 3 victories
        (7, (0, 1, 2, 3, 5, 6, 6)),  # lasting joins at 4; past the table, its last entry
    ],
)
def test_a_blows_damage_by_victories_adds_temporary_and_lasting(
    count: int, expected: tuple[int, ...]
) -> None:
    blow = SorcererHarm("hand", (0, 1, 2, 3, 4, 4), (0, 0, 0, 0, 1, 2))
    assert hurt_by_victories(blow.temporary, blow.lasting, count) == expected
    assert expected == tuple([sum(blow.at(v)) for v in range(count)])


def test_a_pick_on_the_very_board_and_menu_seen_before_is_not_weighed_again(
    build: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fights of one content bring back the very board and menu: the pick made on them is
    given again, the same object; an equal board that is another object, another menu,
    another level or a decision with unlisted choices is weighed afresh."""
    weighed: list[str] = []
    real = nearest._weighed

    def counted(
        shown: Board, decision: Decision, rng: random.Random, level: Level, guard: Any
    ) -> Pick:
        weighed.append(level)
        return real(shown, decision, rng, level, guard)

    monkeypatch.setattr(nearest, "_weighed", counted)
    shown = board(penalty=2)
    decision = menu(build, build.choice("total_defense", TotalDefense("tom")))
    first = nearest._peek(lambda: shown, decision, random.Random(0), "normal")
    assert first is not None
    assert first.command == TotalDefense("tom")
    assert nearest._peek(lambda: shown, decision, random.Random(1), "normal") is first
    assert weighed == ["normal"]
    again = nearest._peek(lambda: board(penalty=2), decision, random.Random(0), "normal")
    assert again == first
    assert again is not first
    other = menu(build, build.choice("total_defense", TotalDefense("tom")))
    nearest._peek(lambda: shown, other, random.Random(0), "normal")
    easy = nearest._peek(lambda: shown, decision, random.Random(0), "easy")
    assert easy is not None
    assert easy.command == Attack("tom", "ann", "fists")
    assert weighed == ["normal", "normal", "normal", "easy"]
    unlisted = dataclasses.replace(decision, resolver=_NoMore())
    for _ in range(2):
        nearest._peek(lambda: shown, unlisted, random.Random(0), "normal")
    assert weighed == ["normal", "normal", "normal", "easy", "normal", "normal"]


class _NoMore:
    """A resolver that finds no unlisted choice."""

    def by_key(self, key: str) -> Choice | None:
        return None

    def by_command(self, command: object) -> Choice | None:
        return None

    def move_cells(self) -> frozenset[tuple[int, int]]:
        return frozenset()

    def move_to(self, cell: tuple[int, int]) -> Choice | None:
        return None
