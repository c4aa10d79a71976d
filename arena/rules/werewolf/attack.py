"""Attacks: maneuvers and weapons as data, pools, difficulties and the damage pool."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from arena.rules.commands import IllegalCommand
from arena.rules.dice import DiceSource, StorytellerRoll, roll_open
from arena.rules.fast import quick_init
from arena.rules.werewolf.frenzy import FRENZY
from arena.rules.werewolf.options import DamageTens
from arena.rules.werewolf.terms import AttackAbility, Attribute, DamageType

DAMAGE_DIFFICULTY: Final = 6
"""Damage is rolled at difficulty 6, rerolling 10s [seed]."""

RangeBand = Literal["point_blank", "in_range", "long", "out_of_range"]
"""How far a gun's target is, against the weapon's range."""
Facing = Literal["front", "flank", "behind"]
"""Where the attacker stands relative to the target's front."""


@quick_init
@dataclass(frozen=True, slots=True)
class Maneuver:
    """A maneuver or a weapon, as content defines it: roll, difficulty, damage and flags."""

    name: str
    """Its name, e.g. ``punch``, ``claw``, ``knife``, ``heavy pistol``."""
    ability: AttackAbility
    """``brawl`` (hitting things), ``melee`` (with other things) or ``firearms`` (guns)."""
    difficulty: int
    """The base difficulty (punch 5 [seed]); for a gun, its in-range difficulty."""
    damage: int
    """Added to Strength, or a gun's whole damage pool when `adds_strength` is False."""
    damage_type: DamageType
    """The damage it does (content resolves form-dependent types such as claws)."""
    attribute: Attribute = "dexterity"
    """The attribute rolled with the ability (Strength for a grapple)."""
    adds_strength: bool = True
    """Strength is part of the damage pool (False for guns)."""
    silver: bool = False
    """Silver: unsoakable except by a Garou in breed form, to whom it is lethal."""
    needs_hands: bool = False
    """Forms without hands (Hispo, Lupus) cannot use it."""
    knockdown: bool = False
    """A hit may knock the target (and, for a tackle, the attacker) down."""
    range_yards: int = 0
    """A gun's range; 0 for hand-to-hand."""

    @property
    def ranged(self) -> bool:
        """A gun: rolled with Firearms, difficulty by range band."""
        return self.ability == "firearms"


Weapon: TypeAlias = Maneuver
"""Weapons are maneuvers with a name of their own (knife, club, pistol...)."""


def attack_pool(attribute: int, ability: int, wound_penalty: int) -> int:
    """Attribute + ability less the wound penalty, never below 0 (Dex + Brawl and so on)."""
    pool = attribute + ability - wound_penalty
    return pool if pool > 0 else 0  # not max(): every attack's pool comes here


def check_maneuver(maneuver: Maneuver, *, has_hands: bool, frenzied: bool = False) -> None:
    """Raise IllegalCommand if the combatant cannot use this maneuver now.

    Args:
        maneuver: the maneuver or weapon.
        has_hands: whether the current form has hands.
        frenzied: a frenzied Garou attacks only with claw and bite (see `frenzy.FRENZY`).
    """
    if maneuver.needs_hands and not has_hands:
        raise IllegalCommand(f"{maneuver.name} needs hands")
    if frenzied and maneuver.name not in FRENZY.maneuvers:
        allowed = " and ".join(FRENZY.maneuvers)
        raise IllegalCommand(f"a frenzied Garou attacks with {allowed}, not {maneuver.name}")


def range_band(
    distance_yards: int, range_yards: int, *, point_blank_yards: int, long_range_multiple: int
) -> RangeBand:
    """Classify a gun's target by distance [book].

    Args:
        distance_yards: distance to the target.
        range_yards: the weapon's range.
        point_blank_yards: the ``point_blank_yards`` option (2).
        long_range_multiple: the ``long_range_multiple`` option (2: up to twice the range).

    Returns:
        The band.
    """
    if distance_yards <= point_blank_yards:
        return "point_blank"
    if distance_yards <= range_yards:
        return "in_range"
    if distance_yards <= range_yards * long_range_multiple:
        return "long"
    return "out_of_range"


def gun_difficulty(
    weapon_difficulty: int,
    band: RangeBand,
    *,
    point_blank_difficulty: int,
    long_range_difficulty: int,
) -> int:
    """A gun's difficulty for a range band [book].

    Args:
        weapon_difficulty: the weapon's in-range difficulty (6).
        band: from `range_band`.
        point_blank_difficulty: the ``point_blank_difficulty`` option (4).
        long_range_difficulty: the ``long_range_difficulty`` option (8).

    Returns:
        The difficulty before facing and split penalties.

    Raises:
        IllegalCommand: the target is out of range.
    """
    if band == "out_of_range":
        raise IllegalCommand("the target is out of range")
    if band == "point_blank":
        return point_blank_difficulty
    return weapon_difficulty if band == "in_range" else long_range_difficulty


def facing_modifier(facing: Facing, *, flank_modifier: int, behind_modifier: int) -> int:
    """Difficulty change for where the attacker stands: the flank and behind options."""
    if facing == "flank":
        return flank_modifier
    return behind_modifier if facing == "behind" else 0


def attack_difficulty(base: int, *, split_penalty: int = 0, facing: int = 0) -> int:
    """The difficulty to roll: base + split penalty + facing modifier.

    It may exceed 10: the dice then count 10 and require one extra success a point.
    """
    return base + split_penalty + facing


def damage_pool(strength: int, maneuver: Maneuver, successes: int) -> int:
    """The damage pool of a hit: never split, whatever dice the attack rolled [seed].

    Args:
        strength: current Strength (form included).
        maneuver: the maneuver or weapon.
        successes: attack successes left after defences (at least 1 for a hit).

    Returns:
        Strength + bonus (or the gun's damage) + one die per success beyond the first [book].
    """
    base = strength + maneuver.damage if maneuver.adds_strength else maneuver.damage
    pool = base + successes - 1 if successes > 1 else base  # one die a success past the first
    return pool if pool > 0 else 0


@quick_init
@dataclass(frozen=True, slots=True)
class Hit:
    """An attack after defences: did it land, and with what damage pool."""

    attack_successes: int
    """Net successes of the attack roll."""
    cancelled: int
    """Attack successes cancelled by dodge, block or parry successes."""
    successes: int
    """What is left; the attack lands with 1 or more."""
    damage_pool: int
    """Dice of damage to roll; 0 when it missed."""

    @property
    def landed(self) -> bool:
        """At least one attack success survived the defences."""
        return self.successes > 0


def resolve_hit(attack_net: int, defence_net: int, strength: int, maneuver: Maneuver) -> Hit:
    """Cancel attack successes with defence successes and size the damage pool.

    Args:
        attack_net: net successes of the attack roll.
        defence_net: net successes of the target's dodge, block or parry covering it (0 if none).
        strength: the attacker's current Strength.
        maneuver: the maneuver or weapon.

    Returns:
        The hit.
    """
    # Comparisons, not min() and max(): every attack is resolved here.
    attack = attack_net if attack_net > 0 else 0
    defence = defence_net if defence_net > 0 else 0
    cancelled = defence if defence < attack else attack
    left = attack - cancelled
    pool = damage_pool(strength, maneuver, left) if left else 0
    # By position, in the fields' order: a class called with keywords gathers them in a dict.
    return Hit(attack_net, cancelled, left, pool)


def roll_damage(dice: DiceSource, pool: int, tens: DamageTens = "reroll") -> StorytellerRoll:
    """Roll damage: difficulty 6, every 10 adds a die, 1s do not cancel, no botch [seed].

    Under the ``damage_tens: plain`` house rule a 10 is one success and adds no die.
    """
    return roll_open(dice, pool, DAMAGE_DIFFICULTY, reroll_tens=tens == "reroll")


def disarms(successes: int, target_strength: int) -> bool:
    """A disarm takes the weapon when its successes exceed the target's Strength [book]."""
    return successes > target_strength
