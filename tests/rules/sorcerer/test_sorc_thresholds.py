"""In-fight thresholds: Stamina, twice Stamina, four times Stamina, and Big."""

from __future__ import annotations

import pytest

from arena.rules.sorcerer import (
    FightState,
    SorcererOptions,
    Thresholds,
    Wounds,
    fight_state,
    thresholds,
)


@pytest.mark.parametrize(
    ("wounds", "state"),
    [
        (Wounds(2, 0), "normal"),  # P = 2 < S = 3
        (Wounds(1, 2), "cannot_act"),  # P = S = 3, temporary counts
        (Wounds(6, 0), "cannot_act"),  # P = 2S = 6
        (Wounds(4, 3), "helpless"),  # P = 7 > 2S
        (Wounds(12, 0), "helpless"),  # lasting = 4S: not yet dead
        (Wounds(13, 0), "dead"),  # lasting > 4S
        (Wounds(0, 13), "helpless"),  # temporary damage never kills
    ],
)
def test_thresholds_at_s_2s_and_4s(wounds: Wounds, state: FightState) -> None:
    assert fight_state(wounds, stamina=3) == state


@pytest.mark.parametrize(
    ("wounds", "state"),
    [
        (Wounds(4, 0), "normal"),  # S + Power = 5
        (Wounds(5, 0), "cannot_act"),  # at S + Power
        (Wounds(8, 0), "cannot_act"),  # at 2S + Power
        (Wounds(9, 0), "helpless"),  # above 2S + Power
        (Wounds(14, 0), "helpless"),  # at 4S + Power
        (Wounds(15, 0), "dead"),  # above 4S + Power
    ],
)
def test_big_raises_thresholds_by_power(wounds: Wounds, state: FightState) -> None:
    assert fight_state(wounds, stamina=3, big_power=2) == state


def test_threshold_multiples_are_options() -> None:
    options = SorcererOptions(helpless_multiple=3, dead_multiple=5)
    assert thresholds(3, options=options) == Thresholds(3, 9, 15)
    assert fight_state(Wounds(8, 0), 3, options=options) == "cannot_act"
