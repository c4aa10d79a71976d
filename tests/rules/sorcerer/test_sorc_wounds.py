"""Wounds: temporary damage on the next roll only, lasting damage on every roll."""

from __future__ import annotations

import dataclasses

import pytest

from arena.rules.sorcerer import Damage, Modifier, Wounds, is_penalised, wound_modifiers


def test_temporary_damage_applies_to_the_next_roll_only() -> None:
    wounds = Wounds().take(temporary=3, lasting=1)
    assert wounds.penalty_for_next_roll() == 4  # the next roll: 3 temporary + 1 lasting
    wounds = wounds.after_roll()
    assert wounds == Wounds(lasting=1, temporary_pending=0)
    assert wounds.penalty_for_next_roll() == 1  # only lasting damage stays
    assert wounds.after_roll().penalty_for_next_roll() == 1  # and it stays on every roll


def test_temporary_damage_from_several_hits_adds_up_until_the_next_roll() -> None:
    wounds = Wounds().take(temporary=2, lasting=0).take_damage(Damage(temporary=3, lasting=1))
    assert wounds == Wounds(lasting=1, temporary_pending=5)
    assert wounds.total == 6


@pytest.mark.parametrize(
    ("temporary", "lasting"),
    [
        (-1, 0),  # negative temporary damage would heal
        (0, -1),  # negative lasting damage would heal
    ],
)
def test_negative_damage_is_refused(temporary: int, lasting: int) -> None:
    with pytest.raises(ValueError, match="negative"):
        Wounds(3, 3).take(temporary, lasting)


@pytest.mark.parametrize(("lasting", "temporary"), [(-1, 0), (0, -2)])
def test_wounds_made_negative_are_refused(lasting: int, temporary: int) -> None:
    with pytest.raises(ValueError, match="negative"):
        Wounds(lasting, temporary)


def test_wounds_are_frozen_with_their_total_worked_out() -> None:
    wounds = Wounds(2, 3)
    assert (wounds.total, Wounds(temporary_pending=4).total, Wounds().total) == (5, 4, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        wounds.total = 1  # type: ignore[misc]
    assert dataclasses.replace(wounds, lasting=4).total == 7
    assert hash(wounds) == hash(Wounds(2, 3))


def test_wound_modifiers_list_lasting_and_temporary_apart() -> None:
    wounds = Wounds(lasting=2, temporary_pending=1)
    assert wound_modifiers(wounds, "will") == (
        Modifier("lasting damage", -2),
        Modifier("temporary damage", -1),
    )
    assert wound_modifiers(Wounds(lasting=2), "stamina") == (Modifier("lasting damage", -2),)


def test_a_demons_power_is_never_penalised() -> None:
    assert wound_modifiers(Wounds(lasting=5, temporary_pending=5), "power") == ()
    assert (is_penalised("power"), is_penalised("humanity"), is_penalised("lore")) == (
        False,
        True,
        True,
    )
