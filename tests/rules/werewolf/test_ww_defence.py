"""Dodge, block and parry, and Willpower's automatic success."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.werewolf.attack import Maneuver
from arena.rules.werewolf.defence import (
    abort_to_dodge,
    can_defend,
    cancel_successes,
    check_defence,
    defence_difficulty,
    defence_traits,
)
from arena.rules.werewolf.options import SEED_OPTIONS, W20_OPTIONS
from arena.rules.werewolf.willpower import spend_willpower, willpower_allowed

PUNCH = Maneuver("punch", "brawl", 5, 0, "bashing")
SWORD = Maneuver("sword", "melee", 6, 2, "lethal", needs_hands=True)
PISTOL = Maneuver("light pistol", "firearms", 6, 4, "lethal", adds_strength=False)


@pytest.mark.parametrize(
    ("kind", "dodge_ability", "traits"),
    [
        ("dodge", SEED_OPTIONS.dodge_ability, ("dexterity", "dodge")),  # the seed: Dex + Dodge
        ("dodge", W20_OPTIONS.dodge_ability, ("dexterity", "athletics")),  # w20: Dex + Athletics
        ("block", "dodge", ("dexterity", "brawl")),  # block: Dex + Brawl
        ("parry", "dodge", ("dexterity", "melee")),  # parry: Dex + Melee
    ],
)
def test_defence_traits(kind, dodge_ability, traits):
    assert defence_traits(kind, dodge_ability) == traits


@pytest.mark.parametrize(
    ("kind", "difficulty"),
    [
        ("dodge", 6),  # the seed's dodge difficulty
        ("block", 7),  # the block option as given
        ("parry", 8),  # the parry option as given
    ],
)
def test_defence_difficulty(kind, difficulty):
    assert defence_difficulty(kind, block_difficulty=7, parry_difficulty=8) == difficulty


@pytest.mark.parametrize(
    ("kind", "attack", "allowed"),
    [
        ("dodge", PUNCH, True),  # a dodge answers anything
        ("dodge", PISTOL, True),  # bullets included
        ("block", PUNCH, True),  # block: hand-to-hand
        ("block", SWORD, True),  # a melee weapon is hand-to-hand
        ("block", PISTOL, False),  # but not a gun
        ("parry", SWORD, True),  # parry a sword
        ("parry", PISTOL, False),  # parry is not against guns
    ],
)
def test_can_defend(kind, attack, allowed):
    assert can_defend(kind, attack) is allowed


def test_check_defence():
    check_defence("block", PUNCH)  # allowed: no error
    with pytest.raises(IllegalCommand, match="cannot parry a firearms attack"):
        check_defence("parry", PISTOL)
    with pytest.raises(IllegalCommand, match="frenzied"):
        check_defence("dodge", PUNCH, frenzied=True)
    assert can_defend("dodge", PUNCH, frenzied=True) is False


@pytest.mark.parametrize(
    ("attack", "defence", "left"),
    [
        (3, 1, 2),  # each defence success cancels one attack success
        (2, 5, 0),  # never below 0
        (4, 0, 4),  # no defence
    ],
)
def test_cancel_successes(attack, defence, left):
    assert cancel_successes(attack, defence) == left


def test_abort_to_dodge_costs_willpower():
    assert abort_to_dodge(3, SEED_OPTIONS.abort_willpower_cost) == 2
    with pytest.raises(IllegalCommand, match="costs 1 Willpower"):
        abort_to_dodge(0, 1)


@pytest.mark.parametrize(
    ("kind", "current", "spent", "once", "allowed"),
    [
        ("attack", 3, False, True, True),  # the first Willpower of the turn
        ("attack", 3, True, True, False),  # once per turn
        ("attack", 3, True, False, True),  # unless the option is off
        ("damage", 3, False, True, False),  # never on damage
        ("soak", 3, False, True, False),  # never on soak
        ("initiative", 0, False, True, False),  # none left
    ],
)
def test_willpower_allowed(kind, current, spent, once, allowed):
    assert (
        willpower_allowed(kind, willpower_current=current, spent_this_turn=spent,
                          once_per_turn=once)
        is allowed
    )  # fmt: skip


def test_spend_willpower():
    assert spend_willpower(
        "defence", willpower_current=4, spent_this_turn=False, once_per_turn=True
    ) == (3, 1)
    with pytest.raises(IllegalCommand, match="soak"):
        spend_willpower("soak", willpower_current=4, spent_this_turn=False, once_per_turn=True)
    with pytest.raises(IllegalCommand, match="already spent"):
        spend_willpower("attack", willpower_current=4, spent_this_turn=True, once_per_turn=True)
    with pytest.raises(IllegalCommand, match="no Willpower"):
        spend_willpower("attack", willpower_current=0, spent_this_turn=False, once_per_turn=True)
