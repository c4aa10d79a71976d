"""Characters: starting scores, Humanity, sorcerers, cover."""

from __future__ import annotations

import pytest

from arena.rules.sorcerer import (
    INTENTIONS,
    Modifier,
    SorcererOptions,
    check_starting_scores,
    cover_bonus,
    is_sorcerer,
    starting_humanity,
)


def test_a_legal_split_of_10_points() -> None:
    check_starting_scores(4, 3, 3)  # raises nothing
    assert starting_humanity(3) == 3


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        ((7, 2, 1), "stamina: a starting score is 1 to 6, got 7"),  # above 6
        ((5, 5, 0), "lore: a starting score is 1 to 6, got 0"),  # below 1
        ((4, 4, 3), "starting scores add up to 11, not 10"),  # too many points
    ],
)
def test_illegal_starting_scores(scores: tuple[int, int, int], message: str) -> None:
    with pytest.raises(ValueError, match=r"\d") as info:
        check_starting_scores(*scores)
    assert str(info.value) == message


def test_starting_points_are_an_option() -> None:
    check_starting_scores(4, 4, 4, SorcererOptions(starting_points=12))  # raises nothing


@pytest.mark.parametrize(
    ("lore", "demon", "rituals", "sorcerer"),
    [
        (1, True, False, True),  # Lore and a bound demon
        (2, False, True, True),  # Lore and rituals
        (0, True, True, False),  # no Lore
        (3, False, False, False),  # Lore but neither demon nor rituals
    ],
)
def test_who_is_a_sorcerer(lore: int, demon: bool, rituals: bool, sorcerer: bool) -> None:
    assert is_sorcerer(lore=lore, has_bound_demon=demon, knows_rituals=rituals) is sorcerer


def test_cover_gives_a_defense_die() -> None:
    assert cover_bonus() == Modifier("cover", 1)


def test_intentions() -> None:
    assert INTENTIONS == ("attack", "total_defense", "ritual", "aim", "command_demon", "other_task")
