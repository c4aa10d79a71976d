"""What a seasoned table knows about each way of hurting someone: damage dice and their kind.

The choices name their means (``bite``, ``club``...) but not their damage, so the AI carries
its own reading of the sheets. It is a policy's estimate, not a rule: the fight rolls the
real numbers from content. A means it does not know counts as Strength in bashing damage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Means:
    """How a means hurts, as the AI reckons it."""

    dice: int
    """Dice added to Strength; for a gun, its whole damage pool."""
    kind: str
    """``bashing``, ``lethal`` or ``aggravated``."""
    gun: bool = False
    silver: bool = False
    worth: float = 1.0
    """A share of its damage the AI counts: less for a blow that also drops the attacker."""


KNOWN: Final[dict[str, Means]] = {
    "punch": Means(0, "bashing"),
    "kick": Means(1, "bashing"),
    "claw": Means(1, "aggravated"),
    "bite": Means(1, "aggravated"),
    "body_tackle": Means(1, "bashing", worth=0.6),
    "grapple": Means(0, "bashing", worth=0.8),
    "sweep": Means(0, "bashing"),
    "disarm": Means(0, "bashing", worth=0.0),
    "bone_blades": Means(1, "lethal"),
    "spirit_lash": Means(1, "aggravated"),
    "knife": Means(1, "lethal"),
    "club": Means(2, "bashing"),
    "sword": Means(2, "lethal"),
    "klaive": Means(2, "aggravated", silver=True),
    "light_pistol": Means(4, "lethal", gun=True),
    "heavy_pistol": Means(5, "lethal", gun=True),
    "shotgun": Means(8, "lethal", gun=True),
    "silver_pistol": Means(5, "aggravated", gun=True, silver=True),
}
"""The means of the shipped sheets, as the AI reads them."""
UNKNOWN: Final = Means(0, "bashing")


def means(name: str, form: str) -> Means:
    """How a means hurts in a form (claws only bruise in Glabro; a Hispo bites harder)."""
    found = KNOWN.get(name, UNKNOWN)
    if name == "claw" and form == "Glabro":
        return Means(found.dice, "bashing")
    if name == "bite" and form == "Hispo":
        return Means(found.dice + 1, found.kind)
    return found
