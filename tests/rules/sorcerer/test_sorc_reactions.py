"""Step 4 reactions: abort, suck it up, defending after acting, the attack's contest."""

from __future__ import annotations

import pytest

from arena.rules.dice import Contest
from arena.rules.sorcerer import (
    DamageRow,
    Modifier,
    Reaction,
    Wounds,
    assemble_pool,
    chart_damage,
    defence_pool,
    parse_formula,
    resolve_attack,
    suck_it_up_bonus,
    total_defense_bonus,
    wound_modifiers,
)
from arena.rules.sorcerer.commands import React, sorcerer_command
from arena.rules.werewolf.commands import Dodge

FISTS = DamageRow("fists", parse_formula("X"), parse_formula("1"))


def test_suck_it_up_defend_with_1_die_and_the_wound_becomes_bonus_dice_for_my_target() -> None:
    # Vilna (Stamina 4) rolled her performance at Step 3 unhurt, then Tom punches her first.
    penalty_when_rolled = Wounds().penalty_for_next_roll()
    defence = defence_pool(stamina=4, has_acted=False, reaction="suck_it_up")
    assert (defence.pool.base_name, defence.pool.size, defence.keeps_action) == (
        "suck it up",
        1,
        True,
    )
    # Tom's performance 9, 7, 3 against her single 5: two victories.
    hit = resolve_attack((9, 7, 3), (5,)).hit
    assert hit == 2
    wounds = Wounds().take_damage(chart_damage(FISTS, hit))
    # Her action is not reduced; her target gets the 3 dice she should have lost.
    bonus = suck_it_up_bonus(penalty_when_rolled, wounds.penalty_for_next_roll())
    assert bonus == Modifier("sucked-up damage", 3)
    target_defence = defence_pool(stamina=3, has_acted=False, reaction="abort", modifiers=(bonus,))
    assert target_defence.pool.size == 6


def test_suck_it_up_bonus_is_only_the_new_damage() -> None:
    assert suck_it_up_bonus(2, 2) == Modifier("sucked-up damage", 0)  # no new wound
    assert suck_it_up_bonus(2, 5) == Modifier("sucked-up damage", 3)  # 3 new penalty dice
    assert suck_it_up_bonus(4, 1) == Modifier("sucked-up damage", 0)  # healed since: none
    assert suck_it_up_bonus(0, 0) is suck_it_up_bonus(3, 3)  # one shared value for none


@pytest.mark.parametrize(
    ("has_acted", "reaction", "base_name", "size", "keeps_action"),
    [
        (True, None, "Stamina", 6, True),  # already acted: Stamina 4 + total defense 2
        (False, "abort", "Stamina", 6, False),  # abort: Stamina, the action is lost
        (False, "suck_it_up", "suck it up", 3, True),  # suck it up: 1 die + 2
    ],
)
def test_already_acted_defend_with_stamina(
    has_acted: bool, reaction: Reaction | None, base_name: str, size: int, keeps_action: bool
) -> None:
    defence = defence_pool(
        stamina=4, has_acted=has_acted, reaction=reaction, modifiers=(total_defense_bonus(),)
    )
    assert (defence.pool.base_name, defence.pool.size, defence.keeps_action) == (
        base_name,
        size,
        keeps_action,
    )


def test_defend_against_any_number_of_attacks() -> None:
    # Five attacks in a round: each defence is Stamina 5 minus the damage taken so far, never
    # minus the number of attacks; once damage passes Stamina the clobber rule keeps 1 die.
    wounds = Wounds()
    sizes = []
    for _ in range(5):
        defence = defence_pool(
            stamina=5, has_acted=True, reaction=None, modifiers=wound_modifiers(wounds, "stamina")
        )
        sizes.append(defence.pool.size)
        wounds = wounds.after_roll().take(temporary=0, lasting=2)
    assert sizes == [5, 3, 1, 1, 1]
    # With no damage, the tenth defence is the first one.
    first = defence_pool(stamina=5, has_acted=True, reaction=None)
    assert [defence_pool(stamina=5, has_acted=True, reaction=None) for _ in range(10)] == [
        first
    ] * 10


@pytest.mark.parametrize(
    ("has_acted", "reaction"),
    [
        (True, "abort"),  # after acting there is nothing to abort
        (False, None),  # before acting a choice is needed
    ],
)
def test_reaction_must_match_having_acted(has_acted: bool, reaction: Reaction | None) -> None:
    with pytest.raises(ValueError, match="abort or suck_it_up"):
        defence_pool(stamina=3, has_acted=has_acted, reaction=reaction)


@pytest.mark.parametrize(
    ("performance", "defence", "hit", "rollover"),
    [
        ((9, 7, 3), (5,), 2, 0),  # attacker wins: victories to the chart
        ((4, 2), (8, 6, 1), 0, 2),  # defender wins: victories become its rollover
        ((6, 3), (6, 3), 0, 0),  # complete tie: the attack does nothing
    ],
)
def test_resolve_attack(
    performance: tuple[int, ...], defence: tuple[int, ...], hit: int, rollover: int
) -> None:
    result = resolve_attack(performance, defence)
    assert (result.hit, result.defender_rollover) == (hit, rollover)
    assert isinstance(result.contest, Contest)


def test_psychic_force_defence_names_will() -> None:
    pool = defence_pool(stamina=3, has_acted=True, reaction=None, score_name="Will").pool
    assert pool == assemble_pool("Will", 3)


def test_a_werewolf_command_is_not_a_sorcerer_command() -> None:
    # The Sorcerer ECS takes only its own commands: another ruleset's is refused by name.
    answer = React("rook", "mara", "abort")
    assert sorcerer_command(answer) is answer
    with pytest.raises(TypeError, match="Dodge is not a Sorcerer command"):
        sorcerer_command(Dodge("rook"))
