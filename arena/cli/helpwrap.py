"""A command's --help fitted to the terminal: the prose written wide is refilled, nothing else."""

from __future__ import annotations

import re
import shutil
import textwrap
from typing import Final

NARROWEST: Final = 40
"""Columns the help is fitted to at least, however narrow the terminal says it is."""
ROOM: Final = 24
"""Columns a refilled item's second column needs at least to stay a column."""
_GAP: Final = re.compile(r"\S( {2,})\S")


def help_width() -> int:
    """The columns the help may fill: the terminal's less two, as argparse fits its own lines."""
    return max(shutil.get_terminal_size().columns - 2, NARROWEST)


def fit(text: str, width: int) -> str:
    """The help with every item that has a line wider than ``width`` refilled to it.

    An item is a paragraph (lines at the left edge, up to a blank line or an indented one),
    or an indented line with the lines below it indented deeper (a level's figures, an
    option's help). A refilled item keeps its first line's indent; its later lines keep the
    indent they had, else start under the second column of a two-column line (an example
    and what it does), else two columns in. Items that fit are left exactly as written.
    """
    lines = text.split("\n")
    out: list[str] = []
    at = 0
    while at < len(lines):
        end = _item_end(lines, at)
        item = lines[at:end]
        if any(len(line) > width for line in item):
            out.extend(_refill(item, width))
        else:
            out.extend(item)
        at = end
    return "\n".join(out)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _item_end(lines: list[str], start: int) -> int:
    """Where the item starting at ``start`` ends (the index of the first line after it)."""
    first = lines[start]
    if not first.strip():
        return start + 1
    lead = _indent(first)
    end = start + 1
    while end < len(lines) and lines[end].strip():
        below = _indent(lines[end])
        if (lead == 0 and below != 0) or (lead > 0 and below <= lead):
            break
        end += 1
    return end


def _refill(item: list[str], width: int) -> list[str]:
    first = item[0]
    lead = _indent(first)
    gap = _GAP.search(first, lead) if lead > 0 else None
    if len(item) > 1:
        hang = _indent(item[1])
    elif gap is not None and width - gap.end(1) >= ROOM:
        hang = gap.end(1)
    else:  # a second column too far right for its words: they go on two columns in
        hang = lead + 2 if lead else 0
    words = " ".join([first.rstrip(), *(line.strip() for line in item[1:])])
    return textwrap.wrap(
        words[lead:],
        width,
        initial_indent=" " * lead,
        subsequent_indent=" " * hang,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [first]
