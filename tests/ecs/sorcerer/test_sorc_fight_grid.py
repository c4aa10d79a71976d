"""The grid in a running Sorcerer fight: closing in, reach, range bands, aim, cover, fleeing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ecs.sorcerer.conftest import MakeFight


def test_an_attacker_closes_in_as_part_of_its_attack(make_fight: MakeFight, sorc: Any) -> None:
    # A at (1, 1), B at (3, 1): two cells apart. A [9 8 7] goes first and steps next to B.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 3),
        rigged=[9, 8, 7] + [1] * 10,
    )
    choice = sorc.decision(fight, "a").choice("attack:b:fists")
    assert choice.label == "Attack B with fists, closing in to (2, 1)"
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "total_defense"))
    assert sorc.texts(events, "closed_in") == ["A closes in on B, to (2, 1)."]
    assert fight.view().combatant("a").pos == (2, 1)


def test_a_target_that_moved_away_is_out_of_reach(make_fight: MakeFight, sorc: Any) -> None:
    # B [9 9 9] moves off first; A [1 1 1] then cannot close the distance.
    fight = make_fight(
        ("a", "brawler", "north", 1), ("b", "brawler", "south", 3), rigged=[1, 1, 1, 9, 9, 9]
    )
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "move:9,1"))
    (missed,) = [e for e in events if e.kind == "out_of_reach"]
    assert missed.text == "A cannot reach B: the attack comes to nothing."
    assert missed.why == "out of reach, even closing in 2 cells"


@pytest.mark.parametrize(
    ("spawn", "why"),
    [
        (2, "Stamina 4 −1 unaimed firearm (point blank) = 3"),  # adjacent
        (9, "Stamina 4 −2 unaimed firearm (in range) = 2"),  # 4 cells, pistol range 6
        (6, "Stamina 4 −3 unaimed firearm (beyond) = 1"),  # 9 cells: beyond, up to 12
    ],
)
def test_unaimed_shots_lose_dice_by_range_band(
    make_fight: MakeFight, sorc: Any, spawn: int, why: str
) -> None:
    fight = make_fight(
        ("s", "shooter", "north", 1, {"stamina": 4}), ("b", "brawler", "south", spawn), strict=False
    )
    events = sorc.play(fight, ("s", "attack:b:pistol"), ("b", "total_defense"))
    (tally,) = [e for e in events if e.kind == "pool_tallied" and e.actor == "s"]
    assert tally.why == why


def test_an_aimed_shot_takes_no_penalty_and_the_aim_rolls_over(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Aim [9 9 9] against the easy challenge's 1 die [1]: 3 victories, the shot is aimed.
    fight = make_fight(
        ("s", "shooter", "north", 1),
        ("b", "brawler", "south", 6),
        rigged=[9, 9, 9, 1, 1, 1, 1, 1, 1],
        strict=False,
    )
    events = sorc.play(fight, ("s", "aim:b:pistol"), ("b", "total_defense"))
    assert sorc.texts(events, "aimed") == [
        "S aims pistol at B: next round's shot is aimed, with 3 dice of rollover."
    ]
    events = sorc.play(fight, ("s", "attack:b:pistol"), ("b", "total_defense"))
    (tally,) = [e for e in events if e.kind == "pool_tallied" and e.actor == "s"]
    assert tally.why == "Stamina 3 +3 rollover from aim (b) = 6"


@pytest.mark.parametrize(
    ("spawn", "defence"),
    [
        (4, "Stamina 3 +2 total defense +1 cover = 6"),  # a wall beside it, towards the shooter
        (9, "Stamina 3 +2 total defense = 5"),  # in the open
    ],
)
def test_cover_adds_a_die_against_shots(
    make_fight: MakeFight, sorc: Any, spawn: int, defence: str
) -> None:
    fight = make_fight(
        ("s", "shooter", "north", 1), ("b", "brawler", "south", spawn), strict=False, seed=3
    )
    events = sorc.play(fight, ("s", "attack:b:pistol"), ("b", "total_defense"))
    (shot,) = [e for e in events if e.kind.startswith("attack_") and e.actor == "s"]
    assert f"against {defence} [" in shot.why


def test_a_combatant_on_an_exit_flees(make_fight: MakeFight, sorc: Any) -> None:
    # B [9 9 9] steps onto the exit, then flees: [9 9 9] against the moderate challenge [1 1].
    fight = make_fight(
        ("m", "mage", "north", 1),
        ("b", "brawler", "south", 6),
        rigged=[1, 1, 1, 1, 1, 9, 9, 9, 1, 1, 1, 1, 1, 9, 9, 9, 1, 1],
    )
    events = sorc.play(fight, ("m", "total_defense"), ("b", "move:11,3"))
    (moved,) = [e for e in events if e.kind == "moved"]
    assert moved.why == "other task; it stands on an exit: fleeing is its next action"
    assert "flee" in [c.key for c in sorc.decision(fight, "b").choices]
    events = sorc.play(fight, ("m", "total_defense"), ("b", "flee"))
    assert sorc.texts(events, "fled", "fight_over") == [
        "B flees the fight.",
        "The fight is over: M wins.",
    ]
    assert fight.view().combatant("b").status == "fled"


def test_moving_out_of_reach_brings_the_enemys_attack_first(
    make_fight: MakeFight, sorc: Any
) -> None:
    # B [9 9 9] moves before A [5 5 5] has acted; A's declared attack comes before the move,
    # B defending as one who has acted (Stamina [1 1 1]): 3 victories. Then B moves.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 2),
        rigged=[5, 5, 5, 9, 9, 9, 1, 1, 1],
    )
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "move:8,1"))
    assert sorc.texts(events, "disengaged", "attack_hit", "moved") == [
        "B moves out of A's reach before A has acted: A's attack comes now.",
        "A hits B with fists: 3 victories.",
        "B moves from (2, 1) to (8, 1).",
    ]
    assert not [e for e in events if e.kind == "out_of_reach"]  # A's attack is spent
