"""Pushing through damage: sorcerers only, between Stamina and twice Stamina."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.dice import RiggedDice
from arena.rules.sorcerer import (
    SorcererOptions,
    can_push_through,
    may_act_with,
    resolve_push_through,
    roll_push_through,
)


@pytest.mark.parametrize(
    ("is_sorcerer", "penalty", "allowed"),
    [
        (True, 2, False),  # below Stamina 3 it acts anyway, with fewer dice
        (True, 3, True),  # D = S: may push
        (True, 6, True),  # D = 2S: may push
        (True, 7, False),  # above 2S: helpless
        (False, 3, False),  # not a sorcerer: never
        (False, 6, False),  # not a sorcerer: never
    ],
)
def test_only_sorcerers_push_through_between_stamina_and_2x_stamina_rolling_original_will(
    is_sorcerer: bool, penalty: int, allowed: bool
) -> None:
    assert can_push_through(is_sorcerer=is_sorcerer, penalty=penalty, stamina=3) is allowed
    if not allowed:
        return
    # Will 3, unpenalised although D dice of damage would cut it, against the 2 dice wanted:
    # 8 beats the 7s, so the action is rolled with 2 dice.
    dice = RiggedDice([8, 4, 2, 7, 7])
    push = roll_push_through(dice, will=3, wanted=2, unpenalised_score=4)
    assert dice.dealt == 5  # all three Will dice were rolled, then the two wanted
    assert (push.succeeded, push.action_dice) == (True, 2)


@pytest.mark.parametrize(
    ("will", "wanted", "succeeded"),
    [
        ((8, 4, 2), (7, 7), True),  # Will wins: the action gets N dice
        ((6, 4, 2), (7, 1), False),  # Will loses: the action fails
        ((7, 1), (7, 1), False),  # a complete tie is no win
    ],
)
def test_push_outcome(will: tuple[int, ...], wanted: tuple[int, ...], succeeded: bool) -> None:
    push = resolve_push_through(will, wanted, unpenalised_score=4)
    assert push.succeeded is succeeded
    assert push.action_dice == (len(wanted) if succeeded else 0)


@pytest.mark.parametrize("wanted", [0, 5])  # none, or more than the score of 4
def test_push_for_an_illegal_number_of_dice_rolls_nothing(wanted: int) -> None:
    dice = RiggedDice([])
    with pytest.raises(IllegalCommand, match="1 to 4"):
        roll_push_through(dice, will=3, wanted=wanted, unpenalised_score=4)


@pytest.mark.parametrize(
    ("penalty", "allowed"),
    [
        (3, False),  # D = S excluded
        (4, True),  # strictly between
        (6, False),  # D = 2S excluded
    ],
)
def test_exclusive_push_bounds(penalty: int, allowed: bool) -> None:
    options = SorcererOptions(push_bounds="exclusive")
    assert can_push_through(is_sorcerer=True, penalty=penalty, stamina=3, options=options) is (
        allowed
    )


@pytest.mark.parametrize(
    ("size", "may"),
    [
        (1, True),  # one die is enough
        (0, False),  # a pool of 0 cannot take the action
        (-2, False),  # nor a negative one
    ],
)
def test_may_act_with(size: int, may: bool) -> None:
    assert may_act_with(size) is may
