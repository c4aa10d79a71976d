"""Attacks: pools, gun and facing difficulties, the damage pool and hits after defences."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.dice import RiggedDice
from arena.rules.werewolf.attack import (
    Hit,
    Maneuver,
    attack_difficulty,
    attack_pool,
    check_maneuver,
    damage_pool,
    disarms,
    facing_modifier,
    gun_difficulty,
    range_band,
    resolve_hit,
    roll_damage,
)
from arena.rules.werewolf.options import SEED_OPTIONS

PUNCH = Maneuver("punch", "brawl", 5, 0, "bashing")
KNIFE = Maneuver("knife", "melee", 4, 1, "lethal", needs_hands=True)
PISTOL = Maneuver(
    "heavy pistol", "firearms", 6, 5, "lethal", adds_strength=False, needs_hands=True,
    range_yards=30,
)  # fmt: skip
BITE = Maneuver("bite", "brawl", 5, 1, "aggravated")
OPTS = SEED_OPTIONS


@pytest.mark.parametrize(
    ("attribute", "ability", "penalty", "pool"),
    [
        (3, 3, 0, 6),  # Tom's hitting pool, Dex 3 + Brawl 3
        (3, 3, 2, 4),  # Wounded: two dice fewer
        (1, 0, 5, 0),  # never below 0
    ],
)
def test_attack_pool(attribute, ability, penalty, pool):
    assert attack_pool(attribute, ability, penalty) == pool


@pytest.mark.parametrize(
    ("strength", "maneuver", "successes", "pool"),
    [
        (3, PUNCH, 1, 3),  # punch: Strength, nothing for a single success
        (3, PUNCH, 3, 5),  # two successes beyond the first add two dice
        (2, KNIFE, 1, 3),  # knife: Strength + 1
        (5, PISTOL, 2, 6),  # gun: its own damage, Strength plays no part, +1 success
    ],
)
def test_damage_pool(strength, maneuver, successes, pool):
    assert damage_pool(strength, maneuver, successes) == pool


@pytest.mark.parametrize(
    ("attack", "defence", "expected"),
    [
        (3, 0, Hit(3, 0, 3, 5)),  # undefended: Str 3 + 2 extra successes
        (3, 2, Hit(3, 2, 1, 3)),  # two dodge successes cancel two: one left, Str 3
        (2, 4, Hit(2, 2, 0, 0)),  # the dodge cancels everything: a miss
        (0, 0, Hit(0, 0, 0, 0)),  # the attack failed
    ],
)
def test_resolve_hit(attack, defence, expected):
    hit = resolve_hit(attack, defence, 3, PUNCH)
    assert hit == expected
    assert hit.landed == (expected.successes > 0)


def test_roll_damage_rerolls_10s_and_ignores_1s():
    dice = RiggedDice((10, 1, 6, 10, 7, 2))  # 3 dice; the 10 adds a die, another 10 one more
    roll = roll_damage(dice, 3)
    assert roll.faces == (10, 1, 6, 10, 7)
    assert (roll.net, roll.botch, roll.difficulty) == (4, False, 6)
    assert dice.remaining == 1  # the 2 was never needed


@pytest.mark.parametrize(
    ("distance", "band"),
    [
        (2, "point_blank"),  # 2 yards is point blank
        (3, "in_range"),  # just past point blank
        (30, "in_range"),  # the heavy pistol's range
        (60, "long"),  # up to twice the range
        (61, "out_of_range"),  # beyond twice the range
    ],
)
def test_range_band(distance, band):
    assert (
        range_band(
            distance, PISTOL.range_yards, point_blank_yards=OPTS.point_blank_yards,
            long_range_multiple=OPTS.long_range_multiple,
        )
        == band
    )  # fmt: skip


@pytest.mark.parametrize(
    ("band", "difficulty"),
    [
        ("point_blank", 4),  # point blank is easier
        ("in_range", 6),  # the weapon's own difficulty
        ("long", 8),  # beyond range, up to twice it
    ],
)
def test_gun_difficulty(band, difficulty):
    assert (
        gun_difficulty(
            PISTOL.difficulty, band, point_blank_difficulty=OPTS.point_blank_difficulty,
            long_range_difficulty=OPTS.long_range_difficulty,
        )
        == difficulty
    )  # fmt: skip


def test_no_shot_out_of_range():
    with pytest.raises(IllegalCommand, match="out of range"):
        gun_difficulty(6, "out_of_range", point_blank_difficulty=4, long_range_difficulty=8)


@pytest.mark.parametrize(
    ("facing", "modifier"),
    [
        ("front", 0),  # no change from the front
        ("flank", -1),  # flank -1
        ("behind", -2),  # behind -2
    ],
)
def test_facing_modifier(facing, modifier):
    assert (
        facing_modifier(facing, flank_modifier=OPTS.flank_modifier,
                        behind_modifier=OPTS.behind_modifier)
        == modifier
    )  # fmt: skip


@pytest.mark.parametrize(
    ("base", "split", "facing", "difficulty"),
    [
        (5, 1, 0, 6),  # Tom's punch as the first of two parts on a segment
        (8, 3, 0, 11),  # above 10 stays above 10: the dice require an extra success
        (6, 0, -2, 4),  # from behind
    ],
)
def test_attack_difficulty(base, split, facing, difficulty):
    assert attack_difficulty(base, split_penalty=split, facing=facing) == difficulty


@pytest.mark.parametrize(
    ("maneuver", "has_hands", "frenzied", "message"),
    [
        (KNIFE, False, False, "needs hands"),  # Hispo and Lupus hold no knife
        (PISTOL, False, False, "needs hands"),  # nor a gun
        (PUNCH, True, True, "claw and bite"),  # a frenzied Garou claws and bites
    ],
)
def test_check_maneuver_refuses(maneuver, has_hands, frenzied, message):
    with pytest.raises(IllegalCommand, match=message):
        check_maneuver(maneuver, has_hands=has_hands, frenzied=frenzied)


def test_check_maneuver_allows():
    check_maneuver(BITE, has_hands=False, frenzied=True)  # a frenzied Lupus bites
    check_maneuver(KNIFE, has_hands=True)  # a Homid with a knife


@pytest.mark.parametrize(
    ("successes", "strength", "expected"),
    [
        (3, 2, True),  # more successes than the target's Strength
        (2, 2, False),  # equal is not enough
    ],
)
def test_disarms(successes, strength, expected):
    assert disarms(successes, strength) is expected
