"""Sorcerer options: defaults, overrides, and errors that name the key and legal values."""

from __future__ import annotations

from dataclasses import fields

import pytest

from arena.rules.sorcerer import DEFAULT_OPTIONS, SorcererOptions, options_to_mapping, parse_options


def test_default_preset_is_the_rulings() -> None:
    options = parse_options("default", {})
    assert options == SorcererOptions()
    assert (options.tie, options.push_bounds, options.rollover_expiry) == (
        "stalemate",
        "inclusive",
        1,
    )
    assert (options.unaimed_point_blank, options.unaimed_in_range, options.unaimed_beyond) == (
        1,
        2,
        3,
    )


def test_overrides() -> None:
    options = parse_options("default", {"tie": "reroll", "rollover_expiry": 2})
    assert (options.tie, options.rollover_expiry) == ("reroll", 2)
    assert options.push_bounds == "inclusive"


def test_every_option_round_trips() -> None:
    # Each option is validated: its own default value is accepted under its own name.
    mapping = options_to_mapping(DEFAULT_OPTIONS)
    assert list(mapping) == [f.name for f in fields(SorcererOptions)]
    assert parse_options("default", mapping) == DEFAULT_OPTIONS


@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        ({"tie": "coin"}, "option tie: expected one of stalemate|reroll, got 'coin'"),  # bad word
        ({"push_bounds": 1}, "option push_bounds: expected one of inclusive|exclusive, got 1"),
        ({"rollover_expiry": -1}, "option rollover_expiry: expected an int of at least 0, got -1"),
        ({"role_play_max": True}, "option role_play_max: expected an int of at least 0, got True"),
        ({"cloak_divisor": 0}, "option cloak_divisor: expected an int of at least 1, got 0"),
        (
            {"rollover_expiry": "2"},
            "option rollover_expiry: expected an int of at least 0, got '2'",
        ),
    ],
)
def test_bad_values_name_the_key_and_legal_values(mapping: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=r"^option ") as info:
        parse_options("default", mapping)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("good", "bad", "shown"), [(1, True, "True"), (0, False, "False"), (2, 2.0, "2.0")]
)
def test_a_value_equal_to_one_accepted_before_is_still_checked_by_its_type(
    good: int, bad: object, shown: str
) -> None:
    """Options are kept once parsed; True, 1 and 1.0 are equal keys but not equal options."""
    assert parse_options("default", {"role_play_max": good}).role_play_max == good
    with pytest.raises(ValueError, match=r"^option ") as info:
        parse_options("default", {"role_play_max": bad})
    assert str(info.value) == (f"option role_play_max: expected an int of at least 0, got {shown}")


def test_unknown_key_names_it_and_the_known_keys() -> None:
    with pytest.raises(ValueError, match=r"unknown option 'ties'; known: tie, push_bounds, "):
        parse_options("default", {"ties": "reroll"})


def test_unknown_preset() -> None:
    with pytest.raises(ValueError, match=r"unknown preset 'book'; known: default"):
        parse_options("book", {})


def test_role_play_option_is_sheet_by_default_and_names_its_values() -> None:
    # Who grants the role-playing bonus [ruling, sorcerer.md 4]: the sheet unless told.
    assert parse_options("default", {}).role_play == "sheet"
    for rule in ("sheet", "honour", "off"):
        assert parse_options("default", {"role_play": rule}).role_play == rule
    with pytest.raises(ValueError, match=r"option role_play: expected one of sheet\|honour\|off"):
        parse_options("default", {"role_play": "judge"})
    with pytest.raises(ValueError, match="option role_play"):
        parse_options("default", {"role_play": False})  # a bare YAML off


def test_a_list_as_an_option_value_is_refused_naming_the_option() -> None:
    # A value that cannot be compared as a key (a YAML list) is refused as any illegal value.
    with pytest.raises(ValueError, match="option tie: expected one of"):
        parse_options("default", {"tie": ["reroll"]})


def test_options_that_change_nothing_are_the_preset_itself() -> None:
    assert parse_options("default", {}) is DEFAULT_OPTIONS
    same = parse_options("default", {"tie": "reroll"})
    assert parse_options("default", {"tie": "reroll"}) == same
    assert same.tie == "reroll"
    assert DEFAULT_OPTIONS.tie == "stalemate"
