"""Where a command may write: never over a file it reads, nor into the content it loads."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from arena.cli.errors import InputError
from arena.content.errors import ContentError, short_name
from arena.content.files import check_writable_target

STDIN: Final = "-"
"""How a file read from standard input is given among the files a command reads."""


@dataclass(frozen=True, slots=True)
class Read:
    """A file the command reads (or writes as well), and how a refusal names it."""

    path: str | None
    """The file as given, `STDIN` for standard input, or None when there is none."""
    words: str
    """What it is, e.g. ``the scenario run``."""


def shown_name(text: str) -> str:
    """A file name as a message repeats it: escaped, a long one cut in its middle."""
    return short_name(text)


def write_target(text: str, option: str, reads: Sequence[Read] = ()) -> Path:
    """The file an option names to write, once it is found safe to write.

    Every option that writes a file comes here, before anything is played or written.

    Args:
        text: The name given, checked as given (``Path`` would drop a trailing slash).
        option: The option, as the message names it, e.g. ``--out``.
        reads: The files the command reads, and those it writes through other options.

    Raises:
        InputError: an empty name, ``-``, a name ending in a slash, a folder, a device, a pipe or a
            socket, a missing folder; or the file is one of ``reads`` (through a link, ``.``
            and ``..``, a hard link or standard input) or in the content arena loads.
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
        check_writable_target(path, shown)
    except ContentError as err:
        raise InputError(str(err)) from None
    refuse_read(path, shown, reads)
    return path


def refuse_read(path: Path, shown: str, reads: Sequence[Read] = ()) -> None:
    """Refuse to write ``path`` when it is a file the command reads, or in the content.

    Raises:
        InputError: one message naming the file and what it is.
    """
    for read in reads:
        if read.path is None:
            continue
        same = _is_stdin(path) if read.path == STDIN else _same_file(path, Path(read.path))
        if same:
            raise InputError(f"{shown}: is {read.words}; writing there would replace it")
    root = in_content(path)
    if root is not None:
        raise InputError(
            f"{shown}: is in the content folder arena reads ({shown_name(str(root))}); "
            "writing there would change the content"
        )


def in_content(path: Path) -> Path | None:
    """The content folder that holds ``path`` (or a hard link to it), or None.

    Both the content in use (``$ARENA_CONTENT``) and the shipped content count: a file
    written into either would be read as content from then on, or replace a content file.
    """
    real = Path(os.path.realpath(path))
    roots = _content_roots()
    for root in roots:
        if real == root or root in real.parents:
            return root
    try:
        info = os.stat(path)
    except OSError:
        return None
    if info.st_nlink < 2:  # no other name: it cannot be a content file's
        return None
    for root in roots:
        for file in _files(root):
            with contextlib.suppress(OSError):
                other = os.stat(file)
                if (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino):
                    return root
    return None


def _content_roots() -> list[Path]:
    from arena.content.loader import default_content_root, shipped_content_root

    roots: list[Path] = []
    for root in (default_content_root(), shipped_content_root()):
        real = Path(os.path.realpath(root))
        if real not in roots:
            roots.append(real)
    return roots


def _files(root: Path) -> Iterator[Path]:
    for folder, _, names in os.walk(root):
        for name in names:
            yield Path(folder, name)


def _is_stdin(path: Path) -> bool:
    """Standard input is read from this very file (``< file``)."""
    try:
        fileno = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by a stream without a file
        return False
    try:
        mine, theirs = os.fstat(fileno), os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (theirs.st_dev, theirs.st_ino)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them is no file yet: the same name is the same file
        return os.path.realpath(a) == os.path.realpath(b)
