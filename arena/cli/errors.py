"""The one error the command line turns into a clear message and exit status 2."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Final

from arena.content.errors import printable, quote

__all__ = ["SCENARIO_NAME", "InputError", "printable", "quote", "refuse_empty", "say_notes"]

SCENARIO_NAME: Final = "a scenario file or a shipped scenario's name"
"""What a scenario argument names, for the message refusing an empty one."""


class InputError(Exception):
    """Bad input from the user: a file, an argument, a scripted command. Exit status 2."""


def refuse_empty(given: str | None, what: str, option: str | None = None) -> None:
    """Refuse an empty name where a file or a scenario is asked for, as `arena validate` does.

    ``Path("")`` is the current folder: taken as it, an empty name was refused as a folder,
    or read as no name at all and silently replaced by a default.

    Args:
        given: the name on the command line (None: not given, which is no concern here).
        what: what it should have named, e.g. ``a save file``.
        option: the option it was given to; None for a positional argument.

    Raises:
        InputError: ``given`` is empty.
    """
    if given == "":
        raise InputError(f"{option or quote('')}: an empty name, not {what}")


def say_notes(notes: Iterable[str]) -> None:
    """Each note on standard error, one line each: what a person should know, no error.

    A note goes where errors go, so the log or report on standard output stays as it was.
    """
    for note in notes:
        print(f"arena: note: {printable(note)}", file=sys.stderr)
