"""Pool assembly and challenge pools."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from arena.rules.sorcerer import (
    ChallengeLevel,
    DicePool,
    Modifier,
    SorcererOptions,
    assemble_pool,
    challenge_pool,
)
from arena.words.sorcerer import pool_words


def test_a_pool_is_score_plus_bonus_minus_penalty_with_every_modifier_named() -> None:
    pool = assemble_pool(
        "Stamina",
        3,
        (Modifier("total defense", 2), Modifier("aimed", 0), Modifier("lasting damage", -4)),
    )
    assert pool.modifiers == (Modifier("total defense", 2), Modifier("lasting damage", -4))
    assert (pool.bonus, pool.penalty, pool.size, pool.dice_to_roll) == (2, 4, 1, 1)
    assert pool_words(pool) == "Stamina 3 +2 total defense −4 lasting damage = 1"


def test_a_pool_keeps_its_totals_however_it_is_made() -> None:
    # The totals are worked out when a pool is made: made directly, by `plus` or by `replace`,
    # or copied, a pool holds the totals of its own modifiers.
    mods = (Modifier("rollover", 2), Modifier("lasting damage", -3))
    made = DicePool("Stamina", 4, mods)
    assert (made.bonus, made.penalty, made.size, made.dice_to_roll) == (2, 3, 3, 3)
    more = made.plus(Modifier("temporary damage", -5))
    assert (more.penalty, more.size, more.dice_to_roll) == (8, -2, 0)
    lower = dataclasses.replace(made, base=0)
    assert (lower.size, lower.dice_to_roll) == (-1, 0)
    assert copy.deepcopy(more).size == -2
    assert made == DicePool("Stamina", 4, mods)
    assert hash(made) == hash(DicePool("Stamina", 4, mods))


def test_a_pool_made_by_plain_stores_is_a_frozen_pool() -> None:
    # Filled as its unfrozen twin, a pool is a pool again once made: frozen, and copied or
    # pickled with every slot.
    made = DicePool("Will", 2, (Modifier("rollover", 1),))
    assert type(made) is DicePool
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.size = 9  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(made))  # noqa: S301 - our own bytes
    assert (type(again), again, again.size, again.bonus) == (DicePool, made, 3, 1)


def test_a_pool_drops_zero_modifiers_from_any_iterable_of_them() -> None:
    # Given as a list, a tuple or a generator (read once), only zero modifiers are left out,
    # wherever they stand; none to drop keeps every one in order.
    mods = [Modifier("aimed", 0), Modifier("rollover", 2), Modifier("sucked-up damage", 0)]
    for given in (mods, tuple(mods), (m for m in mods)):
        assert assemble_pool("Stamina", 3, given).modifiers == (Modifier("rollover", 2),)
    kept = (Modifier("rollover", 2), Modifier("lasting damage", -1))
    assert assemble_pool("Will", 3, iter(kept)).modifiers == kept
    assert assemble_pool("Will", 3).modifiers == ()


def test_a_pool_below_zero_rolls_nothing() -> None:
    pool = assemble_pool("Will", 1, (Modifier("lasting damage", -3),))
    assert (pool.size, pool.dice_to_roll) == (-2, 0)


def test_plus_adds_modifiers_in_order() -> None:
    pool = assemble_pool("Will", 2).plus(Modifier("rollover", 1), Modifier("role-playing", 2))
    assert pool == DicePool("Will", 2, (Modifier("rollover", 1), Modifier("role-playing", 2)))


def test_a_negative_base_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        assemble_pool("Stamina", -1)


@pytest.mark.parametrize(
    ("level", "dice"),
    [
        ("easy", 1),  # easy: 1 die
        ("moderate", 2),  # moderate: 2-3, default 2
        ("hard", 4),  # hard: 4-5, default 4
        ("extreme", 6),  # extreme: 6+, default 6
    ],
)
def test_challenge_pool(level: ChallengeLevel, dice: int) -> None:
    assert challenge_pool(level) == DicePool(f"{level} challenge", dice)


def test_challenge_pool_follows_options() -> None:
    assert challenge_pool("moderate", SorcererOptions(challenge_moderate=3)).size == 3
