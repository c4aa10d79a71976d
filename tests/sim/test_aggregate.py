"""Streaming aggregates: outcome counts, end states, dice sums and paired differences."""

from __future__ import annotations

import pytest

from arena.sim.aggregate import MAX_HEALTH_TEXTS, OTHER, BatchStats, PairedStats
from arena.sim.summary import CombatantResult, DiceTally, FightSummary


def _fight(
    winner: str | None,
    rounds: int,
    tom: str = "active",
    vilna: str = "active",
    health: str = "Hurt (-1)",
) -> FightSummary:
    return FightSummary(
        seed=1,
        winner=winner,
        outcome="",
        rounds=rounds,
        combatants=(
            CombatantResult("tom", "north", tom, health, 1, "hospital", 2, 3),
            CombatantResult("vilna", "south", vilna, "Healthy", 0, "", 3, 2),
        ),
        dice=DiceTally(
            rolls=2,
            dice=5,
            faces=(1, 0, 0, 0, 0, 0, 0, 0, 0, 4),
            storyteller=2,
            successes=4,
            botches=1,
        ),
    )


def test_outcomes_rounds_and_end_states_are_counted() -> None:
    stats = BatchStats(("north", "south"))
    stats.add(_fight("north", 3))
    stats.add(_fight("south", 5, tom="fled"))
    stats.add(_fight(None, 20, tom="surrendered", vilna="surrendered"))  # one fight, counted once
    stats.add(_fight("south", 4, tom="fled"))
    assert stats.fights == 4
    assert stats.wins == {"north": 1, "south": 2}
    assert (stats.draws, stats.fled, stats.surrendered) == (1, 2, 1)
    assert stats.rounds.counts == {3: 1, 4: 1, 5: 1, 20: 1}
    tom = stats.combatants["tom"]
    assert tom.status == {"active": 1, "fled": 2, "surrendered": 1}
    assert tom.health == {"Hurt (-1)": 4}
    assert tom.aftermath == {"hospital": 4}
    assert stats.combatants["vilna"].aftermath == {}  # no class given: nothing counted
    assert (tom.dealt.mean, tom.taken.mean, tom.penalty.mean) == (2.0, 3.0, 1.0)
    assert stats.damage_reported
    assert stats.dice["rolls"] == 8
    assert stats.dice["botches"] == 4
    assert stats.faces == [4, 0, 0, 0, 0, 0, 0, 0, 0, 16]


def test_a_winner_outside_the_listed_sides_is_added() -> None:
    stats = BatchStats(("north",))
    stats.add(_fight("demons", 2))
    assert stats.sides == ["north", "demons"]


def test_health_texts_are_bounded_per_combatant() -> None:
    stats = BatchStats(("north", "south"))
    for i in range(MAX_HEALTH_TEXTS + 10):
        stats.add(_fight("north", 1, health=f"{i} lasting damage"))
    stats.add(_fight("north", 1, health="0 lasting damage"))  # a text already kept stays itself
    health = stats.combatants["tom"].health
    assert len(health) == MAX_HEALTH_TEXTS + 1
    assert health[OTHER] == 10
    assert health["0 lasting damage"] == 2


def test_paired_differences_are_varied_minus_base_per_seed() -> None:
    paired = PairedStats(("north", "south"))
    paired.add(_fight("north", 3), _fight("north", 2))  # same winner: 0, one turn shorter
    paired.add(_fight("south", 3), _fight("north", 3))  # north gains, south loses
    paired.add(_fight(None, 20), _fight("north", 4))  # a draw turned into a north win
    assert paired.wins["north"].mean == pytest.approx(2 / 3)
    assert paired.wins["south"].mean == pytest.approx(-1 / 3)
    assert paired.draws.mean == pytest.approx(-1 / 3)
    assert paired.rounds.mean == pytest.approx((-1 + 0 - 16) / 3)
    assert paired.draws.count == 3
