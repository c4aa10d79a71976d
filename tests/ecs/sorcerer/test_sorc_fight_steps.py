"""The six steps in a running fight: hidden intentions, bonuses, exact odds, step names."""

from __future__ import annotations

from typing import Any

from arena.rules.odds import contest_odds
from tests.ecs.sorcerer.conftest import MakeFight


def test_intentions_are_hidden_until_everyone_has_stated_one(
    make_fight: MakeFight, sorc: Any
) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 2), strict=False)
    assert [(d.actor, d.kind) for d in fight.pending()] == [("a", "intention"), ("b", "intention")]
    events = sorc.answer(fight, "a", "attack:b:fists")
    assert not [e for e in events if e.kind == "intention_revealed"]
    assert fight.view().combatant("a").intention == "(stated, hidden until everyone has)"
    assert fight.view().combatant("b").intention == ""
    events = sorc.answer(fight, "b", "total_defense")
    assert sorc.texts(events, "intention_revealed") == [
        "A states: attack B with fists.",
        "B states: total defense.",
    ]


def test_an_attack_choice_carries_its_exact_odds(make_fight: MakeFight, sorc: Any) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "mage", "south", 2), strict=False)
    choice = sorc.decision(fight, "a").choice("attack:b:fists")
    odds = contest_odds(3, 3)  # Stamina 3 against the Mage's likely Stamina 3
    assert choice.odds == (
        f"hit {odds.p_first:.1%}, lose {odds.p_second:.1%}, tie {odds.p_tie:.1%} (3 dice against 3)"
    )


def test_an_attack_on_a_clobbered_defender_counts_the_attackers_bonus_dice(
    make_fight: MakeFight, sorc: Any
) -> None:
    # B's Stamina is 0: its defence of 0 dice is lifted to 1 die and A gets 1 bonus die, so the
    # attack's odds are 4 dice against 1, not 3 against none (a sure hit).
    fight = make_fight(
        ("a", "brawler", "north", 1), ("b", "brawler", "south", 2, {"stamina": 0}), strict=False
    )
    choice = sorc.decision(fight, "a").choice("attack:b:fists")
    odds = contest_odds(4, 1)
    assert choice.odds == (
        f"hit {odds.p_first:.1%}, lose {odds.p_second:.1%}, tie {odds.p_tie:.1%} (4 dice against 1)"
    )


def test_role_play_honour_the_table_grants_the_bonus_at_step_2(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Option role_play: honour: the person at the table grants 0 to 3 dice each roll; the
    # Bruiser's AI profile (its sheet's 1) is its default.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "bruiser", "south", 2),
        options={"role_play_max": 3, "role_play": "honour"},
        strict=False,
    )
    sorc.play(fight, ("a", "attack:b:fists"), ("b", "attack:a:fists"))
    bonus = sorc.decision(fight, "a", "bonus")
    assert bonus.step == "sorc_modifiers"
    assert [c.key for c in bonus.choices] == ["bonus:0", "bonus:1", "bonus:2", "bonus:3"]
    # The Bruiser's AI profile takes 1 die: its default.
    profile = sorc.decision(fight, "b", "bonus")
    assert [c.key for c in profile.choices if "default" in c.tags] == ["bonus:1"]
    events = sorc.play(fight, ("a", "bonus:2"), ("b", "bonus:1"))
    assert sorc.texts(events, "role_play_granted") == [
        "A is granted a role-playing bonus of 2 dice.",
        "B is granted a role-playing bonus of 1 die.",
    ]
    tallies = [e.why for e in events if e.kind == "pool_tallied"]
    assert tallies == ["Stamina 3 +2 role-playing = 5", "Stamina 3 +1 role-playing = 4"]


def test_every_event_of_a_round_names_its_seed_step(make_fight: MakeFight, sorc: Any) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 2), strict=False)
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "attack:a:fists"))
    while fight.round == 1 and fight.pending():
        d = fight.pending()[0]
        events += fight.apply(d.choices[0].command)
    steps = {e.step for e in events if e.round == 1}
    assert steps <= {
        "sorc_intentions",
        "sorc_modifiers",
        "sorc_order",
        "sorc_reactions",
        "sorc_consequences",
        "sorc_finishing",
    }
    assert all(e.why for e in events if e.round == 1 and e.kind.startswith("attack_"))


def test_a_complete_tie_for_order_is_rerolled_under_the_reroll_option(
    make_fight: MakeFight, sorc: Any
) -> None:
    # A and B both roll [5 5 5]; the tie-break rolls are A [9 9 9], B [1 1 1]: A goes first,
    # but both keep their Step 3 roll as their performance.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 8),
        rigged=[5, 5, 5, 5, 5, 5, 9, 9, 9, 1, 1, 1],
        options={"tie": "reroll"},
    )
    events = sorc.play(fight, ("a", "move:2,2"), ("b", "move:8,5"))
    assert sorc.texts(events, "order_fixed") == ["The order is fixed: A, then B."]
    # The why names the complete ties rerolled, picked by the order's numbers.
    assert [str(e.why) for e in events if e.kind == "order_fixed"] == [
        "rolls compared as contests, highest die first, ties going down the dice; complete "
        "ties rerolled (option tie: reroll): 1. A: 5 5 5, tie broken by 9 9 9; 2. B: 5 5 5, "
        "tie broken by 1 1 1; dice added later change performance, never this order"
    ]
    assert fight.view().order == (
        "1. A: 5 5 5, tie broken by 9 9 9",
        "2. B: 5 5 5, tie broken by 1 1 1",
    )
    # Its numbers: each in a place of its own, with the faces that broke the tie.
    [fixed] = [e for e in events if e.kind == "order_fixed"]
    assert fixed.data == {
        "places": (("a",), ("b",)),
        "tiebreaks": {"a": ((9, 9, 9),), "b": ((1, 1, 1),)},
    }


def test_a_complete_tie_for_order_shares_a_place_under_stalemate(
    make_fight: MakeFight, sorc: Any
) -> None:
    # A and B both roll [5 5 5]: a complete tie, nothing rerolled, one place for both.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 8),
        rigged=[5, 5, 5, 5, 5, 5],
        options={"tie": "stalemate"},
    )
    events = sorc.play(fight, ("a", "move:2,2"), ("b", "move:8,5"))
    [fixed] = [e for e in events if e.kind == "order_fixed"]
    assert fixed.data == {"places": (("a", "b"),), "tiebreaks": {}}
    assert fight.view().order == ("1. A: 5 5 5 (simultaneous)", "1. B: 5 5 5 (simultaneous)")


def test_the_roll_for_order_spends_only_pending_temporary_damage(
    make_fight: MakeFight, sorc: Any
) -> None:
    # A carries 1 temporary damage into the fight: its Step 3 roll is a die smaller, and spends
    # it; B, unhurt, has nothing to spend.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 8),
        damage={"a": {"temporary": 1}},
        strict=False,
    )
    assert [c.health for c in fight.view().combatants] == ["temporary 1 (penalty 1)", "unhurt"]
    events = sorc.play(fight, ("a", "move:2,2"), ("b", "move:8,5"))
    rolled = [(e.actor, e.data["dice"]) for e in events if e.kind == "order_rolled"]
    assert rolled == [("a", 2), ("b", 3)]
    assert [c.health for c in fight.view().combatants] == ["unhurt", "unhurt"]
