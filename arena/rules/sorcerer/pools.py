"""Pool assembly: a score plus bonus dice minus penalty dice, with every modifier named."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from arena.rules.fast import quick_init, unfrozen_twin
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions

Trait = Literal["stamina", "will", "lore", "humanity", "power"]
ChallengeLevel = Literal["easy", "moderate", "hard", "extreme"]


@quick_init
@dataclass(frozen=True, slots=True)
class Modifier:
    """Dice added to (positive) or removed from (negative) a pool, and why."""

    source: str
    """What the log calls it: ``total defense``, ``lasting damage``, ``rollover from aim``..."""
    dice: int
    """Bonus dice when positive, penalty dice when negative."""


@dataclass(frozen=True, slots=True, init=False)
class DicePool:
    """A pool before rolling: its base and each modifier, so the log can explain it."""

    base_name: str
    """What the base is: ``Stamina``, ``Will``, ``snapshot ritual``, ``suck it up``..."""
    base: int
    """The base number of dice (a score, or 1 for snapshot rituals and sucking it up)."""
    modifiers: tuple[Modifier, ...] = ()
    """Every modifier applied, in the order applied; none of them is zero."""
    size: int = field(init=False, compare=False, repr=False)
    """Base + bonus − penalty; may be 0 or less (see the clobber rule). Worked out when the
    pool is made: every step reads it, again and again."""
    dice_to_roll: int = field(init=False, compare=False, repr=False)
    """How many dice this pool rolls as it stands: its size, or none if that is 0 or less."""
    bonus: int = field(init=False, compare=False, repr=False)
    """Bonus dice in total (never negative)."""
    penalty: int = field(init=False, compare=False, repr=False)
    """Penalty dice in total, as a positive number (never negative)."""

    def __init__(self, base_name: str, base: int, modifiers: tuple[Modifier, ...] = ()) -> None:
        """Fill the slots as `quick_init` fills a class this size, the totals worked out once.

        Filled as the unfrozen twin of the same slots, by plain stores: two changes of class,
        not seven calls through the slots' setters (a fight makes its pools again each round).
        """
        bonus = penalty = 0
        for m in modifiers:
            if m.dice > 0:
                bonus += m.dice
            else:
                penalty -= m.dice
        size = base + bonus - penalty
        _PUT(self, "__class__", _Parts)
        twin: Any = self
        twin.base_name = base_name
        twin.base = base
        twin.modifiers = modifiers
        twin.size = size
        twin.dice_to_roll = size if size > 0 else 0
        twin.bonus = bonus
        twin.penalty = penalty
        twin.__class__ = DicePool

    def plus(self, *modifiers: Modifier) -> DicePool:
        """The same pool with more modifiers (zero modifiers are dropped)."""
        return assemble_pool(self.base_name, self.base, (*self.modifiers, *modifiers))


_Parts = unfrozen_twin(DicePool)
"""A class of the pool's slots, not frozen: `DicePool.__init__` fills a pool as one of these."""
_PUT = object.__setattr__


def assemble_pool(base_name: str, base: int, modifiers: Iterable[Modifier] = ()) -> DicePool:
    """Assemble a pool from its base and modifiers, dropping modifiers worth zero dice.

    Args:
        base_name: what the base is, for the log.
        base: the base dice, at least 0.
        modifiers: bonuses and penalties, in the order the log should list them.

    Returns:
        The pool.

    Raises:
        ValueError: the base is negative.
    """
    if base < 0:
        raise ValueError(f"a pool's base cannot be negative, got {base}")
    mods = tuple(modifiers)
    # Most pools have no zero modifier to drop: looked for in a loop, not filtered in a
    # comprehension (a call of its own) every time.
    for m in mods:
        if not m.dice:
            return DicePool(base_name, base, tuple([m for m in mods if m.dice]))
    return DicePool(base_name, base, mods)


def challenge_pool(level: ChallengeLevel, options: SorcererOptions = DEFAULT_OPTIONS) -> DicePool:
    """The difficulty pool a challenge (climb, defuse, flee) rolls against.

    Args:
        level: how hard the task is.
        options: the rules options holding the dice per level.

    Returns:
        The difficulty's pool, named after the level.
    """
    dice = {
        "easy": options.challenge_easy,
        "moderate": options.challenge_moderate,
        "hard": options.challenge_hard,
        "extreme": options.challenge_extreme,
    }[level]
    return assemble_pool(f"{level} challenge", dice)
