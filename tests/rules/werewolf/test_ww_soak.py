"""Soak: who may soak what, the trait soaked with, and the levels that get through."""

from __future__ import annotations

import random

import pytest

from arena.rules.dice import DiceExhausted, RiggedDice
from arena.rules.werewolf.options import SEED_OPTIONS, W20_OPTIONS
from arena.rules.werewolf.soak import (
    can_soak,
    damage_type_taken,
    levels_after_soak,
    levels_through_soak,
    resolve_damage,
    soak_pool,
    soak_trait,
)


@pytest.mark.parametrize(
    ("template", "damage_type", "silver", "breed_form", "soaks"),
    [
        ("human", "bashing", False, False, True),  # humans soak bashing
        ("human", "lethal", False, False, False),  # but not lethal
        ("human", "aggravated", False, False, False),  # nor aggravated
        ("fomor", "lethal", False, False, False),  # fomori soak as humans
        ("garou", "bashing", False, True, True),  # Garou soak bashing in every form
        ("garou", "lethal", False, True, True),  # and lethal in every form
        ("garou", "aggravated", False, False, True),  # aggravated out of breed form
        ("garou", "aggravated", False, True, False),  # but not in breed form
        ("garou", "aggravated", True, False, False),  # silver: no soak out of breed form
        ("garou", "aggravated", True, True, True),  # a Garou in breed form soaks silver
        ("spirit", "aggravated", False, False, True),  # spirits soak everything
        ("spirit", "aggravated", True, False, False),  # except silver: nobody does
        ("human", "bashing", True, False, False),  # a silver club: nobody soaks silver
    ],
)
def test_can_soak(template, damage_type, silver, breed_form, soaks):
    assert can_soak(template, damage_type, silver=silver, breed_form=breed_form) is soaks


@pytest.mark.parametrize(
    ("template", "breed_form", "taken"),
    [
        ("garou", True, "lethal"),  # silver is lethal to a Garou in breed form
        ("garou", False, "aggravated"),  # and as dealt otherwise
        ("human", False, "aggravated"),  # a klaive is aggravated to a human
    ],
)
def test_damage_type_taken_from_silver(template, breed_form, taken):
    assert damage_type_taken(template, "aggravated", silver=True, breed_form=breed_form) == taken


@pytest.mark.parametrize(
    ("template", "spirit_soak", "trait"),
    [
        ("garou", SEED_OPTIONS.spirit_soak, "stamina"),  # Garou soak with Stamina
        ("human", W20_OPTIONS.spirit_soak, "stamina"),  # so do humans, in any preset
        ("spirit", SEED_OPTIONS.spirit_soak, "gnosis"),  # the seed: spirits soak with Gnosis
        ("spirit", W20_OPTIONS.spirit_soak, "willpower"),  # w20: with Willpower
    ],
)
def test_soak_trait(template, spirit_soak, trait):
    assert soak_trait(template, spirit_soak) == trait


def test_soak_pool():
    assert soak_pool(3) == 3  # no penalty by default
    assert soak_pool(3, 5) == 0  # with the option, never below 0


@pytest.mark.parametrize(
    ("damage", "soak", "levels"),
    [
        (4, 1, 3),  # each soak success removes one damage success
        (2, 3, 0),  # never below 0
    ],
)
def test_levels_after_soak(damage, soak, levels):
    assert levels_after_soak(damage, soak) == levels


def test_resolve_damage_rolls_damage_then_soak():
    dice = RiggedDice((6, 8, 10, 2, 7, 6, 1, 3))  # 4 damage dice and a reroll; 3 soak dice
    result = resolve_damage(dice, 4, template="garou", damage_type="lethal", soak_dice=3)
    assert result.damage.net == 4  # 6, 8, 10, 7
    assert result.soak is not None
    assert result.soak.net == 1  # the 1 does not cancel on a soak roll
    assert (result.levels, result.damage_type, result.soakable) == (3, "lethal", True)
    assert dice.remaining == 0


def test_resolve_damage_without_soak():
    dice = RiggedDice((6, 8))
    result = resolve_damage(dice, 2, template="human", damage_type="lethal", soak_dice=3)
    assert (result.soak, result.soakable, result.levels) == (None, False, 2)
    with pytest.raises(DiceExhausted):
        dice.randint(1, 10)  # no soak dice were rolled


def test_no_soak_roll_against_nothing():
    dice = RiggedDice((2, 3))
    result = resolve_damage(dice, 2, template="garou", damage_type="bashing", soak_dice=3)
    assert (result.soak, result.soakable, result.levels) == (None, True, 0)


def test_silver_on_a_breed_form_garou_is_soaked_as_lethal():
    dice = RiggedDice((7, 7, 7, 9))
    result = resolve_damage(
        dice, 3, template="garou", damage_type="aggravated", soak_dice=1, silver=True,
        breed_form=True,
    )  # fmt: skip
    assert (result.damage_type, result.levels) == ("lethal", 2)


def test_levels_through_soak_take_each_soak_success_off_each_damage_success():
    # Damage 0, 1 or 2 successes (a quarter, a half, a quarter); soak 0 or 1 (a half each).
    hits, saved = (0.25, 0.5, 0.25), (0.5, 0.5)
    # 1 gets through only unsoaked (0.5 * 0.5); 2 leaves 2 or 1 (0.25 * (0.5 * 2 + 0.5 * 1)).
    assert levels_through_soak(hits, saved) == pytest.approx(0.25 + 0.375)
    assert levels_through_soak(hits, (1.0,)) == pytest.approx(1.0)  # nothing soaked
    assert levels_through_soak(hits, (0.0, 0.0, 0.0, 1.0)) == 0.0  # 3 soaked: nothing left


def test_levels_through_soak_is_the_sum_over_every_damage_and_soak_pair_bit_for_bit():
    # The AI compares these figures: the same float as summing every pair in order.
    rng = random.Random(7)
    for _ in range(200):
        hits = [rng.random() * (rng.random() > 0.2) for _ in range(rng.randint(1, 12))]
        saved = [rng.random() for _ in range(rng.randint(1, 12))]
        pairs = sum(
            levels_after_soak(d, s) * pd * ps
            for d, pd in enumerate(hits)
            if pd
            for s, ps in enumerate(saved)
            if s < d
        )
        assert levels_through_soak(hits, saved) == pairs
    assert levels_through_soak((1.0,), (1.0,)) == 0  # no damage success: nothing to add
