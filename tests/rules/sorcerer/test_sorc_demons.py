"""Demons: obedience to a command, and their own judgment."""

from __future__ import annotations

import pytest

from arena.rules.dice import RiggedDice, resolve_contest
from arena.rules.sorcerer import (
    Binding,
    Demon,
    Judgment,
    Modifier,
    Situation,
    automatic_obedience,
    obedience_pools,
    own_judgment,
    resolve_obedience,
    roll_obedience,
)
from arena.words.sorcerer import pool_words


@pytest.mark.parametrize(
    ("serves_desire", "strength", "reason"),
    [
        (True, -3, "the order serves its Desire"),  # serves its Desire: obeys even so
        (False, 1, "the binding (+1) favours its master"),  # binding favours the master
    ],
)
def test_obeys_without_a_roll(serves_desire: bool, strength: int, reason: str) -> None:
    dice = RiggedDice([])
    obedience = roll_obedience(
        dice,
        serves_desire=serves_desire,
        binding=Binding("vilna", strength),
        master_will=3,
        demon_will=5,
    )
    assert (obedience.obeys, obedience.reason, obedience.contest) == (True, reason, None)
    assert dice.dealt == 0


@pytest.mark.parametrize(
    ("strength", "master_size", "demon_size"),
    [
        (0, 3, 4),  # binding 0: Will against Will
        (-2, 3, 6),  # binding -2: the demon adds 2
    ],
)
def test_obedience_pools(strength: int, master_size: int, demon_size: int) -> None:
    binding = Binding("vilna", strength)
    assert automatic_obedience(serves_desire=False, binding=binding) is None
    master, demon = obedience_pools(master_will=3, demon_will=4, binding=binding)
    assert (master.size, demon.size) == (master_size, demon_size)


def test_positive_binding_adds_to_the_master_will() -> None:
    master, demon = obedience_pools(
        master_will=3,
        demon_will=4,
        binding=Binding("vilna", 2),
        master_modifiers=(Modifier("lasting damage", -1),),
    )
    assert pool_words(master) == "Will 3 −1 lasting damage +2 binding = 4"
    assert demon.size == 4


@pytest.mark.parametrize(
    ("master", "demon", "obeys"),
    [
        ((9, 4), (8, 8, 8), True),  # the master's Will wins: it obeys
        ((7, 4), (8, 1, 1), False),  # it loses: the demon uses its own judgment
        ((6, 2), (6, 2), False),  # a complete tie is no win
    ],
)
def test_obedience_roll(master: tuple[int, ...], demon: tuple[int, ...], obeys: bool) -> None:
    pools = obedience_pools(master_will=2, demon_will=3, binding=Binding("vilna", 0))
    assert resolve_obedience(pools, resolve_contest(master, demon)).obeys is obeys


def test_roll_obedience_rolls_master_first() -> None:
    dice = RiggedDice([9, 4, 8, 8, 8, 1])
    obedience = roll_obedience(
        dice, serves_desire=False, binding=Binding("vilna", -1), master_will=2, demon_will=3
    )
    assert obedience.contest is not None
    assert (obedience.contest.first, obedience.contest.second) == ((9, 4), (8, 8, 8, 1))
    assert obedience.obeys is True


@pytest.mark.parametrize(
    ("desire", "situation", "expected"),
    [
        # Desire violence: attacks whoever attacks it, else the nearest enemy.
        (
            "violence",
            Situation(own_attackers=("tom",), enemies=("ann", "tom")),
            Judgment("attack", "tom", "its Desire is violence: it attacks tom"),
        ),
        (
            "Violence",
            Situation(enemies=("ann", "tom")),
            Judgment("attack", "ann", "its Desire is Violence: it attacks ann"),
        ),
        (
            "violence",
            Situation(),
            Judgment("total_defense", None, "its Desire is violence, but no enemy is in reach"),
        ),
        # Desire self-preservation: hides, or defends when attacked.
        (
            "self preservation",
            Situation(enemies=("tom",)),
            Judgment("hide", None, "its Desire is self preservation: it hides"),
        ),
        (
            "self-preservation",
            Situation(own_attackers=("tom",)),
            Judgment("total_defense", None, "its Desire is self-preservation: it defends itself"),
        ),
        # A master who feeds its Need is protected first, whatever the Desire.
        (
            "self-preservation",
            Situation(master_feeds_need=True, master_attackers=("tom",), enemies=("ann",)),
            Judgment("attack", "tom", "protects its master, who feeds its Need, from tom"),
        ),
        # A master who does not feed its Need gets no protection.
        (
            "self-preservation",
            Situation(master_feeds_need=False, master_attackers=("tom",), enemies=("tom",)),
            Judgment("hide", None, "its Desire is self-preservation: it hides"),
        ),
        # Any other Desire stays on guard.
        (
            "knowledge",
            Situation(enemies=("tom",)),
            Judgment(
                "total_defense", None, "its Desire (knowledge) has no stake here: it stays on guard"
            ),
        ),
    ],
)
def test_an_uncommanded_demon_uses_its_own_judgment(
    desire: str, situation: Situation, expected: Judgment
) -> None:
    assert own_judgment(desire, situation) == expected


def test_judgment_policy_is_data() -> None:
    judgment = own_judgment("mayhem", Situation(enemies=("tom",)), {"mayhem": "attack"})
    assert judgment == Judgment("attack", "tom", "its Desire is mayhem: it attacks tom")


def test_demon_values() -> None:
    demon = Demon(3, 4, 2, 5, "blood", "violence", "passer", ("armor", "fast"), Binding("v", 2))
    assert (demon.has("fast"), demon.has("big")) == (True, False)
