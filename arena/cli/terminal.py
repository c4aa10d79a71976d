"""Standard streams safe for any terminal or pipe: ASCII fallback, quiet when the pipe closes."""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata
from typing import Final

ERRORS: Final = "arena-ascii"
"""The codec error handler that writes a character the stream cannot encode as plain ASCII."""

ASCII: Final = {
    "█": "#",
    "▌": "|",
    "▏": "|",
    "▎": "|",
    "▍": "|",
    "▋": "|",
    "▊": "|",
    "▉": "|",
    "░": ".",
    "▒": ":",
    "▓": "#",
    "─": "-",
    "│": "|",
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
    "−": "-",
    "⌈": "[",
    "⌉": "]",
    "√": "sqrt",
    "§": "sec. ",
    "±": "+/-",
    "×": "x",
    "÷": "/",
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "—": "--",
    "–": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "…": "...",
    "•": "*",
    "·": ".",
    "✓": "v",
    "✗": "x",
    "½": "1/2",
}
"""Characters the output uses, and what they become on a terminal that cannot show them."""


def to_ascii(char: str) -> str:
    """One character as plain ASCII: a drawn equivalent, its letters without accents, or ``?``."""
    if char in ASCII:
        return ASCII[char]
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return plain or "?"


def _fallback(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    text = err.object[err.start : err.end]
    return "".join(to_ascii(c) for c in text), err.end


codecs.register_error(ERRORS, _fallback)


def prepare_streams() -> None:
    """Make standard output and error fall back to ASCII for what their encoding cannot show.

    A standard stream the shell closed (``>&-``, ``<&-``) is Python's None, which nothing
    can read or write: it becomes the null device, empty to read and discarding writes.
    """
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors=ERRORS)


def silence_stdout() -> None:
    """After a closed pipe: point standard output at the null device, so exit flushes nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass  # no file descriptor (a test's captured stream): nothing will be flushed to it
