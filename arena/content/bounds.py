"""Ranges every number and list in a file must keep, checked by the loader with file, line and key.

A field declares its range in its type, ``Annotated[int, Range(0, 10)]``, as a name declares its
shape (`Name`, `Glyph`); the ranges are listed, with the reasons for them, in
``docs/scenarios.md``, and a test holds the two together.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Annotated, Final

from arena.content.errors import quote

SEED_MAX: Final = 2**64 - 1
"""Seeds are 64-bit: 0 to 18,446,744,073,709,551,615."""
INT_DIGITS: Final = 20
"""No number in a file has more digits than a 64-bit seed."""
RIGGED_MAX: Final = 100_000
"""The most rigged faces a scenario, a save or ``--dice`` may deal."""
ROUNDS_MAX: Final = 1000
"""The most rounds (Sorcerer) or turns (Werewolf) a fight may last."""
NAME_MAX: Final = 40
"""The most characters of a name (a combatant, a character, a weapon, a map...): panels are
narrow, and a name is shown whole in each of them."""
TITLE_MAX: Final = 80
"""The most characters of a scenario's title: one line of a menu or a log's heading."""
LINE_BREAKS: Final = frozenset("\n\r\t\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""What breaks a line, or moves along it, on some terminal or in some viewer."""
HIDDEN: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories a name may not hold: controls, format marks (bidirectional overrides,
zero-width spaces and joiners), separators of lines and paragraphs, unassigned code points."""


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
    """A name shown on one line: not blank, every character a visible one, at most ``most``."""

    most: int = NAME_MAX

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not such a name, or None."""
        return name_problem(value, self.most) if isinstance(value, str) else None


@dataclass(frozen=True, slots=True)
class OneCell:
    """A glyph drawn on the map: one character that takes one cell of a terminal."""

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not such a glyph, or None."""
        return glyph_problem(value) if isinstance(value, str) else None


@dataclass(frozen=True, slots=True)
class Distinct:
    """A list that names each thing once (weapons, maneuvers, forms...)."""

    def problem(self, value: object) -> str | None:
        """The first item listed a second time, or None."""
        if not isinstance(value, tuple):
            return None
        seen: set[object] = set()
        for index, item in enumerate(value):
            if item in seen:
                return f"lists {quote(str(item))} twice (again at [{index}]): name each once"
            seen.add(item)
        return None


def name_problem(text: str, most: int = NAME_MAX) -> str | None:
    """Why ``text`` cannot be a name shown on one line of a panel, a log or a table, or None.

    A name may not be empty or blank (zero-width marks alone are blank), begin with a
    combining mark, break its line, hold a control or format character (a bidirectional
    override would turn the text around it) or be longer than ``most`` characters.
    """
    broken = next((char for char in text if char in LINE_BREAKS), None)
    if broken in ("\n", "\t"):
        return "must be one line: remove the line break or tab"
    if broken is not None:
        return f"must be one line: remove the line or paragraph break U+{ord(broken):04X}"
    hidden = next((char for char in text if unicodedata.category(char) in HIDDEN), None)
    if hidden is not None:
        return f"holds the invisible or control character U+{ord(hidden):04X}: remove it"
    if not text.strip():
        return "must not be empty or blank"
    if unicodedata.category(text[0]).startswith("M"):
        # A lone accent has nothing of its own to sit on: it lands on the cell before.
        return f"must not begin with the combining mark U+{ord(text[0]):04X}"
    if len(text) > most:
        return f"holds at most {most} characters, got {len(text):,}"
    return None


def glyph_problem(text: str) -> str | None:
    """Why ``text`` cannot be drawn as one map cell, or None."""
    if len(text) != 1:
        return f"must be one character, got {len(text):,}"
    category = unicodedata.category(text)
    if category in HIDDEN or category.startswith(("Z", "M")):
        return f"must be a visible character, got U+{ord(text):04X}"
    if unicodedata.east_asian_width(text) in ("W", "F"):
        return f"must take one cell of a terminal; U+{ord(text):04X} takes two"
    return None


Bound = Range | Length | OneLine | OneCell | Distinct


def _show(value: int) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"a number of {len(text)} digits"


Name = Annotated[str, OneLine()]
"""A name shown on the map's panels, in the log and in tables: one line (see `name_problem`)."""
Title = Annotated[str, OneLine(TITLE_MAX)]
"""A scenario's title: a name of up to `TITLE_MAX` characters."""
Glyph = Annotated[str, OneCell()]
"""The character a combatant is drawn as on the map."""
Names = Annotated[tuple[str, ...], Distinct()]
"""Names of entries (weapons, maneuvers, forms...), each listed once."""
Trait = Annotated[int, Range(0, 10)]
"""A trait or score on a sheet: dots in Werewolf, dice in Sorcerer."""
Face = Annotated[int, Range(1, 10)]
"""A d10 face."""
Difficulty = Annotated[int, Range(2, 10)]
"""A Storyteller difficulty as content states it."""
Seed = Annotated[int, Range(0, SEED_MAX)]
Rounds = Annotated[int, Range(1, ROUNDS_MAX)]

NULL_CHECKS_NOTHING: Final = "null_checks_nothing"
"""Field metadata: what to write instead of a null, which would be read as the key left out.

A check written as null would never be made, so the file passes whatever the fight does.
"""
EMPTY_IS_NONE: Final = "empty_is_none"
"""Field metadata: an empty name in this reference means none (a check says whether that is
allowed), rather than naming an entry that must exist."""
