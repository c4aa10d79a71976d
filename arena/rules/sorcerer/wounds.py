"""Wounds: lasting damage on every roll, temporary damage on the next roll only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arena.rules.sorcerer.damage import Damage
from arena.rules.sorcerer.pools import Modifier, Trait


@dataclass(frozen=True, slots=True, init=False)
class Wounds:
    """The damage a character carries, as penalty dice."""

    lasting: int = 0
    """Lasting damage: a penalty on every roll until healed."""
    temporary_pending: int = 0
    """Temporary damage not yet spent: a penalty on the next roll only, then it goes away."""

    total: int = field(init=False, compare=False, repr=False, metadata={"hashed": False})
    """P, the damage the thresholds look at: lasting + pending temporary (worked out once:
    every step reads it)."""

    def __init__(self, lasting: int = 0, temporary_pending: int = 0) -> None:
        """Refuse negative damage; fill the slots directly (as `DicePool` does), P worked out.

        Every hit and every roll that spends damage makes new wounds: three stores through
        ``object.__setattr__`` each were most of their cost.
        """
        if lasting < 0 or temporary_pending < 0:
            raise ValueError(f"damage cannot be negative: {lasting}, {temporary_pending}")
        _SET_LASTING(self, lasting)
        _SET_PENDING(self, temporary_pending)
        _SET_TOTAL(self, lasting + temporary_pending)

    def penalty_for_next_roll(self) -> int:
        """Penalty dice on the next roll: lasting damage plus all pending temporary damage."""
        return self.total

    def after_roll(self) -> Wounds:
        """The wounds once a roll has been made: the pending temporary damage is spent."""
        return Wounds(self.lasting, 0)

    def take(self, temporary: int, lasting: int) -> Wounds:
        """The wounds after a hit; temporary damage from several hits adds up until the next roll.

        Raises:
            ValueError: an amount is negative.
        """
        if temporary < 0 or lasting < 0:
            raise ValueError(f"damage cannot be negative: {temporary}, {lasting}")
        return Wounds(self.lasting + lasting, self.temporary_pending + temporary)

    def take_damage(self, damage: Damage) -> Wounds:
        """The wounds after a hit from the damage chart."""
        return self.take(damage.temporary, damage.lasting)


_SLOT: dict[str, Any] = dict(vars(Wounds))
"""The wounds' slot descriptors by field name: `Wounds.__init__` fills each one directly."""
_SET_LASTING = _SLOT["lasting"].__set__
_SET_PENDING = _SLOT["temporary_pending"].__set__
_SET_TOTAL = _SLOT["total"].__set__


def is_penalised(trait: Trait) -> bool:
    """Whether damage reduces a roll of this trait: every roll except a demon's Power."""
    return trait != "power"


def wound_modifiers(wounds: Wounds, trait: Trait) -> tuple[Modifier, ...]:
    """The damage penalties on a roll of this trait, lasting and temporary listed apart.

    A Power roll takes no penalty and does not spend temporary damage, so the caller should
    call `Wounds.after_roll` only when `is_penalised(trait)`.

    Args:
        wounds: the roller's wounds before the roll.
        trait: the trait the roll uses.

    Returns:
        Zero, one or two penalty modifiers (zero amounts left out).
    """
    if not is_penalised(trait):
        return ()
    found = (
        Modifier("lasting damage", -wounds.lasting),
        Modifier("temporary damage", -wounds.temporary_pending),
    )
    return tuple(m for m in found if m.dice)
