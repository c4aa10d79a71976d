"""Demon abilities: Boost, Cloak, Protection, Psychic Force, Hop."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.sorcerer import (
    AttackKind,
    Modifier,
    SorcererOptions,
    assemble_pool,
    boost,
    cloak_penalty,
    effective_power,
    hop_range,
    protection_bonus,
    psychic_force_attack,
    psychic_force_defence,
)
from arena.words.sorcerer import pool_words


@pytest.mark.parametrize("dice", [1, 3])  # one die up to the demon's Power of 3
def test_boost_adds_up_to_power_dice(dice: int) -> None:
    assert boost(3, dice, "stamina") == Modifier("Boost (stamina)", dice)
    assert assemble_pool("Will", 2, (boost(3, dice, "will"),)).size == 2 + dice


@pytest.mark.parametrize("dice", [0, 4])  # nothing, or more than Power
def test_boost_beyond_power_is_illegal(dice: int) -> None:
    with pytest.raises(IllegalCommand, match="1 to 3"):
        boost(3, dice, "will")


@pytest.mark.parametrize(
    ("power", "boosting", "effective"),
    [
        (4, False, 4),  # not boosting: its Power
        (4, True, 1),  # boosting: its own Power counts as 1
        (0, True, 0),  # never more than it has
    ],
)
def test_a_boosting_demons_power_counts_as_1(power: int, boosting: bool, effective: int) -> None:
    assert effective_power(power, boosting=boosting) == effective


def test_boosting_power_is_an_option() -> None:
    assert effective_power(4, boosting=True, options=SorcererOptions(boosting_power=2)) == 2


@pytest.mark.parametrize(
    ("power", "dice"),
    [
        (1, -1),  # 1 ÷ 2 rounded up
        (3, -2),  # 3 ÷ 2 rounded up
        (4, -2),  # 4 ÷ 2
    ],
)
def test_cloak_costs_attackers_half_power_rounded_up(power: int, dice: int) -> None:
    assert cloak_penalty(power) == Modifier("Cloak", dice)


@pytest.mark.parametrize(
    ("attack", "dice"),
    [
        ("psychic_force", 3),  # against Psychic Force: + Power
        ("special_damage", 3),  # against Special Damage: + Power
        ("mundane", 0),  # against fists or guns: nothing
    ],
)
def test_protection(attack: AttackKind, dice: int) -> None:
    assert protection_bonus(3, attack).dice == dice


def test_psychic_force_pools() -> None:
    attack = psychic_force_attack(4)
    assert (attack.base_name, attack.size) == ("Power", 4)
    defence = psychic_force_defence(
        will=3,
        has_acted=True,
        reaction=None,
        protection_power=2,
        modifiers=(Modifier("lasting damage", -1),),
    )
    assert pool_words(defence.pool) == "Will 3 −1 lasting damage +2 Protection = 4"


def test_hop_moves_up_to_power_cells() -> None:
    assert hop_range(3) == 3
