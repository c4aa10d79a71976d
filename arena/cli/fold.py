"""Plain output folded to 80 columns: a long line goes on under itself, every word kept."""

from __future__ import annotations

import re
import textwrap
from typing import Final

WIDTH: Final = 80
"""Columns of plain output: what a terminal shows without a wrap of its own."""
PATH_WORD: Final = 32
"""A path this long (or longer) leaves its line whole."""
_PATH: Final = re.compile(r"""['"(]?(?:~?\.{0,2}/|[^/\s]+/\S*\.\w{1,5}\W*$)""")
"""A word that is a file's path: from the root, home or here, or a relative one with a suffix."""
HANG: Final = 4
"""How much deeper than its first line a folded line's later lines start."""


def fold_line(line: str, width: int = WIDTH) -> list[str]:
    """A line as lines of at most ``width`` columns, the later ones hung under the first.

    Only spaces are broken at; a word longer than a line (a digest) is kept whole on a line
    of its own. A line that fits is returned as it is, and so is a line naming a file by a
    long path: the path is what the line is for, kept beside its words for a copy.
    """
    if len(line) <= width or any(len(w) >= PATH_WORD and _PATH.match(w) for w in line.split()):
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
