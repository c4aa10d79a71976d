"""Werewolf options: presets, defaults, validation messages and the save mapping."""

from __future__ import annotations

from dataclasses import fields

import pytest

from arena.rules.werewolf.options import (
    OPTION_SPECS,
    SEED_OPTIONS,
    W20_OPTIONS,
    WerewolfOptions,
    options_to_mapping,
    parse_options,
)


def test_every_option_has_a_spec_in_field_order():
    assert [f.name for f in fields(WerewolfOptions)] == ["preset"] + [
        spec.name for spec in OPTION_SPECS
    ]


def test_every_default_is_legal():
    for spec in OPTION_SPECS:
        for preset in ("seed", "w20"):
            default = spec.default(preset)
            assert parse_options(preset, {spec.name: default}) == parse_options(preset, {})


def test_seed_preset():
    assert (SEED_OPTIONS.preset, SEED_OPTIONS.initiative, SEED_OPTIONS.rage_actions) == (
        "seed",
        "successes",
        "schedule",
    )
    assert (SEED_OPTIONS.stun, SEED_OPTIONS.moon_difficulty) == (False, 6)


def test_w20_preset_changes_the_turn():
    assert (
        W20_OPTIONS.initiative,
        W20_OPTIONS.rage_actions,
        W20_OPTIONS.multiple_actions,
        W20_OPTIONS.dodge_ability,
        W20_OPTIONS.spirit_soak,
    ) == ("w20", "w20", "dice_penalty", "athletics", "willpower")


@pytest.mark.parametrize(
    ("mapping", "field", "value"),
    [
        ({"rage_actions": "per_point"}, "rage_actions", "per_point"),  # a closed-set word
        ({"stun": "on"}, "stun", True),  # a switch written as a word
        ({"stun": True}, "stun", True),  # or as YAML's bool
        ({"willpower_once_per_turn": "off"}, "willpower_once_per_turn", False),  # off
        ({"moon_difficulty": 8}, "moon_difficulty", 8),  # a crescent moon
    ],
)
def test_parse_options_overrides(mapping, field, value):
    assert getattr(parse_options("seed", mapping), field) == value


@pytest.mark.parametrize(
    ("preset", "mapping", "message"),
    [
        ("w21", {}, "preset 'w21': expected one of seed, w20"),  # unknown preset
        ("seed", {"rage_action": "x"}, "unknown option 'rage_action' .did you mean 'rage_actions'"),
        ("seed", {"rage_actions": "twice"}, "expected one of schedule, per_point, w20"),
        ("seed", {"stun": "yes"}, "'stun': expected one of off, on, got 'yes'"),
        ("seed", {"moon_difficulty": 11}, "expected an int from 3 to 10, got 11"),
        ("seed", {"moon_difficulty": "6"}, "expected an int from 3 to 10, got '6'"),
        ("seed", {"moon_difficulty": True}, "expected an int from 3 to 10, got True"),
        ("seed", {"delirium_berserk": 6}, "'delirium_berserk': expected at most"),
    ],
)
def test_parse_options_refuses(preset, mapping, message):
    with pytest.raises(ValueError, match=message):
        parse_options(preset, mapping)


def test_options_round_trip_through_their_mapping():
    options = parse_options("w20", {"stun": "on", "rage_actions": "per_point"})
    mapping = options_to_mapping(options)
    assert mapping["stun"] == "on"
    assert "preset" not in mapping
    assert parse_options(options.preset, mapping) == options


def test_specs_describe_themselves():
    specs = {spec.name: spec for spec in OPTION_SPECS}
    assert specs["stun"].legal == "one of off, on"
    assert specs["moon_difficulty"].legal == "an int from 3 to 10"
    assert all(spec.description for spec in OPTION_SPECS)


@pytest.mark.parametrize(
    ("option", "good", "bad", "shown"),
    [
        ("stun_rage_cost", 1, True, "True"),
        ("stun_rage_cost", 0, False, "False"),
        ("moon_difficulty", 8, 8.0, "8.0"),
        ("stun", True, 1, "1"),
    ],
)
def test_a_value_equal_to_one_accepted_before_is_still_checked_by_its_type(
    option, good, bad, shown
):
    """Options are kept once parsed; True, 1 and 1.0 are equal keys but not equal options."""
    assert getattr(parse_options("seed", {option: good}), option) == good
    with pytest.raises(ValueError, match=f"option '{option}': expected .*, got {shown}$"):
        parse_options("seed", {option: bad})


def test_the_same_options_parsed_twice_are_one_value():
    """Every fight of a batch parses its scenario's options: made once, the same frozen value."""
    first = parse_options("w20", {"stun": "on", "moon_difficulty": 7})
    assert parse_options("w20", {"moon_difficulty": 7, "stun": "on"}) is first
    assert parse_options("w20", {"stun": "on", "moon_difficulty": 8}) != first
    with pytest.raises(ValueError, match="expected one of off, on, got"):
        parse_options("seed", {"stun": ["on"]})  # a value that cannot be a key is still refused
