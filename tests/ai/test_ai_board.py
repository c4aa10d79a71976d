"""Answers settled from the board at a glance: the pick the whole view gives, without the view."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import arena.ai
from arena.ai import choose_on_sight
from arena.ai.look import Seen, Sight
from arena.ai.pick import Body, Level, Pick
from arena.content.loader import default_content_root, load_catalog
from arena.engine import Controllers, Fight
from arena.rules.actions import Attack, Move, Wait
from arena.rules.views import Board, Decision, FightView, Piece
from arena.sim.plan import batch_scenario
from arena.words.core import render

CATALOG = load_catalog(default_content_root())
SORCERER = sorted(n for n, s in CATALOG.scenarios.items() if s.ruleset == "sorcerer")


def blind() -> FightView:
    raise AssertionError("the policy made the whole view")


def board(penalty: int = 0) -> Board:
    return Board(
        "sorcerer",
        (
            Piece("tom", "Tom", "a", (2, 3), "active", penalty),
            Piece("ann", "Ann", "b", (3, 3), "active", 0),
            Piece("bob", "Bob", "b", (9, 3), "active", 0),
        ),
    )


def menu(build: Any) -> Decision:
    choices = [
        build.choice("move:1,3", Move("tom", (1, 3)), tags=("move",), cell=(1, 3)),
        build.choice(
            "attack:bob:fists", Attack("tom", "bob", "fists"), tags=("attack",), target="bob"
        ),
        build.choice(
            "attack:ann:fists", Attack("tom", "ann", "fists"), tags=("attack",), target="ann"
        ),
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
    ("policy", "penalty"),
    [
        ("nearest", 1),  # hurt: total defense may be worth it, weighed on the whole view
        ("thug", 0),  # a policy with no peek reads the view
    ],
)
def test_what_the_board_cannot_settle_reads_the_view(build: Any, policy: str, penalty: int) -> None:
    seen: list[str] = []

    def see() -> FightView:
        seen.append("view")
        people = [
            build.who("tom", "a", (2, 3), {"stamina": 3}),
            build.who("ann", "b", (3, 3), {"stamina": 3}),
            build.who("bob", "b", (9, 3), {"stamina": 3}),
        ]
        return build.view("sorcerer", people)

    choose_on_sight(policy, "sorcerer", see, menu(build), random.Random(0), lambda: board(penalty))
    assert seen == ["view"]


def test_a_peek_at_the_easy_level_settles_a_hurt_intention(build: Any) -> None:
    command, _ = choose_on_sight(
        "nearest/easy", "sorcerer", blind, menu(build), random.Random(0), lambda: board(2)
    )
    assert command == Attack("tom", "ann", "fists")


def test_every_peek_in_played_fights_picks_what_the_view_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each answer a peek settled in AI-played fights of every shipped Sorcerer scenario,
    compared with the body's look at the whole view of the same moment."""
    plain = arena.ai.answer_on_sight
    settled: list[str] = []

    def checked(
        body: Body,
        level: Level,
        see: Callable[[], FightView],
        decision: Decision,
        rng: random.Random,
        glimpse: Callable[[], Sight[Seen]] | None = None,
    ) -> Pick:
        if (
            body.peek is not None
            and glimpse is not None
            and body.glance(decision, rng, level) is None
        ):
            peeked = body.peek(glimpse(), decision, rng, level)  # type: ignore[misc]
            if peeked is not None:
                looked = body.look(see(), decision, rng, level)
                assert (peeked.command, peeked.reason) == (looked.command, looked.reason)
                settled.append(decision.actor)
        return plain(body, level, see, decision, rng, glimpse)

    monkeypatch.setattr(arena.ai, "answer_on_sight", checked)
    for name in SORCERER:
        scenario = batch_scenario(CATALOG.scenarios[name])
        for seed in (1, 2, 3):
            fight = Fight(scenario, CATALOG, seed=seed, rigged=())
            try:
                Controllers(fight, watch=True, reasons=False).run()
            finally:
                fight.close()
    assert len(settled) > 100
