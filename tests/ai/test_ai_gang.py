"""The gang policy: a thug's tactics, played as a gang (the expert's own side plays it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.ai import choose_with_reason
from arena.rules.views import Choice, Decision, SorcererState, StorytellerSpec
from arena.rules.werewolf.commands import Forgo, SpendWillpower
from tests.ai.test_ai_sorcerer import Sorc, foe, move, thug
from tests.ai.test_ai_werewolf import choice as ww_choice
from tests.ai.test_ai_werewolf import decide as ww_decide
from tests.ai.test_ai_werewolf import human

GAP = (
    "###########",
    "#.........#",
    "#####.#####",
    "#.........#",
    "#.........#",
    "#.........#",
    "###########",
)
"""Two rooms joined by one gap at (5, 2)."""


def mate(pos: tuple[int, int]) -> Sorc:
    return Sorc(
        "mate", "us", pos, {"stamina": 3, "will": 2, "lore": 0}, 0, state=SorcererState("human")
    )


def sorcerer_pick(
    build: Any, policy: str, people: list[Any], choices: list[Choice], rows: Any = None
) -> tuple[str, str]:
    view = build.view("sorcerer", people, rows=rows) if rows else build.view("sorcerer", people)
    decision = Decision("thug", "intention", "test", "", tuple(choices))
    command, reason = choose_with_reason(policy, view, decision, random.Random(0))
    return next(c.key for c in choices if c.command == command), reason


def test_gang_leaves_the_cell_an_ally_heads_for(build: Any) -> None:
    # The ally states first and is reckoned to take the gap, the one cell nearest the enemy
    # it can reach: the hard thug would head there too and be blocked; the gang steps aside.
    people = [mate((4, 1)), thug((6, 1)), foe("weak", (5, 5), 2)]
    choices = [move("thug", (5, 2)), move("thug", (5, 1))]
    assert sorcerer_pick(build, "thug/hard", people, choices, GAP)[0] == "move:5,2"
    assert sorcerer_pick(build, "gang/hard", people, choices, GAP) == (
        "move:5,1",
        "closes on Weak, leaving (5, 2) to an ally",
    )


@pytest.mark.parametrize(
    ("ally", "expected"),
    [
        ((1, 3), "move:5,3"),  # the ally is far behind: wait out of reach for it
        ((8, 2), "move:6,3"),  # the ally is already on the enemy: go in
    ],
)
def test_gang_steps_into_reach_only_with_its_gang(
    build: Any, ally: tuple[int, int], expected: str
) -> None:
    people = [thug((3, 3)), foe("weak", (9, 3), 2), mate(ally)]
    choices = [move("thug", (6, 3)), move("thug", (5, 3))]
    assert sorcerer_pick(build, "thug/hard", people, choices)[0] == "move:6,3"
    key, reason = sorcerer_pick(build, "gang/hard", people, choices)
    assert key == expected
    if expected == "move:5,3":
        assert reason == "waits for its gang short of the enemy's reach, near Weak"


def test_gang_alone_closes_in_as_the_thug_does(build: Any) -> None:
    # No ally left: nobody to wait for, so it plays the hard thug's move.
    people = [thug((3, 3)), foe("weak", (9, 3), 2)]
    choices = [move("thug", (6, 3)), move("thug", (5, 3))]
    hard = sorcerer_pick(build, "thug/hard", people, choices)
    assert sorcerer_pick(build, "gang/hard", people, choices) == hard


def test_gang_spends_willpower_on_any_roll_it_lifts(build: Any) -> None:
    # 8 dice at 5 nearly always succeed: the hard thug keeps its point, the gang spends it.
    people = [human(build, "thug", (5, 3), side="us"), human(build, "tom", (6, 3))]
    choices = [
        ww_choice("forgo", Forgo("thug"), tags=("default",)),
        ww_choice(
            "willpower:0",
            SpendWillpower("thug", 0),
            tags=("willpower",),
            rolls=(StorytellerSpec(8, 5, automatic=1),),
        ),
    ]
    hard, _ = ww_decide(build, "thug/hard", people, "thug", choices, kind="willpower")
    gang, _ = ww_decide(build, "gang/hard", people, "thug", choices, kind="willpower")
    assert (hard, gang) == ("forgo", "willpower:0")
