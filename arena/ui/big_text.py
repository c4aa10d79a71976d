"""Large type for the projector: a small block-letter font drawn with half blocks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

PIXEL_ROWS: Final = 5
"""Every glyph is five pixels high; two pixels share a row of the terminal."""

_GLYPHS: Final[Mapping[str, str]] = {
    # Each glyph: five rows of its pixels, '#' drawn, '.' blank, rows split by '/'.
    "A": ".#./#.#/###/#.#/#.#",
    "B": "##./#.#/##./#.#/##.",
    "C": ".##/#../#../#../.##",
    "D": "##./#.#/#.#/#.#/##.",
    "E": "###/#../##./#../###",
    "F": "###/#../##./#../#..",
    "G": ".##/#../#.#/#.#/.##",
    "H": "#.#/#.#/###/#.#/#.#",
    "I": "###/.#./.#./.#./###",
    "J": "..#/..#/..#/#.#/.#.",
    "K": "#.#/#.#/##./#.#/#.#",
    "L": "#../#../#../#../###",
    "M": "#...#/##.##/#.#.#/#...#/#...#",
    "N": "#..#/##.#/#.##/#..#/#..#",
    "O": ".#./#.#/#.#/#.#/.#.",
    "P": "##./#.#/##./#../#..",
    "Q": ".#./#.#/#.#/#.#/.##",
    "R": "##./#.#/##./#.#/#.#",
    "S": ".##/#../.#./..#/##.",
    "T": "###/.#./.#./.#./.#.",
    "U": "#.#/#.#/#.#/#.#/###",
    "V": "#.#/#.#/#.#/#.#/.#.",
    "W": "#...#/#...#/#.#.#/##.##/#...#",
    "X": "#.#/#.#/.#./#.#/#.#",
    "Y": "#.#/#.#/.#./.#./.#.",
    "Z": "###/..#/.#./#../###",
    "0": "###/#.#/#.#/#.#/###",
    "1": ".#./##./.#./.#./###",
    "2": ".#./#.#/..#/.#./###",  # a round top: "##./..#/..." read as a Z
    "3": "##./..#/.#./..#/##.",
    "4": "#.#/#.#/###/..#/..#",
    "5": "###/#../##./..#/##.",
    "6": ".##/#../###/#.#/###",
    "7": "###/..#/.#./.#./.#.",
    "8": "###/#.#/###/#.#/###",
    "9": "###/#.#/###/..#/##.",
    " ": "../../../../..",
    ".": "././././#",
    ",": "./././#/#",
    ":": "./#/./#/.",
    "-": ".../.../###/.../...",
    "+": ".../.#./###/.#./...",
    "=": ".../###/.../###/...",
    "/": "..#/..#/.#./#../#..",
    "(": ".#/#./#./#./.#",
    ")": "#./.#/.#/.#/#.",
    "§": ".##/#../###/..#/##.",
    "?": "##./..#/.#./.../.#.",
    "!": "#/#/#/./#",
    "'": "#/#/././.",
    "%": "#.#/..#/.#./#../#.#",
    ">": "#../.#./..#/.#./#..",
    "<": "..#/.#./#../.#./..#",
    "→": "..../..#./####/..#./....",
    "·": "./././#/.",
}


def _pixels(glyph: str) -> list[str]:
    return glyph.split("/")


def glyph_width(char: str) -> int:
    """Columns one character takes at scale 1 (without the space after it)."""
    return len(_pixels(_GLYPHS.get(char.upper(), _GLYPHS["?"]))[0])


def text_width(text: str, scale: int = 1) -> int:
    """Columns a line of large text takes at `scale`."""
    if not text:
        return 0
    return scale * (sum(glyph_width(c) for c in text) + len(text) - 1)


def height(scale: int = 1) -> int:
    """Terminal rows one line of large text takes at `scale`."""
    return 3 if scale == 1 else PIXEL_ROWS * (scale // 2)


def rows_for(lines: int, scale: int = 1) -> int:
    """Terminal rows that many lines of large text take, with a blank row between them."""
    return lines * height(scale) + max(lines - 1, 0)


def render(text: str, scale: int = 1) -> list[str]:
    """One line of text as rows of the terminal.

    Scale 1 packs two pixels into a row with half blocks (three rows); scale 2 draws a pixel
    as two full blocks (five rows); scale 4 as four blocks on two rows (ten rows). Each way a
    pixel is about square on a usual terminal.
    """
    glyphs = [_pixels(_GLYPHS.get(c.upper(), _GLYPHS["?"])) for c in text]
    pixel_rows = [".".join(glyph[row] for glyph in glyphs) for row in range(PIXEL_ROWS)]
    if scale >= 2:
        cols = 2 * (scale // 2)
        drawn = ["".join(("█" if p == "#" else " ") * cols for p in row) for row in pixel_rows]
        return [row for row in drawn for _ in range(scale // 2)]
    pixel_rows.append("." * len(pixel_rows[0]))
    return [
        "".join(_HALVES[top + bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(pixel_rows[::2], pixel_rows[1::2], strict=True)
    ]


_HALVES: Final[Mapping[str, str]] = {"##": "█", "#.": "▀", ".#": "▄", "..": " "}


def wrap(words: Iterable[str], width: int, scale: int = 1, gap: str = " ") -> list[str]:
    """Words (or whole phrases) into lines of large text no wider than `width`.

    A word wider than `width` on its own gets a line to itself (and is cut by the screen).
    """
    lines: list[str] = []
    for word in words:
        if lines and text_width(lines[-1] + gap + word, scale) <= width:
            lines[-1] += gap + word
        else:
            lines.append(word)
    return lines


def fits(words: Iterable[str], width: int, scale: int = 1) -> bool:
    """Whether every word, on its own, fits within `width` at `scale`."""
    return all(text_width(w, scale) <= width for w in words)
