"""Attacks, rituals and orders are made once for the same numbers, on whatever board.

A gang fight's boards seldom come back, so its menus are built afresh nearly every round;
the choices in them are not: the same attack at the same odds, with the same harm, from the
same cell, is the choice made the last time, and one whose numbers changed is made anew.
"""

from __future__ import annotations

from arena.ecs.sorcerer import choices, queries, rolls
from arena.ecs.sorcerer.memo import family
from arena.engine import Fight
from arena.rules.actions import Attack
from arena.rules.sorcerer.commands import CommandDemon, PerformRitual
from arena.rules.sorcerer.wounds import Wounds
from arena.rules.views import Choice, ContestSpec
from tests.ecs.sorcerer.conftest import MakeFight


def _menu(fight: Fight, cid: str) -> dict[str, Choice]:
    """A combatant's menu as a fresh intentions pass builds it (nothing kept but the choices)."""
    with fight._world.entered():
        f = queries.fighter_of(cid)
        built = choices._build(fight._ctx, f, False, choices.Shared(menus={}))
    return {c.key: c for c in built}


def test_an_attack_on_another_board_with_the_same_numbers_is_the_choice_made_before(
    make_fight: MakeFight,
) -> None:
    # A at (1, 1) beside B at (2, 1); C stands far off and walks away: another board.
    fight = make_fight(
        ("a", "brawler", "north", 1), ("b", "brawler", "south", 2), ("c", "brawler", "south", 8)
    )
    first = _menu(fight, "a")["attack:b:fists"]
    assert first.command == Attack("a", "b", "fists")
    assert first.rolls == (ContestSpec(3, 3, win="hit"),)  # Stamina 3 against Stamina 3
    assert (first.target, first.cell, first.tags) == ("b", None, ("attack",))
    with fight._world.entered():
        queries.fighter_of("c").pos.x = 9
    again = _menu(fight, "a")["attack:b:fists"]
    assert again is first
    assert again.command is first.command


def test_an_attack_whose_odds_changed_is_made_anew(make_fight: MakeFight) -> None:
    # B hurt (lasting 1): it defends with a die fewer, and A's attack is another choice.
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 2))
    first = _menu(fight, "a")["attack:b:fists"]
    with fight._world.entered():
        b = queries.fighter_of("b")
        b.health.wounds = Wounds(lasting=1)
    hurt = _menu(fight, "a")["attack:b:fists"]
    assert hurt is not first
    assert hurt.rolls == (ContestSpec(3, 2, win="hit"),)
    assert hurt.command is first.command  # who attacks whom with what: the same command
    assert (hurt.key, hurt.text, hurt.harm) == (first.key, first.text, first.harm)


def test_an_attack_that_closes_in_is_another_choice_than_one_from_where_it_stands(
    make_fight: MakeFight,
) -> None:
    # B at (4, 1), three cells off: A closes in to (3, 1); B then steps beside A.
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 4))
    closing = _menu(fight, "a")["attack:b:fists"]
    assert closing.cell == (3, 1)
    with fight._world.entered():
        queries.fighter_of("b").pos.x = 2
    near = _menu(fight, "a")["attack:b:fists"]
    assert near.cell is None
    assert near is not closing
    assert near.text != closing.text  # the label no longer says it closes in


def test_rituals_and_orders_with_the_same_numbers_are_the_choices_made_before(
    make_fight: MakeFight,
) -> None:
    # The mage with its bound pet, a brawler far off: the brawler walks, nothing else changes.
    fight = make_fight(
        ("m", "mage", "north", 1), ("p", "pet", "north", 2), ("b", "brawler", "south", 8)
    )
    first = _menu(fight, "m")
    with fight._world.entered():
        queries.fighter_of("b").pos.x = 9
    again = _menu(fight, "m")
    rituals = [k for k in first if k.startswith("ritual:")]
    orders = [k for k in first if k.startswith("command:")]
    assert "ritual:banish:p" in rituals
    assert "command:p:total_defense" in orders
    assert all(again[k] is first[k] for k in rituals + orders)
    assert first["ritual:banish:p"].command == PerformRitual("m", "banish", "p")
    assert first["command:p:total_defense"].command == CommandDemon("m", "p", "total_defense")


def test_an_order_follows_the_demons_own_choice(make_fight: MakeFight) -> None:
    # The pet beside B: the mage may order it to attack B. B hurt: the pet's attack is made
    # anew, and so is the order that wraps it, with the new odds.
    fight = make_fight(
        ("m", "mage", "north", 1), ("p", "pet", "north", 2), ("b", "brawler", "south", 3)
    )
    first = _menu(fight, "m")["command:p:attack:b:claws"]
    with fight._world.entered():
        b = queries.fighter_of("b")
        b.health.wounds = Wounds(lasting=1)
    hurt = _menu(fight, "m")["command:p:attack:b:claws"]
    assert hurt is not first
    assert hurt.rolls[0].opposing == first.rolls[0].opposing - 1


def test_made_choices_start_afresh_past_their_limit(make_fight: MakeFight) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 2))
    first = _menu(fight, "a")["attack:b:fists"]
    with fight._world.entered():
        made = family(fight._ctx)[choices._ATTACKS]
        for i in range(choices.MADE_KEPT):
            made["filler", i] = None
    assert _menu(fight, "a")["attack:b:fists"] is first  # found, then all are let go
    assert len(made) == 0
    assert _menu(fight, "a")["attack:b:fists"] == first  # made anew, the same choice


def test_an_attacks_contest_from_its_weapon_in_hand_is_the_contest_of_its_command(
    make_fight: MakeFight,
) -> None:
    # A (Stamina 3, fists) on B, unhurt then hurt (lasting 1): 3 dice against 3, then 2.
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 2))
    with fight._world.entered():
        ctx, a, b = fight._ctx, queries.fighter_of("a"), queries.fighter_of("b")
        cmd, fists = Attack("a", "b", "fists"), a.arms["fists"]
        resists: rolls.Resists = {}
        found = rolls.attack_contest(ctx, a, b, "fists", fists, 3, resists)
        assert found == rolls.contest(ctx, a, cmd, 3) == ContestSpec(3, 3, win="hit")
        assert resists == {("b", "fists", 0): (3, 0)}
        b.health.wounds = Wounds(lasting=1)
        hurt = rolls.attack_contest(ctx, a, b, "fists", fists, 3, None)
        assert hurt == ContestSpec(3, 2, win="hit")
        # Kept for the pass: what was found for B before it was hurt.
        assert rolls.attack_contest(ctx, a, b, "fists", fists, 3, resists) == found
