"""Text from files and people made safe to show: control characters written out as escapes."""

from __future__ import annotations

import re
from typing import Final

# Bidi overrides and isolates too: they reorder what a terminal shows after them.
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAME_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

KeyPath = tuple[str | int, ...]
"""Where a value sits inside a document: mapping keys and sequence indexes, outermost first."""


def escape_controls(text: str) -> str:
    """Text with every control character but the line break written as an escape."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def escape_name(text: str) -> str:
    """A file name as a message shows it: every control character escaped, line breaks too.

    A name may hold any character but ``/`` and NUL; a line break in one would split the
    message that names it.
    """
    return _NAME_CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def control_in(data: object, where: KeyPath = (), *, lines: bool = False) -> tuple[KeyPath, str]:
    """Where plain data read back (a save, a run, a score) holds a control character, if it does.

    Every text is looked at, keys too: C0 and C1 controls, DEL, escape codes, the Unicode
    line and paragraph separators and bidi overrides. A file arena wrote never holds one,
    so one is an edit meant to drive the terminal or to forge a line of a log.

    Args:
        data: mappings, lists and scalars, as read.
        where: the key path of ``data`` itself.
        lines: line breaks and tabs are allowed (a scenario kept whole as text).

    Returns:
        The key path of the first such text and the character escaped (such as ESC), or
        ``((), "")`` when there is none.
    """
    pattern = _CONTROL if lines else _NAME_CONTROL
    if isinstance(data, str):
        found = pattern.search(data)
        return (where, repr(found.group())[1:-1]) if found else ((), "")
    if isinstance(data, dict):
        for key, value in data.items():
            at, char = control_in(key, (*where, key), lines=False)  # a key is never lines
            if not char:
                at, char = control_in(value, (*where, key), lines=lines)
            if char:
                return at, char
    if isinstance(data, list | tuple):
        for index, value in enumerate(data):
            at, char = control_in(value, (*where, index), lines=lines)
            if char:
                return at, char
    return (), ""
