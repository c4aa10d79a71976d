"""Sorcery in a running fight: the six snapshot rituals, each with its Humanity check."""

from __future__ import annotations

from typing import Any

import pytest

from arena.rules.grid import distance
from tests.ecs.sorcerer.conftest import MakeFight

# The Mage's snapshot ritual [9] places it before the Imp's total defense [1 1 1 1]; the Imp
# resists with 2 dice [1 1]; then Humanity 4 [1 1 1 1] against Power 2 [9 9] costs 1 Humanity.
DICE = [9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 9, 9]


@pytest.mark.parametrize(
    ("ritual", "text"),
    [
        ("contact", "Mage performs Contact on Imp: its Need and Desire are revealed."),
        ("bind", "Mage performs Bind on Imp: bound with strength +1, in the sorcerer's favour."),
        ("punish", "Mage performs Punish on Imp: 1 lasting damage."),
        ("banish", "Mage performs Banish on Imp: it is banished from the fight."),
        ("contain", "Mage performs Contain on Imp: held in a 3×3 area."),
    ],
)
def test_a_snapshot_ritual_rolls_one_die_and_checks_humanity(
    make_fight: MakeFight, sorc: Any, ritual: str, text: str
) -> None:
    fight = make_fight(("mage", "mage", "m", 1), ("imp", "imp", "d", 3), rigged=DICE, strict=False)
    events = sorc.play(fight, ("mage", f"ritual:{ritual}:imp"), ("imp", "total_defense"))
    (tally,) = [e for e in events if e.kind == "pool_tallied" and e.actor == "mage"]
    assert tally.why == "snapshot ritual 1 = 1"
    assert sorc.texts(events, "ritual_performed", "humanity_checked") == [
        text,
        "Mage's Humanity check: loses 1 Humanity, now 3.",
    ]
    assert fight.view().combatant("mage").pools[0].current == 3


@pytest.mark.parametrize(
    ("ritual", "after"),
    [
        # Bound in the sorcerer's favour, the Imp joins its side: the other side is empty.
        ("bind", ("active", "The fight is over: Mage and Imp win.")),
        ("banish", ("banished", "The fight is over: Mage wins.")),
    ],
)
def test_bind_and_banish_end_a_fight_against_a_lone_demon(
    make_fight: MakeFight, sorc: Any, ritual: str, after: tuple[str, str]
) -> None:
    fight = make_fight(("mage", "mage", "m", 1), ("imp", "imp", "d", 3), rigged=DICE, strict=False)
    events = sorc.play(fight, ("mage", f"ritual:{ritual}:imp"), ("imp", "total_defense"))
    assert (fight.view().combatant("imp").status, *sorc.texts(events, "fight_over")) == after


def test_contact_reveals_need_and_desire(make_fight: MakeFight, sorc: Any) -> None:
    fight = make_fight(("mage", "mage", "m", 1), ("imp", "imp", "d", 3), rigged=DICE, strict=False)
    assert "Need and Desire unknown" in fight.view().combatant("imp").notes
    sorc.play(fight, ("mage", "ritual:contact:imp"), ("imp", "total_defense"))
    assert "Need: blood; Desire: violence (known to Mage)" in fight.view().combatant("imp").notes


def test_contain_holds_a_demon_within_a_3_by_3_area(make_fight: MakeFight, sorc: Any) -> None:
    fight = make_fight(("mage", "mage", "m", 1), ("imp", "imp", "d", 3), rigged=DICE, strict=False)
    sorc.play(fight, ("mage", "ritual:contain:imp"), ("imp", "total_defense"))
    moves = [c.cell for c in sorc.decision(fight, "imp").choices if "move" in c.tags]
    assert moves
    assert all(distance(cell, (3, 1)) <= 1 for cell in moves if cell is not None)


def test_a_summoned_demon_appears_next_round_beside_its_summoner(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Snapshot [9]; B's total defense [1 1 1 1 1]; the Ghost's Power [1 1]; Humanity [1 1 1 1]
    # against Power [9 9].
    fight = make_fight(
        ("mage", "mage", "m", 1),
        ("ghost", "imp", "d", 3, {"present": 0}),
        ("b", "brawler", "b", 8),
        rigged=[9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 9, 9],
        strict=False,
    )
    assert fight.view().combatant("ghost").status == "absent"
    assert "ghost" not in [d.actor for d in fight.pending()]
    events = sorc.play(fight, ("mage", "ritual:summon:ghost"), ("b", "total_defense"))
    assert sorc.texts(events, "ritual_performed", "demon_arrived") == [
        "Mage performs Summon on Ghost: it will appear next round.",
        "Ghost appears at (2, 1), beside Mage, unbound.",
    ]
    assert fight.view().combatant("ghost").status == "active"
    assert "ghost" in [d.actor for d in fight.pending()]
