"""Properties: splits never give an action more than the smallest pool; nets never exceed dice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arena.rules.commands import IllegalCommand
from arena.rules.dice import score_open, score_storyteller
from arena.rules.werewolf.defence import cancel_successes
from arena.rules.werewolf.health import HealthTrack, _worst_first
from arena.rules.werewolf.initiative import score_initiative
from arena.rules.werewolf.soak import levels_after_soak
from arena.rules.werewolf.split import plan_split, split_options
from arena.rules.werewolf.terms import SEVERITY

pools = st.dictionaries(
    st.sampled_from(("punch", "dodge", "kick", "move")),
    st.integers(min_value=0, max_value=9),
    min_size=1,
)
faces = st.lists(st.integers(min_value=1, max_value=10), max_size=12)


@given(pools, st.integers(min_value=0, max_value=5), st.integers(min_value=0, max_value=9))
def test_a_split_never_gives_an_action_more_dice_than_the_smallest_pool(pools, wits, segment):
    for plan in split_options(pools, wits, segment):
        smallest = min(pools[part.action] for part in plan.parts)
        assert plan.divided == smallest
        assert sum(part.dice for part in plan.parts) <= smallest
        assert all(1 <= part.dice <= smallest for part in plan.parts)
        assert all(0 <= part.segment <= segment for part in plan.parts)


parts = st.lists(
    st.tuples(
        st.sampled_from(("punch", "dodge", "kick", "move")),
        st.integers(min_value=-1, max_value=9),
        st.integers(min_value=-1, max_value=9),
    ),
    max_size=4,
)


@given(pools, st.integers(min_value=0, max_value=5), parts)
def test_any_accepted_plan_respects_the_smallest_pool(pools, wits, wanted):
    try:
        plan = plan_split(pools, wits, 5, wanted)
    except IllegalCommand:
        return
    smallest = min(pools[action] for action, _, _ in wanted)
    assert 2 <= len(plan.parts) <= wits
    assert sum(part.dice for part in plan.parts) <= smallest


def test_the_property_above_is_not_vacuous():
    plan = plan_split({"punch": 6, "dodge": 4}, 2, 5, (("punch", 2, 5), ("dodge", 2, 4)))
    assert plan.divided == 4
    with pytest.raises(IllegalCommand):
        plan_split({"punch": 6, "dodge": 4}, 2, 5, (("punch", 3, 5), ("dodge", 2, 4)))


@given(faces, st.integers(min_value=2, max_value=13))
def test_net_successes_never_exceed_the_dice(rolled, difficulty):
    assert score_storyteller(rolled, difficulty).net <= len(rolled)
    assert score_initiative(rolled).segment <= len(rolled)


@given(faces, faces, faces)
def test_levels_never_exceed_the_damage_dice(damage, attack, defence):
    attack_net = score_storyteller(attack, 6).net
    assert cancel_successes(attack_net, score_storyteller(defence, 6).net) <= len(attack)
    damage_net = score_open(damage, len(damage)).net
    assert levels_after_soak(damage_net, 0) <= len(damage)


@given(st.lists(st.tuples(st.sampled_from(("bashing", "lethal", "aggravated")),
                          st.integers(min_value=0, max_value=4))))  # fmt: skip
def test_health_stays_on_its_track(blows):
    track = HealthTrack()
    for kind, levels in blows:
        track = track.apply(kind, levels)
        assert len(track.boxes) <= len(track.levels)
        assert list(track.boxes) == sorted(
            track.boxes, key=("aggravated", "lethal", "bashing").index
        )
        assert track.penalty in {0, 1, 2, 5}


@given(st.lists(st.sampled_from(["bashing", "lethal", "aggravated"]), max_size=12))
def test_health_boxes_stay_worst_first(boxes):
    """The track keeps its boxes in the order a sort by severity gives (worst first)."""
    assert _worst_first(boxes) == tuple(sorted(boxes, key=lambda kind: -SEVERITY[kind]))
