"""Rage: the segments it buys (the seed's examples), and the limits on spending it."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.werewolf.rage import (
    action_segments,
    check_gnosis_use,
    max_rage_for_actions,
    spend_rage,
    useful_rage_spends,
    w20_rage_action_limit,
    w20_rage_actions,
)


@pytest.mark.parametrize(
    ("mode", "rage", "dexterity"),
    [
        ("schedule", 1, 3),  # one point of Rage, Dexterity 3: three actions in all
        ("schedule", 1, 5),  # more Dexterity: the segments run out at 0 first
        ("per_point", 2, 3),  # the book's rule: two points, two extra actions
    ],
)
def test_4_successes_and_three_actions_go_on_4_2_and_0(mode, rage, dexterity):
    """4 successes and three actions go on 4, 2 and 0."""
    assert action_segments(4, rage, dexterity, mode) == (4, 2, 0)


def test_vilna_initiative_9_one_rage_five_actions_on_9_7_5_3_1():
    """Vilna rolls 9, spends a point of Rage, and thus has 5 actions: 9, 7, 5, 3 and 1."""
    vilna_crinos_dexterity = 5  # Dexterity 4, 5 in Crinos
    assert action_segments(9, 1, vilna_crinos_dexterity) == (9, 7, 5, 3, 1)


@pytest.mark.parametrize(
    ("initiative", "rage", "dexterity", "mode", "expected"),
    [
        (4, 0, 5, "schedule", (4,)),  # no Rage: one action on the initiative segment
        (0, 0, 5, "schedule", (0,)),  # no successes: one action on segment 0
        (9, 1, 2, "schedule", (9, 7)),  # Dexterity 2 caps the schedule at two actions
        (9, 1, 3, "per_point", (9, 7)),  # per point: one point, one extra action
        (9, 3, 3, "per_point", (9, 7, 5, 3)),  # three points, three extra (Dexterity 3)
        (2, 3, 5, "per_point", (2, 0)),  # actions that would fall below 0 are lost
        (0, 1, 5, "schedule", (0,)),  # Rage on segment 0 buys nothing more
    ],
)
def test_action_segments(initiative, rage, dexterity, mode, expected):
    assert action_segments(initiative, rage, dexterity, mode) == expected


@pytest.mark.parametrize(
    ("rage", "dexterity", "mode"),
    [
        (2, 5, "schedule"),  # the schedule is bought with exactly one point
        (4, 3, "per_point"),  # at most Dexterity extra actions
        (-1, 3, "per_point"),  # no negative Rage
    ],
)
def test_action_segments_refuses_rage_beyond_the_mode(rage, dexterity, mode):
    with pytest.raises(IllegalCommand):
        action_segments(9, rage, dexterity, mode)


def test_w20_rage_actions_have_no_segments():
    with pytest.raises(ValueError, match="w20"):
        max_rage_for_actions(3, "w20")


@pytest.mark.parametrize(
    ("initiative", "dexterity", "available", "mode", "expected"),
    [
        (9, 5, 3, "schedule", (0, 1)),  # one point buys the schedule
        (0, 5, 3, "schedule", (0,)),  # on segment 0 Rage adds nothing
        (9, 5, 0, "schedule", (0,)),  # no Rage to spend
        (4, 5, 5, "per_point", (0, 1, 2)),  # 4, 2, 0: a third point would add nothing
        (9, 2, 5, "per_point", (0, 1, 2)),  # Dexterity 2: two extra actions at most
    ],
)
def test_useful_rage_spends(initiative, dexterity, available, mode, expected):
    assert useful_rage_spends(initiative, dexterity, available, mode) == expected


def test_spend_rage_leaves_the_rest():
    assert spend_rage(3, 1) == 2


@pytest.mark.parametrize(
    ("current", "amount", "gnosis_used", "message"),
    [
        (0, 1, False, "only 0 Rage"),  # Rage never goes below 0
        (3, -1, False, "negative"),  # no spending backwards
        (3, 1, True, "Gnosis"),  # not in a turn with Gnosis use
    ],
)
def test_spend_rage_refuses(current, amount, gnosis_used, message):
    with pytest.raises(IllegalCommand, match=message):
        spend_rage(current, amount, gnosis_used=gnosis_used)


def test_spending_nothing_is_fine_in_a_gnosis_turn():
    assert spend_rage(2, 0, gnosis_used=True) == 2


def test_gnosis_refused_after_rage_this_turn():
    check_gnosis_use(0)  # no Rage spent: Gnosis is fine
    with pytest.raises(IllegalCommand, match="Gnosis"):
        check_gnosis_use(1)


@pytest.mark.parametrize(
    ("permanent", "limit"),
    [
        (5, 3),  # half of 5, rounded up
        (4, 2),  # half of 4
        (1, 1),  # half of 1, rounded up
        (0, 0),  # no Rage, no Rage actions
    ],
)
def test_w20_rage_action_limit(permanent, limit):
    assert w20_rage_action_limit(permanent) == limit


def test_w20_rage_actions():
    assert w20_rage_actions(3, 5, 4) == 3  # half of 5 rounded up, 4 in the pool
    with pytest.raises(IllegalCommand, match="at most 3"):
        w20_rage_actions(4, 5, 5)  # above half the permanent rating
    with pytest.raises(IllegalCommand, match="only 1 Rage"):
        w20_rage_actions(2, 5, 1)  # more than the pool
