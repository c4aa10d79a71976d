"""Dodge, block and parry: what they roll, what they cover, and the successes they cancel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from arena.rules.commands import IllegalCommand
from arena.rules.werewolf.attack import Maneuver
from arena.rules.werewolf.frenzy import FRENZY
from arena.rules.werewolf.options import DodgeAbility
from arena.rules.werewolf.terms import Ability, AttackAbility, Attribute, DefenceKind

DODGE_DIFFICULTY: Final = 6
"""A dodge is rolled at difficulty 6 [seed]."""

COVERS: Final[Mapping[DefenceKind, tuple[AttackAbility, ...]]] = {
    "dodge": ("brawl", "melee", "firearms"),
    "block": ("brawl", "melee"),
    "parry": ("brawl", "melee"),
}
"""The attacks each defence can answer: block is hand-to-hand only, parry not against guns."""


def defence_traits(kind: DefenceKind, dodge_ability: DodgeAbility) -> tuple[Attribute, Ability]:
    """The traits a defence rolls: Dex + Dodge (or Athletics), Dex + Brawl, Dex + Melee.

    Args:
        kind: dodge, block or parry.
        dodge_ability: the ``dodge_ability`` option.

    Returns:
        (attribute, ability) to add up.
    """
    if kind == "dodge":
        return ("dexterity", dodge_ability)
    return ("dexterity", "brawl" if kind == "block" else "melee")


def defence_difficulty(kind: DefenceKind, *, block_difficulty: int, parry_difficulty: int) -> int:
    """The base difficulty of a defence: dodge 6 [seed]; block and parry from the options."""
    if kind == "dodge":
        return DODGE_DIFFICULTY
    return block_difficulty if kind == "block" else parry_difficulty


def can_defend(kind: DefenceKind, attack: Maneuver, *, frenzied: bool = False) -> bool:
    """Whether this defence may answer this attack.

    Args:
        kind: dodge, block or parry.
        attack: the maneuver or weapon coming in.
        frenzied: whether the defender is frenzied (it cannot defend at all).

    Returns:
        True if the defence's successes may cancel the attack's.
    """
    if frenzied and not FRENZY.can_defend:
        return False
    return attack.ability in COVERS[kind]


def check_defence(kind: DefenceKind, attack: Maneuver, *, frenzied: bool = False) -> None:
    """Raise IllegalCommand unless `can_defend` allows this defence against this attack."""
    if frenzied and not FRENZY.can_defend:
        raise IllegalCommand("a frenzied Garou cannot dodge, block or parry")
    if not can_defend(kind, attack):
        raise IllegalCommand(f"cannot {kind} a {attack.ability} attack ({attack.name})")


def cancel_successes(attack_net: int, defence_net: int) -> int:
    """Attack successes left after each defence success cancels one, never below 0."""
    return max(0, max(0, attack_net) - max(0, defence_net))


def abort_to_dodge(willpower_current: int, cost: int) -> int:
    """Spend Willpower to turn the next action into a dodge now [book]; returns what is left.

    Args:
        willpower_current: the Willpower pool.
        cost: the ``abort_willpower_cost`` option (1).

    Returns:
        The Willpower left.

    Raises:
        IllegalCommand: not enough Willpower.
    """
    if cost > willpower_current:
        raise IllegalCommand(
            f"aborting to a dodge costs {cost} Willpower; {willpower_current} left"
        )
    return willpower_current - cost
