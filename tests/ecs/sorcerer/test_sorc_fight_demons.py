"""Demons in a running fight: own judgment, commands and obedience, and their abilities."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from arena.ecs.sorcerer import choices, intentions, queries
from arena.rules.views import Choice
from tests.ecs.sorcerer.conftest import MakeFight


def test_an_uncommanded_demon_takes_its_own_judgment_and_says_why(
    make_fight: MakeFight, sorc: Any
) -> None:
    fight = make_fight(("imp", "imp", "demons", 1), ("b", "brawler", "humans", 2), strict=False)
    (judged,) = [c for c in sorc.decision(fight, "imp").choices if "judgment" in c.tags]
    assert (judged.key, judged.label) == ("attack:b:claws", "Attack B with claws (own judgment)")
    events = sorc.play(fight, ("imp", "attack:b:claws"), ("b", "total_defense"))
    (own,) = [e for e in events if e.kind == "demon_judgment"]
    assert own.text == "Imp acts on its own judgment: attack B with claws."
    assert own.why == (
        "uncommanded, it follows its Need and Desire: its Desire is violence: it attacks B"
    )
    assert (
        "own judgment: its Desire is violence: it attacks B" in fight.view().combatant("imp").notes
    )
    # the same reason as a field of the demon's view, for code to quote without parsing notes
    imp = fight.view().combatant("imp").sorcerer
    assert imp is not None
    assert imp.demon is not None
    assert str(imp.demon.judgment_why) == "its Desire is violence: it attacks B"


def test_a_demon_overruled_by_its_controller_is_logged(make_fight: MakeFight, sorc: Any) -> None:
    fight = make_fight(("imp", "imp", "demons", 1), ("b", "brawler", "humans", 2), strict=False)
    events = sorc.play(fight, ("imp", "total_defense"), ("b", "total_defense"))
    (chose,) = [e for e in events if e.kind == "demon_chose"]
    assert chose.text == "Imp's controller chose total defense."
    assert chose.why == "its own judgment would have been: its Desire is violence: it attacks B"


@pytest.mark.parametrize(
    ("order", "why"),
    [
        # Violence: an attack is what it wants anyway.
        ("command:pet:attack:b:claws", "the order serves its Desire"),
        # Total defense does not serve violence, but the binding of +2 favours its master.
        ("command:pet:total_defense", "the binding (+2) favours its master"),
    ],
)
def test_a_demon_obeys_without_a_roll(
    make_fight: MakeFight, sorc: Any, order: str, why: str
) -> None:
    fight = make_fight(
        ("mage", "mage", "m", 1), ("pet", "pet", "m", 5), ("b", "brawler", "b", 2), strict=False
    )
    events = sorc.play(fight, ("mage", order), ("pet", "move:2,3"), ("b", "total_defense"))
    (obeyed,) = [e for e in events if e.kind == "demon_obeyed"]
    assert obeyed.why == why
    assert not [e for e in events if e.kind == "demon_judgment"]  # it was commanded


@pytest.mark.parametrize(
    ("dice", "kind", "text", "why"),
    [
        # Will 4 [9 8 7 6] against the demon's Will 2 +1 binding [1 1 1]: it obeys.
        (
            [9, 8, 7, 6, 1, 1, 1],
            "demon_obeyed",
            "Rebel obeys: attack B with claws, as ordered.",
            "its master's Will won (4): master's Will 4 = 4 [9 8 7 6] against the demon's "
            "Will 2 +1 binding = 3 [1 1 1]",
        ),
        # [1 1 1 1] against [9 9 9]: it keeps its own intention.
        (
            [1, 1, 1, 1, 9, 9, 9],
            "demon_disobeyed",
            "Rebel does not obey and acts on its own judgment: total defense.",
            "its master's Will did not prevail: master's Will 4 = 4 [1 1 1 1] against the "
            "demon's Will 2 +1 binding = 3 [9 9 9]",
        ),
    ],
)
def test_a_demon_with_the_upper_hand_obeys_only_a_won_will_contest(
    make_fight: MakeFight, sorc: Any, dice: list[int], kind: str, text: str, why: str
) -> None:
    fight = make_fight(
        ("mage", "mage", "m", 1),
        ("rebel", "rebel", "m", 5),
        ("b", "brawler", "b", 2),
        rigged=dice,
        strict=False,
    )
    events = sorc.play(
        fight,
        ("mage", "command:rebel:attack:b:claws"),
        ("rebel", "total_defense"),
        ("b", "total_defense"),
    )
    (answer,) = [e for e in events if e.kind == kind]
    assert (answer.text, answer.why) == (text, why)


def test_boost_adds_the_demons_power_to_its_masters_defence(
    make_fight: MakeFight, sorc: Any
) -> None:
    # B [9 8 7] attacks the Mage, who has acted (commanding): Stamina 3 +2 Boost [1 1 1 1 1].
    fight = make_fight(
        ("mage", "mage", "m", 1),
        ("amulet", "amulet", "m", 5),
        ("b", "brawler", "b", 2),
        rigged=[9, 8, 7, 1, 1, 1, 1, 1],
    )
    events = sorc.play(
        fight,
        ("mage", "command:amulet:boost:stamina"),
        ("amulet", "total_defense"),
        ("b", "attack:mage:fists"),
    )
    assert sorc.texts(events, "ability_used") == [
        "Amulet boosts Mage's Stamina by 2 dice this round."
    ]
    (hit,) = [e for e in events if e.kind == "attack_hit"]
    assert hit.why == (
        "performance [9 8 7] against Stamina 3 +2 Boost (stamina) = 5 [1 1 1 1 1]; "
        "B wins with 3 victories"
    )


def test_protection_adds_dice_against_psychic_force(make_fight: MakeFight, sorc: Any) -> None:
    # The Seer's Psychic Force: Power 2 [1 1] against the Mage's Will 4 +2 Protection.
    fight = make_fight(
        ("mage", "mage", "m", 1),
        ("amulet", "amulet", "m", 5),
        ("seer", "seer", "s", 4),
        rigged=[1, 1, 9, 9, 1, 1, 1, 1],
    )
    events = sorc.play(
        fight,
        ("mage", "command:amulet:protect"),
        ("amulet", "total_defense"),
        ("seer", "attack:mage:psychic-force"),
    )
    (missed,) = [e for e in events if e.kind == "attack_missed"]
    assert missed.text == "Mage fends off Seer's Psychic Force: 2 victories."
    assert missed.why == (
        "performance [1 1] against Will 4 +2 Protection = 6 [9 9 1 1 1 1]; "
        "Mage wins with 2 victories"
    )


def test_cloak_costs_attackers_dice_and_fast_rolls_power_for_order(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Round 1 the Hulk (Power 4) cloaks: attackers lose ⌈4 ÷ 2⌉ = 2 dice. Round 2 it attacks
    # with Stamina 2, rolling 4 dice for order (Fast) of which the first 2 perform.
    fight = make_fight(
        ("hulk", "hulk", "h", 1, {"power": 4}), ("b", "brawler", "b", 2), strict=False
    )
    events = sorc.play(fight, ("hulk", "cloak"), ("b", "total_defense"))
    assert sorc.texts(events, "ability_used") == [
        "Hulk cloaks itself: its attackers lose 2 dice until it acts again."
    ]
    events = sorc.play(fight, ("hulk", "attack:b:claws"), ("b", "attack:hulk:fists"))
    tallies = {e.actor: e.why for e in events if e.kind == "pool_tallied"}
    assert tallies["b"] == "Stamina 3 −2 Cloak = 1"
    (rolled,) = [e for e in events if e.kind == "order_rolled" and e.actor == "hulk"]
    assert "; Fast: 4 dice for order [" in rolled.why
    assert "the extra dice count for order only" in rolled.why


@pytest.mark.parametrize(
    ("template", "status", "why"),
    [
        # Armor (Power 2) takes the knife's 3 lasting down to what fists do (1); Big (Power 2)
        # raises its cannot-act threshold from Stamina 2 to 4, so P = 2 leaves it acting.
        (
            "hulk",
            "active",
            "now lasting 1, temporary 1 pending: a penalty of 2 on its next roll; "
            "Armor absorbed 2 lasting",
        ),
        # Without either: 3 lasting, and P = 4 ≥ Stamina 2.
        (
            "imp",
            "cannot_act",
            "now lasting 3, temporary 1 pending: a penalty of 4 on its next roll",
        ),
    ],
)
def test_armor_and_big(
    make_fight: MakeFight, sorc: Any, template: str, status: str, why: str
) -> None:
    # The Cutter (Stamina 3) [9 9 9] stabs the demon on total defense ([1 1 1 1], then
    # Stamina 2 +2 [1 1 1 1]): 3 victories, edged: 1 temporary, 3 lasting.
    fight = make_fight(
        ("c", "cutter", "north", 1, {"stamina": 3}),
        ("d", template, "south", 2),
        rigged=[9, 9, 9, 1, 1, 1, 1, 1, 1, 1, 1],
        max_rounds=1,
    )
    events = sorc.play(fight, ("c", "attack:d:knife"), ("d", "total_defense"))
    (taken,) = [e for e in events if e.kind == "damage_taken"]
    assert taken.why == why
    assert fight.view().combatant("d").status == status


def test_hop_jumps_up_to_power_cells(make_fight: MakeFight, sorc: Any) -> None:
    fight = make_fight(("hulk", "hulk", "h", 1), ("b", "brawler", "b", 8), strict=False)
    hops = [c.cell for c in sorc.decision(fight, "hulk").choices if "hop" in c.tags]
    assert max(max(abs(x - 1), abs(y - 1)) for x, y in hops) == 2  # Power 2
    events = sorc.play(fight, ("hulk", "hop:3,3"), ("b", "total_defense"))
    assert sorc.texts(events, "hopped") == ["Hulk hops from (1, 1) to (3, 3)."]


def test_special_damage_is_lethal_with_the_demons_power(make_fight: MakeFight, sorc: Any) -> None:
    # The Imp (Power 2) [9 8] claws B on total defense [1 1 1 1 1]: 2 victories, so 2X = 4
    # temporary and X + Power = 4 lasting.
    fight = make_fight(
        ("imp", "imp", "demons", 1),
        ("b", "brawler", "humans", 2),
        rigged=[9, 8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    )
    events = sorc.play(fight, ("imp", "attack:b:claws"), ("b", "total_defense"))
    assert sorc.texts(events, "damage_taken") == [
        "B takes 4 temporary and 4 lasting damage from Imp's claws (Special Damage, lethal: "
        "temporary 2X, lasting X+Power)."
    ]


def test_a_choice_marked_as_own_judgment_is_marked_once_per_choice(
    make_fight: MakeFight, sorc: Any
) -> None:
    """The same choice object, come back in a kept menu, is marked as the very same choice;
    an equal choice that is another object is marked afresh."""
    fight = make_fight(("imp", "imp", "demons", 1), ("b", "brawler", "humans", 2), strict=False)
    (judged,) = [c for c in sorc.decision(fight, "imp").choices if "judgment" in c.tags]
    (plain,) = [c for c in intention_choices_of(fight, "imp") if c.key == judged.key]
    with fight._world.entered():
        marked = intentions._marked(fight._ctx, plain)
        assert marked is judged
        assert (marked.tags, marked.show_rolls) == ((*plain.tags, "judgment"), False)
        other = dataclasses.replace(plain)
        assert intentions._marked(fight._ctx, other) == judged
        assert intentions._marked(fight._ctx, other) is not judged


def intention_choices_of(fight: Any, cid: str) -> tuple[Choice, ...]:
    """A combatant's intention menu as kept for the board now (its choices unmarked)."""
    with fight._world.entered():
        return choices.intention_menu(fight._ctx, queries.fighter_of(cid))
