"""Finishing up in a running fight: end conditions, temporary damage cleared, lasting reduced."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ecs.sorcerer.conftest import MakeFight


@pytest.mark.parametrize(
    ("victories", "options", "aftermath", "status"),
    [
        # 6 lasting (P = 7 > 6: helpless) halves to 3 ≤ Stamina 3.
        (6, {}, "B: lasting damage 6 → 3 (halved): banged up: probably okay.", "helpless"),
        # 8 halves to 4: above Stamina, not above twice Stamina.
        (
            8,
            {},
            "B: lasting damage 8 → 4 (halved): hospital: broken bones, a stab wound.",
            "helpless",
        ),
        # 13 halves to 7 (rounded up), above 2 × 3; alive only because death waits for 5 × 3.
        (
            13,
            {"dead_multiple": 5},
            "B: lasting damage 13 → 7 (halved): mortal: injuries that need a surgeon or "
            "intensive care.",
            "helpless",
        ),
        # 13 lasting is more than 4 × Stamina 3: dead.
        (13, {}, "B is dead.", "dead"),
    ],
)
def test_the_three_severity_classes(
    make_fight: MakeFight,
    sorc: Any,
    victories: int,
    options: dict[str, int],
    aftermath: str,
    status: str,
) -> None:
    # The Cutter rolls one 9 per victory; B sucks it up with 1 die [1]: edged, X lasting.
    fight = make_fight(
        ("c", "cutter", "north", 1, {"stamina": victories}),
        ("b", "brawler", "south", 2),
        rigged=[9] * victories + [1, 1, 1, 1],
        options=options,
    )
    events = sorc.play(fight, ("c", "attack:b:knife"), ("b", "attack:c:fists"), ("b", "suck_it_up"))
    assert fight.over
    assert sorc.texts(events, "temporary_cleared") == ["All temporary damage goes away."]
    (after,) = [e for e in events if e.kind == "aftermath" and e.actor == "b"]
    assert after.text == aftermath
    b = fight.view().combatant("b")
    assert b.status == status
    assert b.health.startswith("lasting")
    assert "temporary" not in b.health


@pytest.mark.parametrize(
    ("vitality", "aftermath", "note"),
    [
        # Vitality (Power 2) instead of halving: 6 − 2 = 4.
        (
            "instead",
            "Mage: lasting damage 6 → 4 (reduced by Vitality): hospital: broken bones, a stab "
            "wound.",
            "after the fight: hospital: broken bones, a stab wound",
        ),
        # The better of the two: halving leaves 3.
        (
            "best",
            "Mage: lasting damage 6 → 3 (halved): banged up: probably okay.",
            "after the fight: banged up: probably okay",
        ),
    ],
)
def test_vitality_reduces_lasting_damage_by_the_demons_power(
    make_fight: MakeFight, sorc: Any, vitality: str, aftermath: str, note: str
) -> None:
    # The Cutter (Stamina 6) [9 × 6], the Mage's attack [1 1 1], the Amulet's total defense
    # [1 1 1 1]; the Mage sucks it up [1]: 6 lasting. The fight stops after this round.
    fight = make_fight(
        ("c", "cutter", "north", 2, {"stamina": 6}),
        ("mage", "mage", "south", 1),
        ("amulet", "amulet", "south", 5),
        rigged=[9] * 6 + [1] * 8,
        options={"vitality": vitality},
        max_rounds=1,
    )
    events = sorc.play(
        fight,
        ("c", "attack:mage:knife"),
        ("mage", "attack:c:fists"),
        ("amulet", "total_defense"),
        ("mage", "suck_it_up"),
    )
    (after,) = [e for e in events if e.kind == "aftermath" and e.actor == "mage"]
    assert after.text == aftermath
    assert sorc.texts(events, "fight_ended") == [
        "The fight is over after 1 round: stopped after 1 round: a draw."
    ]
    assert note in fight.view().combatant("mage").notes


def test_the_fight_goes_on_while_both_sides_can_act(make_fight: MakeFight, sorc: Any) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 8), strict=False)
    events = sorc.play(fight, ("a", "total_defense"), ("b", "total_defense"))
    assert sorc.texts(events, "round_ended") == ["Nobody is beaten yet: back to Step 1."]
    assert [
        e.step
        for e in events
        if e.kind
        in (
            "intention_revealed",
            "pool_tallied",
            "order_fixed",
            "total_defense_held",
            "round_ended",
        )
    ] == [
        "sorc_intentions",
        "sorc_intentions",
        "sorc_modifiers",
        "sorc_modifiers",
        "sorc_order",
        "sorc_reactions",
        "sorc_reactions",
        "sorc_finishing",
    ]
    assert fight.round == 2
