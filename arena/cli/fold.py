"""Plain output folded to 80 columns: a long line goes on under itself, every word kept."""

from __future__ import annotations

import textwrap
from typing import Final

WIDTH: Final = 80
"""Columns of plain output: what a terminal shows without a wrap of its own."""
HANG: Final = 4
"""How much deeper than its first line a folded line's later lines start."""


def fold_line(line: str, width: int = WIDTH) -> list[str]:
    """A line as lines of at most ``width`` columns, the later ones hung under the first.

    Only spaces are broken at; a word longer than a line (a digest, a path) is kept whole
    on a line of its own. A line that fits is returned as it is.
    """
    if len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    return textwrap.wrap(
        line[lead:],
        width,
        initial_indent=" " * lead,
        subsequent_indent=" " * (lead + HANG),
        break_long_words=False,
        break_on_hyphens=False,
        replace_whitespace=False,
    )


def fold(text: str, width: int = WIDTH) -> str:
    """Every line of ``text`` folded to ``width`` columns; lines that fit are left alone."""
    out: list[str] = []
    for line in text.split("\n"):
        out += fold_line(line, width)
    return "\n".join(out)
