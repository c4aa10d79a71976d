"""Sorcerer rules options: every non-seed choice, with its default and its legal values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Final, Literal, get_args

from arena.rules.parsed_once import parsed_once
from arena.rules.refused import OptionRefused

Tie = Literal["stalemate", "reroll"]
Bounds = Literal["inclusive", "exclusive"]
Rounding = Literal["up", "down"]
VitalityUse = Literal["instead", "best"]
RolePlay = Literal["sheet", "honour", "off"]
"""Who grants role-playing bonuses: each sheet's value, the person at the table, or nobody."""

_CHOICES: Final[Mapping[str, tuple[str, ...]]] = {
    "tie": get_args(Tie),
    "push_bounds": get_args(Bounds),
    "halve_rounding": get_args(Rounding),
    "vitality": get_args(VitalityUse),
    "role_play": get_args(RolePlay),
}
"""Options whose value is one word out of a closed set."""

_INT_MINIMUM: Final[Mapping[str, int]] = {
    "rollover_expiry": 0,
    "unaimed_point_blank": 0,
    "unaimed_in_range": 0,
    "unaimed_beyond": 0,
    "role_play_max": 0,
    "total_defense_order_bonus": 0,
    "cannot_act_multiple": 1,
    "helpless_multiple": 1,
    "dead_multiple": 1,
    "humanity_loss": 0,
    "cloak_divisor": 1,
    "boosting_power": 0,
    "contain_radius": 0,
    "challenge_easy": 1,
    "challenge_moderate": 1,
    "challenge_hard": 1,
    "challenge_extreme": 1,
    "cover_bonus": 0,
    "starting_points": 3,
    "starting_score_min": 0,
    "starting_score_max": 1,
}
"""Options whose value is an int, with the smallest legal value."""


@dataclass(frozen=True, slots=True)
class SorcererOptions:
    """The named options of the Sorcerer rules; the defaults are the project's rulings."""

    tie: Tie = "stalemate"
    """A complete tie: ``stalemate`` (nobody wins, order simultaneous) or ``reroll``."""
    push_bounds: Bounds = "inclusive"
    """Pushing through needs S ≤ D ≤ 2S (``inclusive``) or S < D < 2S (``exclusive``)."""
    rollover_expiry: int = 1
    """Rounds rollover outlives the round it was won in; 1: lost at the next round's end."""
    unaimed_point_blank: int = 1
    """Penalty dice for an unaimed shot at an adjacent target."""
    unaimed_in_range: int = 2
    """Penalty dice for an unaimed shot within the weapon's range."""
    unaimed_beyond: int = 3
    """Penalty dice for an unaimed shot beyond the weapon's range."""
    role_play: RolePlay = "sheet"
    """Who grants the role-playing bonus [ruling]: ``sheet`` (every combatant, person or AI,
    gets its sheet's ``role_play`` value), ``honour`` (the person at the table grants 0 to
    `role_play_max` each roll; AI opponents take their profile's value) or ``off`` (none)."""
    role_play_max: int = 3
    """The largest role-playing bonus (rulebook page 19: +1 to +3)."""
    total_defense_order_bonus: int = 2
    """Dice added to Stamina for the order roll of a combatant on total defense."""
    cannot_act_multiple: int = 1
    """Damage penalty P of at least this × Stamina stops a combatant acting."""
    helpless_multiple: int = 2
    """P above this × Stamina is helpless."""
    dead_multiple: int = 4
    """Lasting damage above this × Stamina is dead."""
    halve_rounding: Rounding = "up"
    """After the fight lasting damage is halved; the remainder is rounded ``up`` or ``down``."""
    vitality: VitalityUse = "instead"
    """Vitality replaces halving (``instead``) or the smaller remainder counts (``best``)."""
    humanity_loss: int = 1
    """Humanity lost to a failed Humanity check."""
    cloak_divisor: int = 2
    """Cloak costs attackers Power ÷ this, rounded up."""
    boosting_power: int = 1
    """A boosting demon's own Power counts as this much."""
    contain_radius: int = 1
    """Contain holds a demon within this many cells of where it stood (1: a 3×3 area)."""
    challenge_easy: int = 1
    """Difficulty dice of an easy challenge."""
    challenge_moderate: int = 2
    """Difficulty dice of a moderate challenge (2-3)."""
    challenge_hard: int = 4
    """Difficulty dice of a hard challenge (4-5)."""
    challenge_extreme: int = 6
    """Difficulty dice of an extreme challenge (6+)."""
    cover_bonus: int = 1
    """Defense dice for a combatant in cover from a shooter."""
    starting_points: int = 10
    """Points a starting character splits among Stamina, Will and Lore."""
    starting_score_min: int = 1
    """The lowest starting Stamina, Will or Lore."""
    starting_score_max: int = 6
    """The highest starting Stamina, Will or Lore."""


DEFAULT_OPTIONS: Final = SorcererOptions()
"""The default preset: the seed plus the project's rulings."""

PRESETS: Final[Mapping[str, SorcererOptions]] = {"default": DEFAULT_OPTIONS}
"""Named starting points that a scenario's ``options`` mapping then overrides."""


def _checked(key: str, value: object) -> str | int:
    """Return the value if it is legal for the key, else raise a ValueError naming both."""
    if key in _CHOICES:
        legal = _CHOICES[key]
        if type(value) is not str or value not in legal:
            wrong = f"expected one of {'|'.join(legal)}"
            alone = f"option {key}: {wrong}, got {value!r}"
            raise OptionRefused("option", key, wrong, value, alone=alone)
        return value
    minimum = _INT_MINIMUM[key]
    if type(value) is not int or value < minimum:
        wrong = f"expected an int of at least {minimum}"
        alone = f"option {key}: {wrong}, got {value!r}"
        raise OptionRefused("option", key, wrong, value, alone=alone)
    return value


def parse_options(preset: str, mapping: Mapping[str, object]) -> SorcererOptions:
    """Build options from a named preset overridden by a mapping, as a scenario states them.

    Args:
        preset: the preset's name, e.g. ``default``.
        mapping: option name → value, e.g. ``{"tie": "reroll", "rollover_expiry": 2}``.

    Returns:
        The options.

    Raises:
        ValueError: an unknown preset or key, or an illegal value; the message names the key
            and its legal values.
    """
    if preset not in PRESETS:
        known = ", ".join(sorted(PRESETS))
        alone = f"unknown preset {preset!r}; known: {known}"
        raise OptionRefused("preset", preset, f"expected one of {known}", preset, alone=alone)
    if not mapping:  # most fights change nothing: the preset itself, frozen, with no copy
        return PRESETS[preset]
    return _parsed(preset, mapping)


def _parse(preset: str, mapping: Mapping[str, object]) -> SorcererOptions:
    """The preset with each change checked (the preset is known)."""
    known = _NAMES
    changes: dict[str, str | int] = {}
    for key in sorted(mapping):
        if key not in known:
            listed = ", ".join(known)
            alone = f"unknown option {key!r}; known: {listed}"
            raise OptionRefused("option", key, f"unknown option; known: {listed}", alone=alone)
        changes[key] = _checked(key, mapping[key])
    return replace(PRESETS[preset], **changes)  # type: ignore[arg-type]


_parsed: Final = parsed_once(_parse)
"""`_parse` once for the same preset and changes."""


_NAMES: Final = tuple([f.name for f in fields(SorcererOptions)])
"""Every option's name, in declaration order."""


def options_to_mapping(options: SorcererOptions) -> dict[str, str | int]:
    """Every option and its value, in declaration order, for logs and saves."""
    return {f.name: getattr(options, f.name) for f in fields(options)}
