"""Where the screens may write their own files: the command line's write guard, for the UI."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from arena.content.errors import ContentError, short_name
from arena.content.files import write_text_atomic
from arena.content.write_guard import Read, check_target, fresh_target

__all__ = ["Read", "WriteRefused", "check_file", "new_file", "write_text"]


class WriteRefused(Exception):
    """A file the screens may not write; ``str()`` names it and says why."""

    def __init__(self, shown: str, why: str) -> None:
        super().__init__(f"{shown}: {why}")
        self.shown = shown
        """The file, as the message names it."""
        self.why = why
        """Why it may not be written, e.g. ``is a folder, not a file to save to``."""


def _refused(err: ContentError) -> WriteRefused:
    issue = err.issues[0]
    return WriteRefused(issue.path, issue.message)


def new_file(folder: Path, stem: str, suffix: str, reads: Sequence[Read] = ()) -> Path:
    """A new file in `folder` (``stem`` + ``suffix``, else ``stem-2`` ...), never one there.

    Raises:
        WriteRefused: the folder is in the content, or the name is one of `reads`.
    """
    try:
        return fresh_target(folder, stem, suffix, reads)
    except ContentError as err:
        raise _refused(err) from None


def check_file(path: Path, reads: Sequence[Read] = ()) -> None:
    """Refuse a file the screens may not write: a folder, a device, one of `reads`, content.

    Raises:
        WriteRefused: which, and why.
    """
    try:
        check_target(path, short_name(str(path)), reads)
    except ContentError as err:
        raise _refused(err) from None


def write_text(path: Path, text: str) -> None:
    """Write a text file whole: the old text or the new, never a part of either.

    Raises:
        OSError: the file cannot be written; ``strerror`` says why.
    """
    write_text_atomic(path, text)
