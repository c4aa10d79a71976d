"""Soak: who may soak what, with which trait, and the damage levels that get through."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from arena.rules.dice import DiceSource, StorytellerRoll, roll_open
from arena.rules.fast import quick_init
from arena.rules.werewolf.attack import roll_damage
from arena.rules.werewolf.options import DamageTens, SpiritSoak
from arena.rules.werewolf.terms import DamageType, Template

SOAK_DIFFICULTY: Final = 6
"""Soak is rolled at difficulty 6, rerolling 10s [seed]."""

SoakTrait = Literal["stamina", "gnosis", "willpower"]
"""The trait a soak pool is made of."""


def damage_type_taken(
    template: Template, damage_type: DamageType, *, silver: bool, breed_form: bool
) -> DamageType:
    """The kind of damage the target takes: silver is lethal to a Garou in breed form [book]."""
    if silver and template == "garou" and breed_form:
        return "lethal"
    return damage_type


def can_soak(
    template: Template, damage_type: DamageType, *, silver: bool = False, breed_form: bool = False
) -> bool:
    """Who may soak what [book].

    Humans (and fomori, for whom the rules say nothing more [ruling]) soak bashing only.
    Garou soak bashing and lethal in every form and aggravated in any form but their breed
    form. Nobody soaks silver except a Garou in breed form, to whom it is lethal; that
    "nobody" includes spirits [ruling]. Spirits soak everything else.

    Args:
        template: what the target is.
        damage_type: the damage as the attack deals it.
        silver: the attack is silver.
        breed_form: a Garou target is in its breed form.

    Returns:
        True if the target rolls soak.
    """
    if silver:
        return template == "garou" and breed_form
    if template == "spirit":
        return True
    if template == "garou":
        return damage_type != "aggravated" or not breed_form
    return damage_type == "bashing"


def soak_trait(template: Template, spirit_soak: SpiritSoak) -> SoakTrait:
    """Stamina, or for a spirit the ``spirit_soak`` option: Gnosis [seed] or Willpower (w20)."""
    return spirit_soak if template == "spirit" else "stamina"


def soak_pool(trait: int, wound_penalty: int = 0) -> int:
    """The soak pool: the trait, less the wound penalty only under ``wounds_on_damage_and_soak``."""
    pool = trait - wound_penalty
    return pool if pool > 0 else 0  # not max(): every soak comes here


def roll_soak(dice: DiceSource, pool: int, tens: DamageTens = "reroll") -> StorytellerRoll:
    """Roll soak: difficulty 6, every 10 adds a die, 1s do not cancel, no botch [seed].

    Under the ``damage_tens: plain`` house rule a 10 is one success and adds no die.
    """
    return roll_open(dice, pool, SOAK_DIFFICULTY, reroll_tens=tens == "reroll")


def levels_after_soak(damage_successes: int, soak_successes: int) -> int:
    """Damage levels taken: each soak success removes one damage success [seed]."""
    left = damage_successes - soak_successes if soak_successes > 0 else damage_successes
    return left if left > 0 else 0  # not max(): every soak comes here


def levels_through_soak(hits: Sequence[float], saved: Sequence[float]) -> float:
    """The levels `levels_after_soak` leaves, expected over a damage roll and a soak roll.

    Args:
        hits: the damage roll's chance of each number of successes (0, 1, 2...).
        saved: the soak roll's, the same way; ``(1.0,)`` when nothing is soaked.
    """
    # Added up in the order `sum` over every pair (d, s) with s < d would: the AI compares
    # these figures, so the same sums, bit for bit. Each soak below the damage leaves d - s
    # (`levels_after_soak`), so the pairs are walked without a call or a test each.
    total: float = 0
    for d, pd in enumerate(hits):
        if pd:
            for s, ps in zip(range(d), saved, strict=False):
                total += (d - s) * pd * ps
    return total


@quick_init
@dataclass(frozen=True, slots=True)
class Damage:
    """A landed blow's damage after soak."""

    damage: StorytellerRoll
    """The damage roll."""
    soak: StorytellerRoll | None
    """The soak roll; None when there was nothing to soak or the target may not soak it."""
    soakable: bool
    """Whether the target may soak this damage at all."""
    damage_type: DamageType
    """The kind of damage the target takes."""
    levels: int
    """Health levels (or Essence for a spirit) the target loses."""


def resolve_damage(
    dice: DiceSource,
    damage_pool: int,
    *,
    template: Template,
    damage_type: DamageType,
    soak_dice: int,
    silver: bool = False,
    breed_form: bool = False,
    tens: DamageTens = "reroll",
) -> Damage:
    """Roll damage, then soak if the target may, and count the levels taken.

    Args:
        dice: where the faces come from: the damage faces first, then any soak faces.
        damage_pool: from `attack.damage_pool`, never split.
        template: what the target is.
        damage_type: the damage as the attack deals it.
        soak_dice: the target's soak pool (see `soak_trait` and `soak_pool`).
        silver: the attack is silver.
        breed_form: a Garou target is in its breed form.
        tens: the ``damage_tens`` option: 10s on damage and soak rerolled, or counted once.

    Returns:
        The rolls and the levels taken.
    """
    damage = roll_damage(dice, damage_pool, tens)
    soakable = can_soak(template, damage_type, silver=silver, breed_form=breed_form)
    # No soak dice are rolled against a damage roll that did nothing.
    soak = roll_soak(dice, soak_dice, tens) if soakable and damage.net > 0 else None
    levels = levels_after_soak(damage.net, soak.net if soak else 0)
    taken = damage_type_taken(template, damage_type, silver=silver, breed_form=breed_form)
    return Damage(damage=damage, soak=soak, soakable=soakable, damage_type=taken, levels=levels)
