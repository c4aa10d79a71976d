"""The one error the command line turns into a clear message and exit status 2."""

from __future__ import annotations

from arena.content.errors import printable, quote

__all__ = ["InputError", "printable", "quote"]


class InputError(Exception):
    """Bad input from the user: a file, an argument, a scripted command. Exit status 2."""
