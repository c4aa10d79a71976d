"""Argument types the subcommands share, each with its documented range."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from arena.content.bounds import RIGGED_MAX, SEED_MAX
from arena.content.errors import shorten

if TYPE_CHECKING:
    from arena.content.mapgen import MapParams

# The map generator's package loads when a map or size is parsed, not with every parser:
# `arena` builds its parser before the title menu's first frame.


def faces_arg(text: str) -> tuple[int, ...]:
    """Parse --dice: d10 faces separated by commas, e.g. "3,10,1" (at most 100,000).

    Raises:
        argparse.ArgumentTypeError: a value that is not a face from 1 to 10, or too many.
    """
    parts = text.split(",")
    if len(parts) > RIGGED_MAX:
        raise argparse.ArgumentTypeError(f"at most {RIGGED_MAX:,} faces, got {len(parts):,}")
    faces: list[int] = []
    for part in parts:
        try:
            face = int(part.strip()) if len(part.strip()) <= 3 and part.isascii() else 0
        except ValueError:
            face = 0
        if not 1 <= face <= 10:
            raise argparse.ArgumentTypeError(
                f"expected d10 faces 1-10 separated by commas, got {part.strip()[:20]!r} "
                "(not a d10 face)"
            )
        faces.append(face)
    return tuple(faces)


def whole_arg(low: int, high: int) -> Callable[[str], int]:
    """Make an argparse type that accepts a whole number from `low` to `high`.

    argparse names the option (or the positional's metavar) before the message, so the
    message names only the range and the value refused: the option is said once.

    Args:
        low: the smallest value accepted.
        high: the largest value accepted.

    Returns:
        A converter that raises argparse.ArgumentTypeError, which the parser turns into a
        one-line usage error.
    """

    def convert(text: str) -> int:
        value = _whole(text)
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low:,} to {high:,}, got {shorten(text)!r}"
            )
        return value

    return convert


def ascii_int(text: str) -> int:
    """Parse a whole number in ASCII digits, with a sign; the command checks its range.

    Raises:
        argparse.ArgumentTypeError: anything else: int() would take '٣', '1_0' or ' 5' too.
    """
    value = _whole(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shorten(text)!r}")
    return value


def _whole(text: str) -> int | None:
    """The number in `text`, or None: at most 20 ASCII digits and an optional sign only.

    As a scenario's numbers are written: int() would take '٣', '1_0' and ' 5' too.
    """
    digits = text[1:] if text[:1] in "+-" else text
    return int(text) if digits.isascii() and digits.isdigit() and len(digits) <= 20 else None


def seconds_arg(high: float) -> Callable[[str], float]:
    """Make an argparse type that accepts seconds from 0 to `high`, e.g. ``1.5``."""

    def convert(text: str) -> float:
        try:
            value = float(text) if len(text) <= 24 and text.isascii() else -1.0
        except ValueError:
            value = -1.0
        if not 0.0 <= value <= high:  # NaN fails too
            raise argparse.ArgumentTypeError(
                f"expected seconds from 0 to {high:g}, got {shorten(text)!r}"
            )
        return value

    return convert


seed_arg = whole_arg(0, SEED_MAX)
"""--seed: 0 to 2**64 - 1."""


MAP_FORM = "generate:SEED[:STYLE[:WxH[:COVER]]]"
MAP_HELP = (
    "play on a generated map: STYLE yard (default), street, rooms or ring; size WxH, each "
    "10-60 (default 20x12); COVER low, some (default) or much; an empty part keeps its "
    "default, e.g. generate:7:rooms:30x16:much or generate:7::30x16; the first side takes "
    "its west spawn points, the second its east ones"
)


def size_arg(text: str) -> tuple[int, int]:
    """Parse a map size WxH, each from 10 to 60.

    Raises:
        argparse.ArgumentTypeError: not two whole numbers joined by x, or out of range.
    """
    from arena.content.mapgen import SIZE_MAX, SIZE_MIN

    w_text, sep, h_text = text.lower().partition("x")
    ok = sep and w_text.isascii() and h_text.isascii() and w_text.isdigit() and h_text.isdigit()
    size = (int(w_text), int(h_text)) if ok and len(w_text) < 4 and len(h_text) < 4 else None
    if size is None or not all(SIZE_MIN <= n <= SIZE_MAX for n in size):
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT, each from {SIZE_MIN} to {SIZE_MAX} (e.g. 20x12), "
            f"got {shorten(text)!r}"
        )
    return size


def map_arg(text: str) -> MapParams:
    """Parse --map generate:SEED[:STYLE[:WxH[:COVER]]]; an empty or missing part is its default.

    The defaults are those of a scenario's ``map: {generate: ...}``: yard, 20x12, some cover.

    Raises:
        argparse.ArgumentTypeError: not of that form, a seed out of range, an unknown style or
            cover, or a size out of range.
    """
    from arena.content.mapgen import COVERS, STYLES, MapParams
    from arena.content.mapgen.params import DEFAULT_SIZE

    kind, _, rest = text.partition(":")
    parts = rest.split(":")
    if kind == "generate" and len(parts) > 4:  # the whole text, cut short, would hide the extra
        raise argparse.ArgumentTypeError(
            f"expected {MAP_FORM}: at most 4 parts after generate:, got {len(parts)} "
            f"(the extra: {shorten(':'.join(parts[4:]))!r})"
        )
    if kind != "generate" or not rest:
        raise argparse.ArgumentTypeError(f"expected {MAP_FORM}, got {shorten(text)!r}")
    seed_text, style, size_text, cover = (*parts, "", "", "")[:4]
    seed = _whole(seed_text)
    if seed is None or not 0 <= seed <= SEED_MAX:
        raise argparse.ArgumentTypeError(
            f"expected {MAP_FORM} with a seed from 0 to 2**64-1, got {shorten(seed_text)!r}"
        )
    if style and style not in STYLES:
        raise argparse.ArgumentTypeError(
            f"unknown style {shorten(style)!r}; the styles are {', '.join(STYLES)}"
        )
    if cover and cover not in COVERS:
        raise argparse.ArgumentTypeError(
            f"unknown cover {shorten(cover)!r}; the covers are {', '.join(COVERS)}"
        )
    size = size_arg(size_text) if size_text else DEFAULT_SIZE
    return MapParams(seed, size, style or "yard", cover or "some")  # type: ignore[arg-type]
