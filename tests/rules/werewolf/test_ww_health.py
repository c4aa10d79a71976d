"""The health track, Essence, and regeneration."""

from __future__ import annotations

import pytest

from arena.rules.views import WerewolfHealth
from arena.rules.werewolf.health import (
    EssenceTrack,
    HealthTrack,
    regenerate,
    regenerates,
)
from arena.words.werewolf import health_words, wounds_words


def numbers(track: HealthTrack) -> WerewolfHealth:
    """The track as the views carry it: the words are drawn from these numbers."""
    return WerewolfHealth(
        bashing=track.count("bashing"),
        lethal=track.count("lethal"),
        aggravated=track.count("aggravated"),
        penalty=track.penalty,
        dead=track.dead,
    )


def spirit(essence: EssenceTrack) -> WerewolfHealth:
    """A spirit's Essence as the views carry it."""
    return WerewolfHealth(track=0, essence=essence.current, essence_max=essence.maximum)


HEALTHY = HealthTrack()


@pytest.mark.parametrize(
    ("boxes", "name", "penalty"),
    [
        (0, "Healthy", 0),  # nothing filled
        (1, "Bruised (0)", 0),  # Bruised costs nothing
        (2, "Hurt (-1)", 1),  # Hurt -1
        (3, "Injured (-1)", 1),  # Injured -1
        (4, "Wounded (-2)", 2),  # Wounded -2
        (5, "Mauled (-2)", 2),  # Mauled -2
        (6, "Crippled (-5)", 5),  # Crippled -5
        (7, "Incapacitated", 5),  # out of the fight
    ],
)
def test_levels_and_penalties(boxes, name, penalty):
    track = HEALTHY.apply("bashing", boxes)
    assert (health_words(numbers(track)), track.penalty) == (name, penalty)
    assert track.incapacitated is (boxes == 7)
    assert track.dead is False


def test_boxes_stay_worst_first():
    track = HEALTHY.apply("bashing", 2).apply("aggravated", 1).apply("lethal", 1)
    assert track.boxes == ("aggravated", "lethal", "bashing", "bashing")
    assert wounds_words(numbers(track)) == "Wounded (-2): 1 aggravated, 1 lethal, 2 bashing"


def test_bashing_past_incapacitated_turns_bashing_into_lethal():
    track = HEALTHY.apply("lethal", 2).apply("bashing", 5)  # incapacitated
    track = track.apply("bashing", 2)
    assert track.boxes == ("lethal",) * 4 + ("bashing",) * 3
    assert (track.incapacitated, track.dead) == (True, False)


def test_bashing_past_incapacitated_with_no_bashing_left_kills():
    track = HEALTHY.apply("lethal", 7).apply("bashing", 1)
    assert track.dead is True
    assert health_words(numbers(track)) == "Dead"


@pytest.mark.parametrize(
    "kind",
    [
        "lethal",  # a level of lethal past Incapacitated kills
        "aggravated",  # so does aggravated
    ],
)
def test_lethal_or_aggravated_past_incapacitated_kills(kind):
    track = HEALTHY.apply("bashing", 7)
    assert track.dead is False
    track = track.apply(kind, 1)
    assert track.dead is True
    assert track.incapacitated is True


def test_damage_in_one_go_overflows_the_same_way():
    assert HEALTHY.apply("lethal", 8).dead is True
    assert HEALTHY.apply("bashing", 8).boxes == ("lethal",) + ("bashing",) * 6


def test_zero_levels_change_nothing_and_negative_levels_are_an_error():
    assert HEALTHY.apply("lethal", 0) == HEALTHY
    with pytest.raises(ValueError, match="-1 levels"):
        HEALTHY.apply("lethal", -1)


@pytest.mark.parametrize(
    ("order", "levels", "boxes"),
    [
        ("lethal_first", 1, ("aggravated", "bashing")),  # the lethal level heals first
        ("bashing_first", 1, ("aggravated", "lethal")),  # or the bashing one
        ("lethal_first", 3, ("aggravated",)),  # aggravated never heals in a fight
        ("lethal_first", 0, ("aggravated", "lethal", "bashing")),  # regeneration off
    ],
)
def test_regenerate(order, levels, boxes):
    track = HEALTHY.apply("bashing", 1).apply("lethal", 1).apply("aggravated", 1)
    assert regenerate(track, levels, order).boxes == boxes


def test_the_dead_do_not_regenerate():
    dead = HEALTHY.apply("lethal", 8)
    assert regenerate(dead, 1, "lethal_first") == dead


@pytest.mark.parametrize(
    ("template", "breed_form", "expected"),
    [
        ("garou", False, True),  # a Garou out of its breed form regenerates
        ("garou", True, False),  # not in breed form
        ("human", False, False),  # humans never do
    ],
)
def test_regenerates(template, breed_form, expected):
    assert regenerates(template, breed_form=breed_form) is expected


def test_essence_track():
    bane = EssenceTrack(5, 8)
    assert (health_words(spirit(bane)), bane.penalty, bane.dissipated) == ("Essence 5/8", 0, False)
    hurt = bane.apply(3)
    assert hurt == EssenceTrack(2, 8)
    gone = hurt.apply(4)
    assert (gone.current, gone.dissipated, health_words(spirit(gone))) == (0, True, "Dissipated")
