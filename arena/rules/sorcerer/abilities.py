"""Demon abilities in a fight: Boost, Cloak, Protection, Psychic Force, Hop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from arena.rules.commands import IllegalCommand
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions
from arena.rules.sorcerer.pools import DicePool, Modifier, assemble_pool
from arena.rules.sorcerer.reactions import Defence, Reaction, defence_pool

AttackKind = Literal["psychic_force", "special_damage", "mundane"]
"""What an attack is, as far as Protection cares."""


def boost(power: int, dice: int, trait: Literal["stamina", "will"]) -> Modifier:
    """Boost: the demon adds up to its Power in dice to its master's Stamina or Will this round.

    Raises:
        IllegalCommand: fewer than 1 or more than Power dice.
    """
    if not 1 <= dice <= power:
        raise IllegalCommand(f"Boost adds 1 to {power} dice, not {dice}")
    return Modifier(f"Boost ({trait})", dice)


def effective_power(
    power: int, *, boosting: bool, options: SorcererOptions = DEFAULT_OPTIONS
) -> int:
    """The demon's Power for its own rolls and damage: while it boosts, it counts as 1."""
    return min(power, options.boosting_power) if boosting else power


def cloak_penalty(power: int, options: SorcererOptions = DEFAULT_OPTIONS) -> Modifier:
    """Cloak: attackers of the demon lose Power ÷ 2 dice, rounded up, until it acts."""
    lost = -(-power // options.cloak_divisor)  # integer ⌈Power ÷ divisor⌉
    return Modifier("Cloak", -lost)


def protection_bonus(power: int, attack: AttackKind) -> Modifier:
    """Protection: Power dice to defend against Psychic Force and Special Damage, else none."""
    return Modifier("Protection", power if attack != "mundane" else 0)


def psychic_force_attack(power: int, modifiers: Sequence[Modifier] = ()) -> DicePool:
    """The Psychic Force attack pool: the demon's Power (damage never reduces Power)."""
    return assemble_pool("Power", power, modifiers)


def psychic_force_defence(
    *,
    will: int,
    has_acted: bool,
    reaction: Reaction | None,
    protection_power: int = 0,
    modifiers: Sequence[Modifier] = (),
) -> Defence:
    """The defence against Psychic Force: Will in place of Stamina, plus any Protection.

    Its damage is the non-lethal Special Damage row of the chart.
    """
    mods = (*modifiers, protection_bonus(protection_power, "psychic_force"))
    return defence_pool(
        stamina=will, has_acted=has_acted, reaction=reaction, modifiers=mods, score_name="Will"
    )


def hop_range(power: int) -> int:
    """Hop: cells the demon may move as its action, ignoring obstacles."""
    return power
