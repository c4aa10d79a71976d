"""Initiative: the seed's segment from successes, the w20 score, and the turn orders."""

from __future__ import annotations

import pytest

from arena.rules.dice import DiceExhausted, RiggedDice
from arena.rules.werewolf.initiative import (
    initiative_pool,
    roll_initiative,
    roll_w20_initiative,
    score_initiative,
    segment_order,
    w20_action_order,
    w20_declaration_order,
)


@pytest.mark.parametrize(
    ("faces", "automatic", "segment", "botched"),
    [
        ((4, 5, 9, 10), 0, 4, False),  # difficulty 4: every die succeeds, segment 4
        ((3, 3, 2), 0, 0, False),  # no successes and no 1: segment 0
        ((4, 1, 3), 0, 0, False),  # a 1 cancels the only success: segment 0, no botch
        ((1, 3, 2), 0, 0, True),  # a 1 and no success: botch, no actions this turn
        ((1, 3, 2), 1, 1, False),  # Willpower's success turns the botch into segment 1
        ((), 0, 0, False),  # no dice at all: segment 0
    ],
)
def test_score_initiative(faces, automatic, segment, botched):
    initiative = score_initiative(faces, automatic=automatic)
    assert (initiative.segment, initiative.botched, initiative.acts) == (
        segment,
        botched,
        not botched,
    )


def test_score_initiative_keeps_the_roll():
    initiative = score_initiative((4, 9))
    assert initiative.roll.difficulty == 4
    assert initiative.roll.faces == (4, 9)


@pytest.mark.parametrize(
    ("wits", "alertness", "penalty", "pool"),
    [
        (3, 2, 0, 5),  # unhurt: Wits + Alertness
        (3, 2, 2, 3),  # Wounded: two dice fewer
        (2, 1, 5, 0),  # Crippled: never below 0
    ],
)
def test_initiative_pool(wits, alertness, penalty, pool):
    assert initiative_pool(wits, alertness, penalty) == pool


def test_roll_initiative_rolls_wits_plus_alertness_less_the_wound_penalty():
    dice = RiggedDice((9, 4, 6, 3))
    initiative = roll_initiative(dice, 3, 2, 1)  # four dice
    assert initiative.segment == 3
    assert dice.remaining == 0
    with pytest.raises(DiceExhausted):
        dice.randint(1, 10)  # and not one die more


def test_roll_w20_initiative():
    initiative = roll_w20_initiative(RiggedDice((7,)), 3, 2, 1)
    assert (initiative.face, initiative.score) == (7, 7 + 3 + 2 - 1)


def test_segment_order_groups_simultaneous_actions_highest_first():
    actions = (("tom", 3), ("vilna", 9), ("vilna", 3), ("ann", 9), ("tom", 3))
    assert segment_order(actions) == ((9, ("vilna", "ann")), (3, ("tom", "vilna")))


def test_w20_declarations_go_from_the_lowest_score_up():
    scores = (("tom", 9), ("vilna", 14), ("ann", 9), ("bob", 4))
    assert w20_declaration_order(scores) == ("bob", "tom", "ann", "vilna")


def test_w20_rage_actions_come_after_everyones_normal_action():
    scores = (("tom", 9), ("vilna", 14), ("ann", 11))
    order = w20_action_order(scores, {"vilna": 2, "tom": 1})
    assert order == (
        ("vilna", False),
        ("ann", False),
        ("tom", False),
        ("vilna", True),  # first round of Rage actions, in initiative order
        ("tom", True),
        ("vilna", True),  # Vilna's second Rage action
    )
