"""Plain output folded to 80 columns: a long line goes on under itself, every word kept."""

from __future__ import annotations

import re
import textwrap
from typing import Final

WIDTH: Final = 80
"""Columns of plain output: what a terminal shows without a wrap of its own."""
_PATH: Final = re.compile(r"""['"(]?(?:~?\.{0,2}/[^/\s]|[^/\s]+/\S*\.\w{1,5}\W*$)""")
"""A word that is a file's path: from the root, home or here, or a relative one with a suffix.

A slash must lead somewhere: ``//`` (whole-number division in a rule) or ``/`` alone is no path.
"""
_GLUE: Final = "\x00"
"""Holds words together while a line is folded; control characters are escaped before."""
HANG: Final = 4
"""How much deeper than its first line a folded line's later lines start."""


def fold_line(line: str, width: int = WIDTH) -> list[str]:
    """A line as lines of at most ``width`` columns, the later ones hung under the first.

    Only spaces are broken at; a word longer than a line (a digest) is kept whole on a line
    of its own, unless it is a list with commas (rigged faces), broken after a comma. A line
    that fits is returned as it is. A line naming a file is never broken before the file's
    path, which stays beside the words that say what it is (``Saved to
    PATH``, ``ok: PATH``) for a copy; the words after it are folded.
    """
    if len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    words = line[lead:].split(" ")
    paths = [at for at, word in enumerate(words) if _PATH.match(word)]
    if paths:
        last = paths[-1] + 1
        words = [_GLUE.join(words[:last]), *words[last:]]
    folded = textwrap.wrap(
        " ".join(words),
        width,
        initial_indent=" " * lead,
        subsequent_indent=" " * (lead + HANG),
        break_long_words=False,
        break_on_hyphens=False,
        replace_whitespace=False,
    )
    hang = " " * (lead + HANG)
    out: list[str] = []
    for part in folded:
        out += _after_commas(part.replace(_GLUE, " "), width, hang)
    return out


def _after_commas(part: str, width: int, hang: str) -> list[str]:
    """A folded line still too wide, broken after its commas; one without any, as it is."""
    lines: list[str] = []
    while len(part) > width:
        # The comma stays on its line; past the hang, so every cut makes the rest shorter.
        cut = part.rfind(",", len(hang) + 1, width)
        if cut < 0:
            break
        lines.append(part[: cut + 1])
        part = hang + part[cut + 1 :].lstrip(" ")
    return [*lines, part]


def fold(text: str, width: int = WIDTH) -> str:
    """Every line of ``text`` folded to ``width`` columns; lines that fit are left alone."""
    out: list[str] = []
    for line in text.split("\n"):
        out += fold_line(line, width)
    return "\n".join(out)
