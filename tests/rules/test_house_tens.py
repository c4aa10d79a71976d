"""House rules for the 10s: damage_tens (reroll or plain) and specialty (off, double, reroll)."""

from __future__ import annotations

from typing import Any

import pytest

from arena.rules.dice import RiggedDice, roll_open, roll_storyteller, roll_tens
from arena.rules.werewolf.attack import roll_damage
from arena.rules.werewolf.options import parse_options, specialty_tens
from arena.rules.werewolf.soak import resolve_damage, roll_soak


def test_the_options_parse_and_default_to_the_seed() -> None:
    seed = parse_options("seed", {})
    assert (seed.damage_tens, seed.specialty) == ("reroll", "off")
    varied = parse_options("seed", {"damage_tens": "plain", "specialty": "double"})
    assert (varied.damage_tens, varied.specialty) == ("plain", "double")
    with pytest.raises(ValueError, match="damage_tens"):
        parse_options("seed", {"damage_tens": "twice"})
    with pytest.raises(ValueError, match="specialty"):
        parse_options("seed", {"specialty": "on"})


@pytest.mark.parametrize(
    ("tens", "dealt", "successes", "rerolls"),
    [
        # reroll [seed]: each 10 adds a die; the 10 after the 10 adds another.
        ("reroll", [10, 3, 10, 7, 1], 3, 2),
        # plain: a 10 is one success and adds no die; the 1 cancels nothing.
        ("plain", [10, 3, 1], 1, 0),
    ],
)
def test_damage_tens(tens: str, dealt: list[int], successes: int, rerolls: int) -> None:
    dice = RiggedDice(dealt)
    roll = roll_damage(dice, 3, tens)  # type: ignore[arg-type]
    assert (roll.net, roll.rerolls, roll.botch, dice.remaining) == (successes, rerolls, False, 0)


HUMAN: dict[str, Any] = {
    "damage_pool": 2,
    "template": "human",
    "damage_type": "bashing",
    "soak_dice": 2,
}


def test_plain_soak_and_a_whole_damage_step() -> None:
    assert roll_soak(RiggedDice([10, 1]), 2, "plain").net == 1
    # 2 damage dice [10, 6] then 2 soak dice [10, 2]: plain, 2 - 1 = 1 level.
    done = resolve_damage(RiggedDice([10, 6, 10, 2]), **HUMAN, tens="plain")
    assert (done.damage.net, done.soak and done.soak.net, done.levels) == (2, 1, 1)
    # The same faces under the seed: each 10 takes a die more.
    done = resolve_damage(RiggedDice([10, 6, 4, 10, 2, 3]), **HUMAN)
    assert (done.damage.net, done.soak and done.soak.net, done.levels) == (2, 1, 1)


def test_plain_is_an_open_roll_without_rerolls() -> None:
    assert roll_open(RiggedDice([10, 10]), 2, reroll_tens=False).faces == (10, 10)


@pytest.mark.parametrize(
    ("tens", "pool", "dealt", "net"),
    [
        # off: a plain Storyteller roll: 10 and 7 succeed, the 1 cancels one.
        ("off", 3, [10, 7, 1], 1),
        # double: the 10 counts twice; the 1 still cancels one.
        ("double", 3, [10, 7, 1], 2),
        # reroll: the 10 adds a die (an 8): 3 successes, the pool's 1 cancels one.
        ("reroll", 3, [10, 7, 1, 8], 2),
        # reroll: the added 10 adds one more; the added 1 cancels nothing.
        ("reroll", 2, [10, 3, 10, 1], 2),
    ],
)
def test_specialty_tens(tens: str, pool: int, dealt: list[int], net: int) -> None:
    dice = RiggedDice(dealt)
    roll = roll_tens(dice, pool, 6, tens=tens)  # type: ignore[arg-type]
    assert (roll.net, roll.faces, roll.rerolls, dice.remaining) == (
        net,
        tuple(dealt),
        len(dealt) - pool,
        0,
    )


def test_specialty_off_deals_and_scores_as_a_plain_roll() -> None:
    faces = [10, 1, 1, 4, 9]
    assert roll_tens(RiggedDice(faces), 5, 7, automatic=1) == roll_storyteller(
        RiggedDice(faces), 5, 7, automatic=1
    )


def test_a_botch_stays_a_botch() -> None:
    assert roll_tens(RiggedDice([1, 3]), 2, 6, tens="double").botch
    assert roll_tens(RiggedDice([1, 3]), 2, 6, tens="reroll").botch


def test_only_a_specialty_ability_changes_its_tens() -> None:
    assert specialty_tens("double", "brawl", ("brawl",)) == "double"
    assert specialty_tens("reroll", "melee", ("brawl",)) == "off"
    assert specialty_tens("reroll", "", ("brawl",)) == "off"
