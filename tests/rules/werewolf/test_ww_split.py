"""Splitting a pool: the seed's Tom and Vilna, the rules around them, and w20's penalty."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.dice import RiggedDice, score_storyteller
from arena.rules.werewolf.attack import Maneuver, damage_pool, resolve_hit, roll_damage
from arena.rules.werewolf.defence import DODGE_DIFFICULTY
from arena.rules.werewolf.rage import action_segments
from arena.rules.werewolf.split import (
    SplitPart,
    can_split,
    divided_pool,
    plan_split,
    same_segment_penalties,
    split_options,
    w20_multiple_action_pools,
)

PUNCH = Maneuver("punch", "brawl", 5, 0, "bashing")  # punch at difficulty 5 [seed]
CLAW = Maneuver("claw", "brawl", 6, 1, "aggravated")

# Tom: Wits 2; Dex 3, Brawl 3, Dodge 1.
TOM_POOLS = {"punch": 3 + 3, "dodge": 3 + 1}
TOM_WITS = 2


def test_tom_hitting_pool_6_dodging_pool_4_so_4_dice_to_split():
    """Tom: hitting pool 6, dodging pool 4, so 4 dice to split between hitting and dodging."""
    assert divided_pool(TOM_POOLS, ("punch", "dodge")) == 4
    plan = plan_split(TOM_POOLS, TOM_WITS, 3, (("punch", 2, 3), ("dodge", 2, 1)))
    assert plan.divided == 4
    with pytest.raises(IllegalCommand, match="only 4 are divided"):
        plan_split(TOM_POOLS, TOM_WITS, 3, (("punch", 3, 3), ("dodge", 2, 1)))


def test_tom_splits_2_and_2_in_one_segment_punch_at_6_dodge_at_8():
    """Tom splits 2 and 2 in one segment: the punch at 6 (5 + 1), the dodge at 8 (6 + 2)."""
    plan = plan_split(TOM_POOLS, TOM_WITS, 3, (("punch", 2, 3), ("dodge", 2, 3)))
    assert plan.parts == (SplitPart("punch", 2, 3, 1), SplitPart("dodge", 2, 3, 2))
    punch, dodge = plan.parts
    assert PUNCH.difficulty + punch.penalty == 6
    assert DODGE_DIFFICULTY + dodge.penalty == 8


def test_tom_over_segments_3_and_1_both_at_standard_difficulty():
    """Tom, initiative 3, punches on 3 and dodges on 1: standard difficulty, 2 dice each."""
    segment = action_segments(3, 0, 3)[0]
    plan = plan_split(TOM_POOLS, TOM_WITS, segment, (("punch", 2, 3), ("dodge", 2, 1)))
    assert plan.parts == (SplitPart("punch", 2, 3, 0), SplitPart("dodge", 2, 1, 0))
    assert plan.segments == (3, 1)


def test_vilna_splits_each_action_down_a_segment_ten_actions_on_9_to_0_4_dice_each():
    """Vilna splits each of 5 actions down a segment: actions on 9 through 0, 4 dice each."""
    pools = {"claw": 5 + 3}  # Dex 5 in Crinos + Brawl 3
    wits = 4
    segments = action_segments(9, 1, 5)
    occupied = set(segments)
    parts = []
    for segment in segments:
        plan = plan_split(
            pools, wits, segment, (("claw", 4, segment), ("claw", 4, segment - 1)),
            occupied=occupied,
        )  # fmt: skip
        occupied.update(plan.segments)
        parts.extend(plan.parts)
    assert tuple(part.segment for part in parts) == (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    assert {part.dice for part in parts} == {4}
    assert {part.penalty for part in parts} == {0}


def test_vilnas_blow_that_lands_rolls_full_damage():
    """A blow from a 4-die part that lands rolls the full damage pool: damage is never split."""
    strength = 3 + 4  # Strength 3, +4 in Crinos
    part = plan_split({"claw": 8}, 4, 9, (("claw", 4, 9), ("claw", 4, 8))).parts[0]
    attack = score_storyteller((9, 8, 3, 2), CLAW.difficulty + part.penalty)  # 2 successes
    hit = resolve_hit(attack.net, 0, strength, CLAW)
    assert hit.damage_pool == 7 + 1 + 1  # Strength 7 + claw 1 + one success beyond the first
    assert hit.damage_pool == damage_pool(strength, CLAW, 2)  # the part's 4 dice play no part
    dice = RiggedDice((6, 6, 6, 6, 6, 6, 2, 2, 2))
    assert roll_damage(dice, hit.damage_pool).net == 6
    assert dice.remaining == 0  # all nine damage dice were rolled


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ((("punch", 6, 3),), "at least two parts"),  # one part is no split
        ((("punch", 2, 3), ("punch", 2, 3), ("punch", 2, 3)), "at most 2 parts"),  # Wits 2
        ((("punch", 0, 3), ("dodge", 4, 3)), "at least 1 die"),  # no empty part
        ((("punch", 2, 2), ("dodge", 2, 1)), "own segment 3"),  # one part on the action's
        ((("punch", 2, 3), ("dodge", 2, 4)), "from 3 down to 0"),  # never a higher segment
        ((("punch", 2, 3), ("dodge", 2, -1)), "from 3 down to 0"),  # never below 0
        ((("punch", 2, 3), ("dodge", 2, 1)), "already there"),  # 1 holds another action
        ((("punch", 2, 3), ("kick", 2, 3)), "no pool for action 'kick'"),  # unknown action
    ],
)
def test_plan_split_refuses(parts, message):
    with pytest.raises(IllegalCommand, match=message):
        plan_split(TOM_POOLS, TOM_WITS, 3, parts, occupied={1})


def test_the_same_action_repeated_divides_its_own_pool():
    plan = plan_split(TOM_POOLS, TOM_WITS, 3, (("punch", 3, 3), ("punch", 3, 2)))
    assert plan.divided == 6


def test_three_parts_on_one_segment_are_at_plus_1_2_3():
    pools = {"punch": 9}
    plan = plan_split(pools, 3, 5, (("punch", 3, 5), ("punch", 3, 5), ("punch", 3, 5)))
    assert tuple(part.penalty for part in plan.parts) == (1, 2, 3)


@pytest.mark.parametrize(
    ("segments", "expected"),
    [
        ((3, 3), (1, 2)),  # Tom in one segment
        ((3, 1), (0, 0)),  # Tom over two segments
        ((5, 3, 3), (0, 1, 2)),  # only the parts sharing a segment are harder
        ((5, 3, 5), (1, 0, 2)),  # the order given decides 1st and 2nd
    ],
)
def test_same_segment_penalties(segments, expected):
    assert same_segment_penalties(segments) == expected


def test_split_options_for_tom():
    plans = split_options(TOM_POOLS, TOM_WITS, 1)
    # Each ordered pair of actions x each first-part size x the second part on 1 or 0.
    # punch+punch divides 6 (5 sizes), the mixed pairs and dodge+dodge divide 4 (3 sizes).
    assert len(plans) == (5 + 3 + 3 + 3) * 2
    assert plans[0].parts == (SplitPart("punch", 1, 1, 1), SplitPart("punch", 5, 1, 2))
    assert plans[1].parts == (SplitPart("punch", 1, 1, 0), SplitPart("punch", 5, 0, 0))
    assert all(sum(part.dice for part in plan.parts) == plan.divided for plan in plans)


def test_split_options_skip_occupied_segments_and_low_wits():
    plans = split_options({"claw": 8}, 4, 9, occupied={7, 5, 3, 1})
    assert {plan.parts[1].segment for plan in plans} == {9, 8, 6, 4, 2, 0}
    assert split_options({"claw": 8}, 1, 9) == ()  # Wits 1 cannot split


@pytest.mark.parametrize(
    ("mode", "rage_action", "frenzied", "expected"),
    [
        ("split", False, False, True),  # the seed: any action can be split
        ("split", True, False, True),  # every Rage action can be split too
        ("dice_penalty", True, False, False),  # w20: Rage actions are never split
        ("split", False, True, False),  # frenzy forbids splitting
    ],
)
def test_can_split(mode, rage_action, frenzied, expected):
    assert can_split(mode=mode, rage_action=rage_action, frenzied=frenzied) == expected


@pytest.mark.parametrize(
    ("pools", "expected"),
    [
        ((6,), (6,)),  # one action: no penalty
        ((6, 4), (4, 1)),  # two actions: -2 on the first, -3 on the second
        ((6, 6, 6), (3, 2, 1)),  # three actions: -3, -4, -5
        ((2, 2), (0, 0)),  # never below 0
    ],
)
def test_w20_multiple_action_pools(pools, expected):
    assert w20_multiple_action_pools(pools) == expected
