"""`--grid KEY=V1,V2,...`: the values a sweep tries for one key, and every combination of them."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Final

from arena.content.errors import shorten
from arena.sim.vary import Change, VaryError, parse_change

FLAG: Final = "--grid"
MAX_VALUES: Final = 50
"""The most values one key takes (a range counts each of its numbers)."""
MAX_CELLS: Final = 400
"""The most combinations a sweep plays."""
_RANGE: Final = re.compile(r"([0-9]{1,6})\.\.([0-9]{1,6})")
_NUMBERS: Final = re.compile(r"[0-9.]+")


class GridError(VaryError):
    """A ``--grid`` is malformed, repeats itself, or has too many values."""


@dataclass(frozen=True, slots=True)
class Axis:
    """One key of a grid and the values it takes, as the user wrote them (ranges spelled out)."""

    key: str
    values: tuple[str, ...]
    changes: tuple[Change, ...]
    """One parsed change per value, in order."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One combination of a grid: a value for each key."""

    values: tuple[str, ...]
    """A value per axis, in the axes' order."""
    changes: tuple[Change, ...]

    @property
    def texts(self) -> tuple[str, ...]:
        """The changes as ``KEY=VALUE``."""
        return tuple(c.text for c in self.changes)


def parse_axis(text: str) -> Axis:
    """Parse one ``KEY=V1,V2,...``; a value ``A..B`` stands for the whole numbers A to B.

    Raises:
        GridError: no ``=``, an empty value, a bad or reversed range, a value given twice,
            too many values; or a key or value ``--vary`` would refuse.
    """
    key, sep, listed = text.partition("=")
    if not sep or not key or not listed:
        raise GridError(
            f"{FLAG} {shorten(text)!r}: expected KEY=V1,V2,... (e.g. tom.dexterity=2..5)"
        )
    values: list[str] = []
    for item in listed.split(","):
        if not item:
            raise GridError(f"{FLAG} {shorten(text)!r}: an empty value between commas")
        values += _spelled_out(text, item)
        if len(values) > MAX_VALUES:
            raise GridError(f"{FLAG} {shorten(text)!r}: at most {MAX_VALUES} values a key")
    try:
        changes = tuple(parse_change(f"{key}={value}", FLAG) for value in values)
    except VaryError as err:
        raise GridError(str(err)) from None
    # Two spellings of one value (6 and 06) would play the same setting twice.
    first: dict[object, str] = {}
    for value, change in zip(values, changes, strict=True):
        meaning = (type(change.value), change.value)
        if meaning in first:
            earlier = first[meaning]
            said = (
                f"{shorten(value)} given twice"
                if earlier == value
                else f"{shorten(earlier)} and {shorten(value)} are one value; give it once"
            )
            raise GridError(f"{FLAG} {shorten(text)!r}: {said}")
        first[meaning] = value
    return Axis(key, tuple(values), changes)


def _spelled_out(text: str, item: str) -> list[str]:
    """A value, or the numbers of a range ``A..B``."""
    if ".." not in item:
        return [item]
    found = _RANGE.fullmatch(item)
    if found is None:
        kind = "whole numbers" if _NUMBERS.fullmatch(item) else "two whole numbers"
        raise GridError(
            f"{FLAG} {shorten(text)!r}: a range is A..B with A and B {kind} from 0 to "
            f"999,999, got {shorten(item)!r}"
        )
    low, high = int(found.group(1)), int(found.group(2))
    if low > high:
        raise GridError(
            f"{FLAG} {shorten(text)!r}: the range {item} runs backwards; write {high}..{low}"
        )
    if high - low >= MAX_VALUES:
        raise GridError(f"{FLAG} {shorten(text)!r}: at most {MAX_VALUES} values a key")
    return [str(n) for n in range(low, high + 1)]


def parse_grid(texts: tuple[str, ...]) -> tuple[Axis, ...]:
    """Parse every ``--grid``: one key each, no key twice, at most MAX_CELLS combinations.

    Raises:
        GridError: a malformed axis, a key given twice, or too many combinations.
    """
    if not texts:
        raise GridError(f"{FLAG}: give at least one KEY=V1,V2,... to sweep over")
    axes = tuple(parse_axis(text) for text in texts)
    keys = [a.key for a in axes]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise GridError(f"{FLAG} {twice[0]}: given twice; list all its values in one {FLAG}")
    cells = 1
    for axis in axes:
        cells *= len(axis.values)
    if cells > MAX_CELLS:
        sizes = " x ".join(str(len(a.values)) for a in axes)
        raise GridError(f"{FLAG}: {sizes} = {cells} combinations; at most {MAX_CELLS}")
    return axes


def cells(axes: tuple[Axis, ...]) -> tuple[Cell, ...]:
    """Every combination of the axes' values; the last axis changes fastest."""
    pairs = (tuple(zip(a.values, a.changes, strict=True)) for a in axes)
    return tuple(
        Cell(tuple(v for v, _ in combo), tuple(c for _, c in combo))
        for combo in itertools.product(*pairs)
    )
