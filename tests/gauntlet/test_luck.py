"""A run's dice luck weighs each roll against its exact odds, a specialty's 10s included."""

from __future__ import annotations

from typing import get_args

import pytest

from arena.gauntlet.record import player_luck
from arena.rules.dice import RiggedDice, Tens, roll_tens
from arena.rules.events import Event
from arena.rules.odds import storyteller_odds


@pytest.mark.parametrize("tens", get_args(Tens))
def test_luck_expects_what_the_roll_could_give_under_its_tens_rule(tens: Tens) -> None:
    # 6 dice at 6 with two 10s: a specialty counts them twice, or adds a die for each.
    roll = roll_tens(RiggedDice([10, 10, 7, 3, 2, 1, 8, 4]), 6, 6, tens=tens)
    assert roll.tens == tens
    event = Event("attack_rolled", 1, "ww_attack", "rolls", actor="tom", roll=roll)
    luck = player_luck([event], "tom")
    expected = storyteller_odds(6, 6, tens=tens).expected
    assert (luck.rolls, luck.actual) == (1, roll.net)
    assert luck.expected == pytest.approx(expected)
    if tens != "off":
        assert luck.expected > storyteller_odds(6, 6).expected
