"""Werewolf definitions: characters and maneuvers, as content files declare them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from arena.content.registry import register_section

Kind = Literal["garou", "human", "spirit", "fomor"]
DamageType = Literal["bashing", "lethal", "aggravated"]
Ability = Literal["brawl", "melee", "firearms", "dodge", "athletics"]


@dataclass(frozen=True, slots=True)
class Attributes:
    """The physical and mental attributes combat uses."""

    strength: int
    dexterity: int
    stamina: int
    wits: int
    perception: int = 2


@dataclass(frozen=True, slots=True)
class Abilities:
    """The abilities combat uses; 0 when left out."""

    alertness: int = 0
    athletics: int = 0
    brawl: int = 0
    dodge: int = 0
    melee: int = 0
    firearms: int = 0


@dataclass(frozen=True, slots=True)
class WerewolfCharacter:
    """A character sheet: Garou, human, fomor or spirit."""

    name: str
    glyph: str
    kind: Kind
    attributes: Attributes
    willpower: int
    abilities: Abilities = field(default_factory=Abilities)
    description: str = ""
    rage: int = 0
    gnosis: int = 0
    maneuvers: tuple[str, ...] = field(default=("punch",), metadata={"ref": "werewolf/maneuvers"})


@dataclass(frozen=True, slots=True)
class Maneuver:
    """An attack: the ability it rolls with Dexterity, its difficulty and its damage."""

    name: str
    ability: Ability
    difficulty: int
    damage_bonus: int
    damage_type: DamageType
    description: str = ""


register_section("werewolf", "characters", WerewolfCharacter)
register_section("werewolf", "maneuvers", Maneuver)
