"""Where a command may write: the shared write guard, its refusals as the command line's."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from arena.cli.errors import InputError
from arena.content import write_guard as guard
from arena.content.errors import ContentError, short_name
from arena.content.write_guard import STDIN as STDIN
from arena.content.write_guard import Read as Read


def shown_name(text: str) -> str:
    """A file name as a message repeats it: escaped, a long one cut in its middle."""
    return short_name(text)


def write_target(
    text: str,
    option: str,
    reads: Sequence[Read] = (),
    *,
    writing: str,
    same: guard.Kept | None = None,
) -> Path:
    """The file an option names to write, once it is found safe to write.

    Every option that writes a file comes here, before anything is played or written.

    Args:
        text: The name given, checked as given (``Path`` would drop a trailing slash).
        option: The option, as the message names it, e.g. ``--out``.
        reads: The files the command reads, and those it writes through other options.
        writing: what the option writes, for a refusal (``the log``).
        same: the kept kind it writes (``a saved fight``), which it may replace.

    Raises:
        InputError: an empty name, ``-``, a name ending in a slash, a folder, a device, a pipe or a
            socket, a missing folder; or the file is one of ``reads`` (through a link, ``.``
            and ``..``, a hard link or standard input) or in the content arena loads; or it
            holds a save, a run's save or a scenario and the option writes another kind.
    """
    if not text:
        raise InputError(f"{option}: an empty file name")
    if text == STDIN:
        # Elsewhere '-' is standard input or output: a file called '-' would surprise.
        raise InputError(
            f"{option}: '-' names standard output, which {option} does not write; name a "
            "file (./- for one called '-'), or leave the option out"
        )
    shown = f"{option}: {shown_name(text)}"
    if text.endswith(("/", os.sep)):
        raise InputError(f"{shown}: ends in a slash, so it names a folder, not a file")
    path = Path(text)
    try:
        guard.check_target(path, shown, reads)
        guard.refuse_other_kind(path, shown, writing, same)
    except ContentError as err:
        raise InputError(str(err)) from None
    return path


def refuse_read(path: Path, shown: str, reads: Sequence[Read] = ()) -> None:
    """Refuse to write ``path`` when it is a file the command reads, or in the content.

    Raises:
        InputError: one message naming the file and what it is.
    """
    try:
        guard.refuse_read(path, shown, reads)
    except ContentError as err:
        raise InputError(str(err)) from None


def in_content(path: Path) -> Path | None:
    """The content folder that holds ``path`` (or a hard link to it), or None."""
    return guard.in_content(path)
