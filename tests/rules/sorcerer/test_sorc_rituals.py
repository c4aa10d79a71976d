"""Sorcery in a fight: snapshot rituals, their outcomes, and the Humanity check."""

from __future__ import annotations

import pytest

from arena.rules.dice import Contest, RiggedDice, resolve_contest
from arena.rules.sorcerer import (
    RITUAL_AGAINST,
    Banished,
    Bound,
    Contacted,
    Contained,
    Demon,
    Modifier,
    Punished,
    Ritual,
    RitualOutcome,
    SorcererOptions,
    Summoned,
    humanity_check,
    ritual_outcome,
    ritual_pools,
    roll_humanity_check,
    snapshot_pool,
)

DEMON = Demon(stamina=2, will=5, lore=1, power=3, need="blood", desire="violence", type="passer")


def test_snapshot_rituals_use_1_die() -> None:
    # A sorcerer with Lore 5 still rolls 1 die, plus 2 rollover and 1 role-playing.
    bonuses = (Modifier("rollover from defense (tom)", 2), Modifier("role-playing", 1))
    sorcerer, demon = ritual_pools("bind", DEMON, sorcerer_modifiers=bonuses)
    assert (sorcerer.base_name, sorcerer.base, sorcerer.size) == ("snapshot ritual", 1, 4)
    assert (demon.base_name, demon.size) == ("Will", 5)
    assert snapshot_pool().size == 1


@pytest.mark.parametrize(
    ("ritual", "size"),
    [
        ("contact", 3),  # against Power
        ("summon", 3),  # against Power
        ("bind", 5),  # against Will
        ("punish", 2),  # against Stamina
        ("banish", 3),  # against Power
        ("contain", 3),  # against Power
    ],
)
def test_ritual_rolls_against_the_table_score(ritual: Ritual, size: int) -> None:
    _, demon = ritual_pools(ritual, DEMON)
    assert demon.size == size
    assert demon.base_name == RITUAL_AGAINST[ritual].title()


WIN = resolve_contest((9, 8, 2), (7, 3))  # the sorcerer wins with 2 victories
LOSS = resolve_contest((4,), (9, 8, 8))  # the demon wins with 3 victories
TIE = resolve_contest((6,), (6,))  # complete tie


@pytest.mark.parametrize(
    ("ritual", "contest", "outcome"),
    [
        ("contact", WIN, Contacted(True)),  # learns Need and Desire
        ("contact", LOSS, Contacted(False)),  # learns nothing
        ("summon", WIN, Summoned(True)),  # appears next round
        ("summon", TIE, Summoned(False)),  # a tie summons nothing
        ("bind", WIN, Bound(2)),  # binding +2, in the sorcerer's favour
        ("bind", LOSS, Bound(-3)),  # binding -3, in the demon's favour
        ("bind", TIE, Bound(None)),  # no binding
        ("punish", WIN, Punished(2)),  # 2 lasting damage
        ("punish", LOSS, Punished(0)),  # none
        ("banish", WIN, Banished(True)),  # leaves the fight
        ("banish", LOSS, Banished(False)),  # stays
        ("contain", WIN, Contained(True, 1)),  # held in a 3×3 area
        ("contain", LOSS, Contained(False, 1)),  # free
    ],
)
def test_ritual_outcomes(ritual: Ritual, contest: Contest, outcome: RitualOutcome) -> None:
    assert ritual_outcome(ritual, contest) == outcome


def test_contain_radius_is_an_option() -> None:
    assert ritual_outcome("contain", WIN, SorcererOptions(contain_radius=2)) == Contained(True, 2)


@pytest.mark.parametrize(
    ("humanity", "contest", "after"),
    [
        (3, resolve_contest((9,), (4, 2)), 3),  # Humanity wins: no cost
        (3, resolve_contest((4,), (9,)), 2),  # Humanity loses: 1 point
        (3, resolve_contest((5,), (5,)), 3),  # a tie is no loss
        (0, resolve_contest((), (9,)), 0),  # never below 0
    ],
)
def test_humanity_check(humanity: int, contest: Contest, after: int) -> None:
    check = humanity_check(humanity, contest)
    assert (check.after, check.lost) == (after, humanity - after)


def test_roll_humanity_check_rolls_humanity_first() -> None:
    check = roll_humanity_check(RiggedDice([2, 3, 9, 1, 1]), humanity=2, power=3)
    assert (check.contest.first, check.contest.second) == ((3, 2), (9, 1, 1))
    assert (check.before, check.after) == (2, 1)
