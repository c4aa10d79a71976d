"""The closed sets of words the Werewolf rules use, as Literals with their tuples."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, TypeAlias, get_args

from arena.rules.kinds import DamageType as DamageType
from arena.rules.kinds import WerewolfKind

Template: TypeAlias = WerewolfKind
"""What a combatant is, as far as soak and regeneration care."""
DAMAGE_TYPES: Final[tuple[DamageType, ...]] = get_args(DamageType)

TEMPLATES: Final[tuple[Template, ...]] = get_args(Template)

Attribute = Literal["strength", "dexterity", "stamina", "wits", "perception"]
"""An attribute a roll can use."""
ATTRIBUTES: Final[tuple[Attribute, ...]] = get_args(Attribute)

Ability = Literal["alertness", "athletics", "brawl", "dodge", "melee", "firearms"]
"""An ability a roll can use."""
ABILITIES: Final[tuple[Ability, ...]] = get_args(Ability)

AttackAbility = Literal["brawl", "melee", "firearms"]
"""The ability an attack rolls: hitting things, hitting things with other things, guns."""
ATTACK_ABILITIES: Final[tuple[AttackAbility, ...]] = get_args(AttackAbility)

DefenceKind = Literal["dodge", "block", "parry"]
"""The three ways to cancel attack successes."""
DEFENCE_KINDS: Final[tuple[DefenceKind, ...]] = get_args(DefenceKind)

RollKind = Literal["initiative", "attack", "defence", "damage", "soak", "frenzy", "other"]
"""What a roll is for; Willpower may be spent on some of them only."""
ROLL_KINDS: Final[tuple[RollKind, ...]] = get_args(RollKind)

Breed = Literal["homid", "metis", "lupus"]
"""A Garou's birth; it fixes the breed form."""
BREEDS: Final[tuple[Breed, ...]] = get_args(Breed)

SEVERITY: Final[Mapping[DamageType, int]] = {"bashing": 0, "lethal": 1, "aggravated": 2}
"""Higher is worse: the health track keeps its boxes worst first by this rank."""
