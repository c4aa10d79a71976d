"""Health: the Garou and human health track, a spirit's Essence, and regeneration."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from arena.rules.fast import quick_init
from arena.rules.werewolf.options import RegenerationOrder
from arena.rules.werewolf.terms import SEVERITY, DamageType, Template


@dataclass(frozen=True, slots=True)
class HealthLevel:
    """One box of the health track."""

    name: str
    """Its name, e.g. ``Hurt``."""
    penalty: int
    """Dice lost while this is the worst level filled."""
    incapacitated: bool = False
    """Filling it puts the combatant out of the fight."""


HEALTH_LEVELS: Final[tuple[HealthLevel, ...]] = (
    HealthLevel("Bruised", 0),
    HealthLevel("Hurt", 1),
    HealthLevel("Injured", 1),
    HealthLevel("Wounded", 2),
    HealthLevel("Mauled", 2),
    HealthLevel("Crippled", 5),
    HealthLevel("Incapacitated", 0, incapacitated=True),
)
"""The book's seven levels; a track may be given others as data."""
_BOOK_WORST: Final = max(level.penalty for level in HEALTH_LEVELS)
"""The worst penalty of the book's track: what an incapacitated combatant has."""


_WORST_FIRST: Final[tuple[DamageType, ...]] = tuple(
    sorted(SEVERITY, key=lambda kind: -SEVERITY[kind])
)
"""The kinds of damage, worst first (each has a rank of its own)."""


def _worst_first(boxes: list[DamageType]) -> tuple[DamageType, ...]:
    # The kinds gathered worst first: the order a sort by rank gives, without a key call a box
    # (each kind counted in one pass of its own, not compared box by box).
    found: tuple[DamageType, ...] = ()
    for kind in _WORST_FIRST:
        found += (kind,) * boxes.count(kind)
    return found


@quick_init
@dataclass(frozen=True, slots=True)
class HealthTrack:
    """Filled boxes, worst damage first, and whether damage went past the last box [book]."""

    boxes: tuple[DamageType, ...] = ()
    """One entry per filled level, aggravated first, then lethal, then bashing."""
    dead: bool = False
    """Lethal or aggravated damage went past Incapacitated."""
    levels: tuple[HealthLevel, ...] = field(default=HEALTH_LEVELS, repr=False)
    """The track's levels, best first."""

    def apply(self, damage_type: DamageType, levels: int) -> HealthTrack:
        """Take `levels` levels of damage, one at a time.

        Each level fills the next box, and the boxes stay sorted worst first, so lethal and
        aggravated push bashing down the track. Past the last box, bashing turns the least
        severe bashing box into lethal; lethal or aggravated, or bashing with no bashing box
        left to turn, kills [book; the last case is a ruling].

        Args:
            damage_type: the kind of damage taken (after `soak.damage_type_taken`).
            levels: how many levels, 0 or more.

        Returns:
            The new track.

        Raises:
            ValueError: a negative number of levels.
        """
        if levels < 0:
            raise ValueError(f"cannot take {levels} levels of damage")
        boxes, dead = list(self.boxes), self.dead
        room = len(self.levels)
        # Sorted once at the end: which box holds what does not change which box a level
        # fills or turns (the count does), so the result is the same as sorting each time.
        for _ in range(levels):
            if dead:
                break
            if len(boxes) < room:
                boxes.append(damage_type)
            elif damage_type == "bashing" and "bashing" in boxes:
                boxes[boxes.index("bashing")] = "lethal"  # any bashing box: they are alike
            else:
                dead = True
        return HealthTrack(_worst_first(boxes), dead, self.levels)

    def heal(self, damage_type: DamageType, levels: int = 1) -> HealthTrack:
        """Remove up to `levels` boxes of one kind of damage (nothing heals the dead)."""
        if self.dead or levels <= 0:
            return self
        boxes = list(self.boxes)
        for _ in range(min(levels, boxes.count(damage_type))):
            boxes.remove(damage_type)
        return HealthTrack(_worst_first(boxes), self.dead, self.levels)

    def count(self, damage_type: DamageType) -> int:
        """How many boxes hold this kind of damage."""
        return self.boxes.count(damage_type)

    @property
    def incapacitated(self) -> bool:
        """Out of the fight: the last box is filled (or dead)."""
        return self.dead or (bool(self.boxes) and self.levels[len(self.boxes) - 1].incapacitated)

    @property
    def penalty(self) -> int:
        """Dice lost to wounds; once incapacitated, the worst penalty on the track."""
        boxes = self.boxes
        if not boxes:
            return 0
        # `incapacitated` read in place: every pool and every view asks for the penalty.
        level = self.levels[len(boxes) - 1]
        if self.dead or level.incapacitated:
            if self.levels is HEALTH_LEVELS:
                return _BOOK_WORST
            return max([level.penalty for level in self.levels])
        return level.penalty

    def __contains__(self, damage_type: object) -> bool:
        return damage_type in self.boxes


REGENERATION_ORDERS: Final[Mapping[RegenerationOrder, tuple[DamageType, DamageType]]] = {
    "lethal_first": ("lethal", "bashing"),
    "bashing_first": ("bashing", "lethal"),
}
"""Which kind regeneration heals first; aggravated does not heal in a fight [book]."""


def regenerates(template: Template, *, breed_form: bool) -> bool:
    """A Garou out of its breed form regenerates at the end of each turn [book]."""
    return template == "garou" and not breed_form


def regenerate(track: HealthTrack, levels: int, order: RegenerationOrder) -> HealthTrack:
    """Heal up to `levels` bashing or lethal levels in the option's order (end of turn).

    Args:
        track: the Garou's track.
        levels: the ``regeneration_levels`` option (1).
        order: the ``regeneration_order`` option.

    Returns:
        The healed track.
    """
    for kind in REGENERATION_ORDERS[order]:
        healed = min(levels, track.count(kind))
        track = track.heal(kind, healed)
        levels -= healed
    return track


@dataclass(frozen=True, slots=True)
class EssenceTrack:
    """A spirit's health: Essence points; at 0 it dissipates [book]."""

    current: int
    """Essence left."""
    maximum: int
    """Essence at full strength."""

    def apply(self, levels: int) -> EssenceTrack:
        """Lose one Essence per level of damage of any kind, never below 0."""
        if levels < 0:
            raise ValueError(f"cannot take {levels} levels of damage")
        return EssenceTrack(max(0, self.current - levels), self.maximum)

    @property
    def dissipated(self) -> bool:
        """No Essence left: the spirit is out of the fight."""
        return self.current <= 0

    @property
    def penalty(self) -> int:
        """Spirits suffer no wound penalties."""
        return 0
