"""Werewolf rules options: every number or choice the seed does not fix, with presets."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Final, Literal, get_args

from arena.rules.dice import Tens
from arena.rules.parsed_once import parsed_once
from arena.rules.refused import OptionRefused

Preset = Literal["seed", "w20"]
"""``seed``: the seed's turn; ``w20``: the published 20th-anniversary turn."""
PRESET_NAMES: Final[tuple[Preset, ...]] = get_args(Preset)

InitiativeRule = Literal["successes", "w20"]
RageActions = Literal["schedule", "per_point", "w20"]
MultipleActions = Literal["split", "dice_penalty"]
DodgeAbility = Literal["dodge", "athletics"]
SpiritSoak = Literal["gnosis", "willpower"]
RegenerationOrder = Literal["lethal_first", "bashing_first"]
DamageTens = Literal["reroll", "plain"]
"""``reroll``: a 10 on damage or soak adds a die [seed]; ``plain``: it counts once."""
SpecialtyRule = Literal["off", "double", "reroll"]
"""What a 10 does on a roll of an ability the character has a specialty in."""

OptionValue = str | int | bool
SWITCH_WORDS: Final[tuple[str, str]] = ("off", "on")
"""How an on/off option is written; ``True``/``False`` (what YAML makes of them) also pass."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One named option: its legal values, its default in each preset and what it does."""

    name: str
    """The key a scenario's ``options`` mapping uses."""
    description: str
    """One line for ``--help`` and the options screen."""
    seed: OptionValue
    """The default under preset ``seed``."""
    w20: OptionValue
    """The default under preset ``w20``."""
    words: tuple[str, ...] = ()
    """The legal words of a closed-set option (``off``/``on`` for a switch, stored as bool)."""
    low: int = 0
    """The smallest legal value of an int option."""
    high: int = 0
    """The largest legal value of an int option."""

    @property
    def switch(self) -> bool:
        """An on/off option, stored as a bool."""
        return self.words == SWITCH_WORDS

    @property
    def legal(self) -> str:
        """The legal values in words, for error messages."""
        if self.words:
            return "one of " + ", ".join(self.words)
        return f"an int from {self.low} to {self.high}"

    def default(self, preset: Preset) -> OptionValue:
        """The default under a preset."""
        return self.seed if preset == "seed" else self.w20


def _choice(name: str, words: tuple[str, ...], seed: str, w20: str, text: str) -> OptionSpec:
    return OptionSpec(name, text, seed, w20, words=words)


def _switch(name: str, default: bool, text: str) -> OptionSpec:
    return OptionSpec(name, text, default, default, words=SWITCH_WORDS)


def _int(name: str, legal: tuple[int, int], default: int, text: str) -> OptionSpec:
    return OptionSpec(name, text, default, default, low=legal[0], high=legal[1])


OPTION_SPECS: Final[tuple[OptionSpec, ...]] = (
    # The choices the w20 preset changes.
    _choice("initiative", get_args(InitiativeRule), "successes", "w20",
            "successes: Wits + Alertness successes are the segment; w20: 1d10 + Dex + Wits"),
    _choice("rage_actions", get_args(RageActions), "schedule", "w20",
            "schedule: 1 Rage, every 2nd segment; per_point: 1 action a point; w20: after all"),
    _choice("multiple_actions", get_args(MultipleActions), "split", "dice_penalty",
            "split: divide a pool up to Wits ways; dice_penalty: -N, -(N+1)... dice"),
    _choice("dodge_ability", get_args(DodgeAbility), "dodge", "athletics",
            "the ability a dodge rolls with Dexterity"),
    _choice("spirit_soak", get_args(SpiritSoak), "gnosis", "willpower",
            "the trait a spirit soaks with"),
    # Switches.
    _switch("stun", False, "a single attack doing at least Stamina levels costs the next action"),
    _switch("willpower_once_per_turn", True, "Willpower buys a success at most once a turn"),
    _switch("wounds_on_damage_and_soak", False, "wound penalties come off damage and soak too"),
    # Frenzy and regeneration.
    _int("moon_difficulty", (3, 10), 6, "frenzy difficulty under the moon (6: half moon)"),
    _int("frenzy_successes", (1, 10), 4, "Rage successes at or above which a Garou frenzies"),
    _int("regeneration_levels", (0, 10), 1, "levels a Garou out of breed form heals a turn"),
    _choice("regeneration_order", get_args(RegenerationOrder), "lethal_first", "lethal_first",
            "which kind of damage regeneration heals first"),
    # Difficulties.
    _int("block_difficulty", (2, 10), 6, "difficulty of a block (Dex + Brawl)"),
    _int("parry_difficulty", (2, 10), 6, "difficulty of a parry (Dex + Melee)"),
    _int("point_blank_difficulty", (2, 10), 4, "gun difficulty at point blank"),
    _int("point_blank_yards", (0, 10), 2, "the largest distance that is point blank"),
    _int("long_range_difficulty", (2, 12), 8, "gun difficulty beyond the weapon's range"),
    _int("long_range_multiple", (1, 5), 2, "beyond range means up to this many times the range"),
    _int("flank_modifier", (-5, 0), -1, "difficulty change for an attack from the flank"),
    _int("behind_modifier", (-5, 0), -2, "difficulty change for an attack from behind"),
    # Costs.
    _int("shift_rage_cost", (0, 5), 1, "Rage that shifts form without spending the action"),
    _int("stun_rage_cost", (0, 5), 1, "Rage a stunned Garou spends to act anyway"),
    _int("abort_willpower_cost", (0, 5), 1, "Willpower that aborts the next action into a dodge"),
    _int("frenzy_end_willpower_cost", (0, 5), 1, "Willpower that ends a frenzy on its action"),
    # Delirium.
    _int("delirium_berserk", (1, 11), 4, "a human's Willpower from which Delirium is berserk"),
    _int("delirium_steady", (1, 11), 5, "a human's Willpower from which it fights on"),
    # House rules for the 10s.
    _choice("damage_tens", get_args(DamageTens), "reroll", "reroll",
            "reroll: a 10 on damage or soak adds a die; plain: counted once, like any success"),
    _choice("specialty", get_args(SpecialtyRule), "off", "off",
            "a 10 rolled with a specialty's ability: off, double (two successes), reroll"),
)  # fmt: skip
"""Every option, in the order logs and saves list them."""

_SPECS: Final[Mapping[str, OptionSpec]] = {spec.name: spec for spec in OPTION_SPECS}
_DEFAULTS: Final[Mapping[Preset, Mapping[str, OptionValue]]] = {
    preset: {spec.name: spec.default(preset) for spec in OPTION_SPECS} for preset in PRESET_NAMES
}
"""Each preset's defaults, worked out once: every fight parses its options."""


@dataclass(frozen=True, slots=True)
class WerewolfOptions:
    """The options in force for one fight; see `OPTION_SPECS` for what each one does."""

    preset: Preset
    initiative: InitiativeRule
    rage_actions: RageActions
    multiple_actions: MultipleActions
    dodge_ability: DodgeAbility
    spirit_soak: SpiritSoak
    stun: bool
    willpower_once_per_turn: bool
    wounds_on_damage_and_soak: bool
    moon_difficulty: int
    frenzy_successes: int
    regeneration_levels: int
    regeneration_order: RegenerationOrder
    block_difficulty: int
    parry_difficulty: int
    point_blank_difficulty: int
    point_blank_yards: int
    long_range_difficulty: int
    long_range_multiple: int
    flank_modifier: int
    behind_modifier: int
    shift_rage_cost: int
    stun_rage_cost: int
    abort_willpower_cost: int
    frenzy_end_willpower_cost: int
    delirium_berserk: int
    delirium_steady: int
    damage_tens: DamageTens
    specialty: SpecialtyRule


def _checked(spec: OptionSpec, value: object) -> OptionValue:
    """Return the value as stored if it is legal for the option, else raise naming both."""
    if spec.switch:
        if type(value) is bool:
            return value
        if type(value) is str and value in SWITCH_WORDS:
            return value == "on"
    elif spec.words:
        if type(value) is str and value in spec.words:
            return value
        if value is False and "off" in spec.words:
            return "off"  # an unquoted off, as YAML 1.1 reads it
    elif type(value) is int and spec.low <= value <= spec.high:
        return value
    wrong = f"expected {spec.legal}"
    alone = f"option {spec.name!r}: {wrong}, got {value!r}"
    raise OptionRefused("option", spec.name, wrong, value, alone=alone)


def parse_options(preset: str, mapping: Mapping[str, object]) -> WerewolfOptions:
    """Build the options of a fight: a preset's defaults overridden by a scenario's mapping.

    Args:
        preset: ``seed`` or ``w20``.
        mapping: option name → value, e.g. ``{"rage_actions": "per_point", "stun": "on"}``.

    Returns:
        The options.

    Raises:
        ValueError: an unknown preset or option, or an illegal value; the message names the key
            and its legal values.
    """
    return _parsed(preset, mapping)


def _parse(preset: str, mapping: Mapping[str, object]) -> WerewolfOptions:
    """`parse_options` itself: the options made afresh and checked."""
    if preset not in PRESET_NAMES:
        wrong = f"expected one of {', '.join(PRESET_NAMES)}"
        raise OptionRefused("preset", preset, wrong, preset, alone=f"preset {preset!r}: {wrong}")
    values: dict[str, object] = {"preset": preset}
    values.update(_DEFAULTS[preset])
    for key in sorted(mapping):
        spec = _SPECS.get(key)
        if spec is None:
            near = difflib.get_close_matches(key, list(_SPECS), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            listed = ", ".join(_SPECS)
            alone = f"unknown option {key!r}{hint}; known: {listed}"
            wrong = f"unknown option{hint}; known: {listed}"
            raise OptionRefused("option", key, wrong, alone=alone)
        values[key] = _checked(spec, mapping[key])
    options = WerewolfOptions(**values)  # type: ignore[arg-type]
    if options.delirium_berserk > options.delirium_steady:
        wrong = f"expected at most delirium_steady ({options.delirium_steady})"
        berserk = options.delirium_berserk
        alone = f"option 'delirium_berserk': {wrong}, got {berserk}"
        raise OptionRefused("option", "delirium_berserk", wrong, berserk, alone=alone)
    return options


_parsed: Final = parsed_once(_parse)
"""`_parse` once for the same preset and changes."""


def options_to_mapping(options: WerewolfOptions) -> dict[str, str | int]:
    """Every option but the preset, as a scenario writes it (switches as off/on), for saves.

    ``parse_options(options.preset, options_to_mapping(options))`` gives the options back.
    """
    out: dict[str, str | int] = {}
    for field in fields(options)[1:]:
        value = getattr(options, field.name)
        out[field.name] = SWITCH_WORDS[value] if type(value) is bool else value
    return out


SEED_OPTIONS: Final = parse_options("seed", {})
"""The default preset: the seed's flow plus the project's rulings."""
W20_OPTIONS: Final = parse_options("w20", {})
"""The published 20th-anniversary turn order and its book rules."""


def specialty_tens(rule: SpecialtyRule, ability: str, specialties: tuple[str, ...]) -> Tens:
    """What the 10s of a roll do: the ``specialty`` rule if its ability is a specialty, else off."""
    return rule if ability and ability in specialties else "off"
