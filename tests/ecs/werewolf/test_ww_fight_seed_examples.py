"""The seed's worked examples, happening in a running Fight with rigged dice."""

from __future__ import annotations

import re
from typing import Any

from arena.engine import Fight


def test_fight_vilna_initiative_9_one_rage_five_actions_on_9_7_5_3_1(make_fight, helpers):
    fight = make_fight(
        ("vilna", "vilna_crinos", "south", 1, {"alertness": 5}),
        ("dummy", "dummy", "north", 5),
        # Vilna's 9 dice all succeed; the dummy's 2 dice make no success (segment 0).
        rigged=[9] * 9 + [2, 2],
        max_rounds=1,
    )
    rage = helpers.decision(fight, "vilna", "rage")
    assert [c.key for c in rage.choices] == ["rage:0", "rage:1"]
    assert rage.choice("rage:1").label == "Spend 1 Rage: actions on 9, 7, 5, 3, 1"
    events = helpers.answer(fight, "vilna", "rage:1")
    assert events[0].text == "Vilna spends 1 Rage: acts on 9, 7, 5, 3, 1."
    assert fight.view().order == (
        "9: Vilna",
        "7: Vilna",
        "5: Vilna",
        "3: Vilna",
        "1: Vilna",
        "0: Dummy",
    )
    assert fight.view().combatant("vilna").pools[0].current == 4
    acted = []
    while not fight.over:
        d = fight.pending()[0]
        if d.actor == "vilna":
            acted.append(int(re.search(r"segment (\d+)", d.prompt).group(1)))  # type: ignore[union-attr]
        fight.apply(d.choice("wait").command)  # type: ignore[union-attr]
    assert acted == [9, 7, 5, 3, 1]


def test_fight_4_successes_and_three_actions_go_on_4_2_and_0(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8, 8, 8, 8, 2, 2],  # Tom: 4 successes; the dummy: none
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:1")
    # Tom's Dexterity 3 caps the schedule at three actions: 4, 2 and 0.
    assert fight.view().order == ("4: Tom", "2: Tom", "0: Tom, Dummy")


def _tom_against_vilna(make_fight: Any, helpers: Any, *, rigged_after: list[int]) -> Fight:
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        # Tom rolls 3 on initiative; Vilna's 7 dice make nothing: she acts on 0.
        rigged=[8, 8, 8, 2] + [2] * 7 + rigged_after,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    return fight


def test_fight_tom_has_4_dice_to_split_between_hitting_6_and_dodging_4(make_fight, helpers):
    fight = _tom_against_vilna(make_fight, helpers, rigged_after=[])
    action = helpers.decision(fight, "tom", "action")
    splits = [c for c in action.choices if c.key.startswith("split:punch:vilna@3x2+dodge")]
    assert [c.key for c in splits] == [
        "split:punch:vilna@3x2+dodge@3x2",
        "split:punch:vilna@3x2+dodge@2x2",
        "split:punch:vilna@3x2+dodge@1x2",
    ]
    assert splits[0].label.startswith("Split 4 dice: ")


def test_fight_tom_splits_in_one_segment_punch_at_6_dodge_at_8(make_fight, helpers):
    fight = _tom_against_vilna(make_fight, helpers, rigged_after=[2, 2, 2, 2])
    action = helpers.decision(fight, "tom", "action")
    choice = action.choice("split:punch:vilna@3x2+dodge@3x2")
    assert choice.label == (
        "Split 4 dice: punch Vilna on 3 (2 dice at 6) + dodge on 3 (2 dice at 8)"
    )
    helpers.answer(fight, "tom", choice.key)
    helpers.forgo(fight)
    rolled = [e for e in fight.events if e.kind in ("attack_rolled", "defence_rolled")]
    assert [(e.kind, e.roll.pool, e.roll.difficulty) for e in rolled] == [
        ("attack_rolled", 2, 6),  # the punch: 5 + 1
        ("defence_rolled", 2, 8),  # the dodge: 6 + 2
    ]


def test_fight_tom_splits_over_segments_3_and_1_at_standard_difficulty(make_fight, helpers):
    fight = _tom_against_vilna(make_fight, helpers, rigged_after=[2, 2, 2, 2])
    helpers.answer(fight, "tom", "split:punch:vilna@3x2+dodge@1x2")
    assert fight.view().order == ("3: Tom", "1: Tom", "0: Vilna")
    helpers.forgo(fight)
    helpers.forgo(fight)
    rolled = [e for e in fight.events if e.kind in ("attack_rolled", "defence_rolled")]
    assert [(e.kind, e.roll.pool, e.roll.difficulty) for e in rolled] == [
        ("attack_rolled", 2, 5),  # the punch on 3
        ("defence_rolled", 2, 6),  # the dodge on 1
    ]
    started = [e.text for e in fight.events if e.kind == "segment_started"]
    assert started == ["Segment 3: Tom acts.", "Segment 1: Tom acts.", "Segment 0: Vilna acts."]


def test_fight_vilna_ten_split_actions_of_4_dice_on_9_to_0(make_fight, helpers):
    fight = make_fight(
        ("vilna", "vilna_crinos", "south", 1, {"alertness": 5}),
        ("dummy", "dummy", "north", 2),
        # Vilna: 9 successes; the dummy botches (no action); then ten claws of 4 dice that miss.
        rigged=[9] * 9 + [1, 2] + [2] * 40,
        max_rounds=1,
    )
    helpers.answer(fight, "vilna", "rage:1")
    for segment in (9, 7, 5, 3, 1):
        helpers.forgo(fight)
        helpers.answer(fight, "vilna", f"split:claw:dummy@{segment}x4+claw:dummy@{segment - 1}x4")
        helpers.forgo(fight)
    while not fight.over:
        helpers.forgo(fight)
    rolled = [e.roll.pool for e in fight.events if e.kind == "attack_rolled"]
    assert rolled == [4] * 10
    started = [e.text for e in fight.events if e.kind == "segment_started"]
    assert started == [f"Segment {s}: Vilna acts." for s in range(9, -1, -1)]


def test_fight_vilna_blow_that_lands_rolls_full_damage(make_fight, helpers):
    fight = make_fight(
        ("vilna", "vilna_crinos", "south", 1, {"alertness": 5}),
        ("dummy", "dummy", "north", 2),
        # initiative as above; the first split claw (4 dice) hits with 2; 9 damage dice.
        rigged=[9] * 9 + [1, 2] + [8, 8, 2, 2] + [2] * 9 + [2] * 4,
        max_rounds=1,
    )
    helpers.answer(fight, "vilna", "rage:1")
    helpers.answer(fight, "vilna", "split:claw:dummy@9x4+claw:dummy@8x4")
    helpers.forgo(fight)
    attack = next(e for e in fight.events if e.kind == "attack_rolled")
    damage = next(e for e in fight.events if e.kind == "damage_rolled")
    assert attack.roll.pool == 4
    # Strength 7 in Crinos + 1 for the claw + 1 for the second success: not split.
    assert damage.roll.pool == 9
    assert "never split" in damage.why
