"""Getting clobbered by lots of dudes."""

from __future__ import annotations

import pytest

from arena.rules.dice import RiggedDice, roll_faces
from arena.rules.sorcerer import (
    Modifier,
    OrderRoll,
    apply_clobber,
    assemble_pool,
    clobber_bonus,
    defence_pool,
    fix_order,
    resolve_attack,
)


def test_a_pool_of_minus_3_gives_both_sides_4_bonus_dice() -> None:
    # Stamina 2 with 5 dice of damage already taken from Thug A: a pool of -3.
    defence = defence_pool(
        stamina=2, has_acted=True, reaction=None, modifiers=(Modifier("lasting damage", -5),)
    )
    assert defence.pool.size == 1
    assert defence.pool.modifiers == (Modifier("lasting damage", -5), Modifier("clobbered", 4))
    assert defence.attacker_bonus == Modifier("clobbered", 4)
    # Thug B's performance (6, 2) from Step 3 gains 4 rolled dice; the defender rolls 1 die.
    order = fix_order([OrderRoll((6, 2), (6, 2))])
    dice = RiggedDice([9, 8, 1, 1, 7])
    order = order.add_performance_dice(0, roll_faces(dice, defence.attacker_bonus.dice))
    result = resolve_attack(order.entry(0).performance, roll_faces(dice, defence.pool.size))
    assert order.entry(0).performance == (9, 8, 6, 2, 1, 1)
    assert result.hit == 2  # 9 and 8 beat the defender's 7


@pytest.mark.parametrize(
    ("size", "bonus"),
    [
        (3, 0),  # enough dice: no help
        (1, 0),  # exactly one die: no help
        (0, 1),  # no dice: lifted to 1
        (-1, 2),  # one below zero
        (-3, 4),  # the seed's example
    ],
)
def test_clobber_bonus(size: int, bonus: int) -> None:
    assert clobber_bonus(size) == bonus


def test_an_unclobbered_defence_is_unchanged() -> None:
    pool = assemble_pool("Stamina", 3, (Modifier("lasting damage", -1),))
    lifted, attacker = apply_clobber(pool)
    assert lifted == pool
    assert attacker == Modifier("clobbered", 0)
