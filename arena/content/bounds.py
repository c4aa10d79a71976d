"""Ranges every number and list in a file must keep, checked by the loader with file, line and key.

A field declares its range in its type, ``Annotated[int, Range(0, 10)]``; the ranges are listed,
with the reasons for them, in ``docs/scenarios.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Final

SEED_MAX: Final = 2**64 - 1
"""Seeds are 64-bit: 0 to 18,446,744,073,709,551,615."""
INT_DIGITS: Final = 20
"""No number in a file has more digits than a 64-bit seed."""
RIGGED_MAX: Final = 100_000
"""The most rigged faces a scenario, a save or ``--dice`` may deal."""
ROUNDS_MAX: Final = 1000
"""The most rounds (Sorcerer) or turns (Werewolf) a fight may last."""


@dataclass(frozen=True, slots=True)
class Range:
    """A whole number from ``low`` to ``high``, both included."""

    low: int
    high: int

    def problem(self, value: object) -> str | None:
        """Why ``value`` is out of range, or None."""
        if isinstance(value, int) and not self.low <= value <= self.high:
            return f"must be {self.low} to {self.high}, got {_show(value)}"
        return None


@dataclass(frozen=True, slots=True)
class Length:
    """A list or a text of ``low`` to ``high`` items or characters."""

    low: int
    high: int

    def problem(self, value: object) -> str | None:
        """Why ``value`` is too short or too long, or None."""
        if not isinstance(value, str | tuple) or self.low <= len(value) <= self.high:
            return None
        noun = "characters" if isinstance(value, str) else "items"
        if len(value) < self.low:
            return "must not be empty" if self.low == 1 else f"needs at least {self.low} {noun}"
        return f"holds at most {self.high:,} {noun}, got {len(value):,}"


@dataclass(frozen=True, slots=True)
class OneLine:
    """A text shown on one line (a name): no line break or tab in it."""

    def problem(self, value: object) -> str | None:
        """Why ``value`` does not fit on one line, or None."""
        if isinstance(value, str) and ("\n" in value or "\t" in value):
            return "must be one line: remove the line break or tab"
        return None


Bound = Range | Length | OneLine


def _show(value: int) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"a number of {len(text)} digits"


Name = Annotated[str, OneLine()]
"""A name shown on the map's panels, in the log and in tables: one line."""
Trait = Annotated[int, Range(0, 10)]
"""A trait or score on a sheet: dots in Werewolf, dice in Sorcerer."""
Face = Annotated[int, Range(1, 10)]
"""A d10 face."""
Difficulty = Annotated[int, Range(2, 10)]
"""A Storyteller difficulty as content states it."""
Seed = Annotated[int, Range(0, SEED_MAX)]
Rounds = Annotated[int, Range(1, ROUNDS_MAX)]
