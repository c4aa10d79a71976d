"""The gang policy: a thug's tactics, played as a gang (the expert's own side plays it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.ai import choose_with_reason
from arena.ai.werewolf.focus import harmless, to_harmless
from arena.rules.actions import Move, Wait
from arena.rules.views import Choice, Decision, SorcererState, StorytellerSpec, WerewolfHealth
from arena.rules.werewolf.commands import Forgo, SpendWillpower
from tests.ai.test_ai_sorcerer import Sorc, foe, move, thug
from tests.ai.test_ai_werewolf import choice as ww_choice
from tests.ai.test_ai_werewolf import decide as ww_decide
from tests.ai.test_ai_werewolf import hit as ww_hit
from tests.ai.test_ai_werewolf import human, wounds

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


def test_a_werewolf_gang_strikes_the_enemy_that_still_strikes_not_the_harmless_one(
    build: Any,
) -> None:
    # Crippled (-5) leaves a thug no dice to strike with: the hard thug finishes it, the gang
    # hits the one who can still hurt it.
    people = [
        human(build, "thug", (5, 3), side="us"),
        human(build, "limp", (4, 3), health=wounds(6, 5)),
        human(build, "hurt", (6, 3), health=wounds(2, 1)),
    ]
    choices = [
        ww_hit("thug", "club", "limp", 4, 4, strength=2),
        ww_hit("thug", "club", "hurt", 4, 4, strength=2),
    ]
    hard, _ = ww_decide(build, "thug/hard", people, "thug", choices)
    gang, _ = ww_decide(build, "gang/hard", people, "thug", choices)
    assert (hard, gang) == ("club:limp", "club:hurt")


def test_a_werewolf_gang_closes_on_the_enemy_nearest_to_harmless(build: Any) -> None:
    # Nobody in reach: the hard thug makes for the Crippled (fewest levels left), the gang for
    # the Mauled, who still strikes and is one level from harmless.
    people = [
        human(build, "thug", (5, 3), side="us"),
        human(build, "limp", (1, 3), health=wounds(6, 5)),
        human(build, "mauled", (9, 3), health=wounds(5, 2)),
    ]
    choices = [
        ww_choice("move:3,3", Move("thug", (3, 3)), tags=("move", "toward"), cell=(3, 3)),
        ww_choice("move:7,3", Move("thug", (7, 3)), tags=("move", "toward"), cell=(7, 3)),
        ww_choice("wait", Wait("thug"), tags=("default",)),
    ]
    rows = ("###########", "#.........#", "#.........#", "#.........#", "###########")
    hard, _ = ww_decide(build, "thug/hard", people, "thug", choices, rows=rows)
    gang, _ = ww_decide(build, "gang/hard", people, "thug", choices, rows=rows)
    assert (hard, gang) == ("move:3,3", "move:7,3")


@pytest.mark.parametrize(
    ("health", "expected"),
    [
        (WerewolfHealth(), 6),  # unhurt: Crippled (-5) takes its 4 dice, a level before out
        (WerewolfHealth(bashing=5, penalty=2), 1),  # Mauled: one more level
        (WerewolfHealth(lethal=6, penalty=5), 0),  # Crippled: harmless, still in the fight
        (WerewolfHealth(essence=3, essence_max=10), 3),  # a spirit: its Essence left
    ],
)
def test_levels_to_harmless_count_to_the_penalty_that_takes_every_die(
    build: Any, health: WerewolfHealth, expected: int
) -> None:
    foe = human(build, "tom", (6, 3), health=health).view()
    assert (to_harmless(foe), harmless(foe)) == (expected, expected == 0)


def test_a_crippled_werewolf_gang_thug_strikes_on_a_point_of_willpower(build: Any) -> None:
    # Crippled (-5) leaves it no dice, but a point of Willpower is a success: the blow lands.
    # The hard thug reckons the empty pool worth nothing and waits.
    people = [
        human(build, "thug", (5, 3), side="us", health=wounds(6, 5)),
        human(build, "tom", (6, 3)),
    ]
    choices = [
        ww_hit("thug", "club", "tom", 0, 4, strength=2),
        ww_choice("wait", Wait("thug"), tags=("default",)),
    ]
    hard, _ = ww_decide(build, "thug/hard", people, "thug", choices)
    gang, _ = ww_decide(build, "gang/hard", people, "thug", choices)
    assert (hard, gang) == ("wait", "club:tom")
