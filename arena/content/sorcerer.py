"""Sorcerer definitions: characters and the damage chart, as content files declare them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from arena.content.registry import register_section

Kind = Literal["human", "sorcerer", "demon"]


@dataclass(frozen=True, slots=True)
class SorcererCharacter:
    """A character: scores are numbers of dice."""

    name: str
    glyph: str
    kind: Kind
    stamina: int
    will: int
    lore: int = 0
    humanity: int = 0
    power: int = 0
    description: str = ""
    weapons: tuple[str, ...] = field(default=("fists",), metadata={"ref": "sorcerer/damage"})


@dataclass(frozen=True, slots=True)
class DamageRow:
    """A row of the damage chart: temporary and lasting damage as X times a fraction plus a sum.

    Each amount is ``ceil(X * per_victory_num / per_victory_den) + flat (+ Power if power)``.
    """

    name: str
    temporary_per_victory: int
    temporary_flat: int
    lasting_per_victory_num: int
    lasting_flat: int
    lasting_per_victory_den: int = 1
    description: str = ""


register_section("sorcerer", "characters", SorcererCharacter)
register_section("sorcerer", "damage", DamageRow)
