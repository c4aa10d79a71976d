"""Where arena may write: never over a file it reads, a folder, or the content it loads.

The command line's options and the screens' own writers (a fight's log, a run's morgue file)
ask the same questions here; each says no in one message naming the file.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from arena.content.errors import ContentError, short_name
from arena.content.files import check_writable_target
from arena.content.roots import default_content_root, shipped_content_root

STDIN: Final = "-"
"""How a file read from standard input is given among the files a command reads."""
FRESH_MAX: Final = 1000
"""Numbered names tried for a new file before the folder is taken to be full of them."""

Kept = Literal["a saved fight", "a gauntlet save", "a scenario"]
"""A kind of file a person keeps that arena reads back: never replaced by another kind."""
_SNIFF: Final = 65536
"""Bytes of a file looked at to tell what it holds: every kind says so in its first lines."""
_KINDS: Final[tuple[tuple[re.Pattern[str], Kept], ...]] = (
    (re.compile(r"\Aformat: \d+\narena_version: "), "a saved fight"),  # as `save_fight` writes
    (re.compile(r'\A\s*\{.*^\s*"format":\s*"arena-gauntlet/', re.S | re.M), "a gauntlet save"),
    (re.compile(r"^ruleset:.*^combatants:|^combatants:.*^ruleset:", re.S | re.M), "a scenario"),
)
"""How each kept kind begins, as arena writes it or a person writes a scenario."""


@dataclass(frozen=True, slots=True)
class Read:
    """A file arena reads (or writes as well), and how a refusal names it."""

    path: str | None
    """The file as given, `STDIN` for standard input, or None when there is none."""
    words: str
    """What it is, e.g. ``the scenario run``."""


def refused(shown: str, why: str) -> ContentError:
    """One refusal: the file as shown, and why it may not be written."""
    return ContentError.single(shown, 0, "", why)


def check_target(path: Path, shown: str, reads: Sequence[Read] = ()) -> None:
    """Refuse a path to write that is no file to save to, a file arena reads, or content.

    Raises:
        ContentError: a folder, a device, a pipe or a socket, a missing folder; or the file is
            one of ``reads`` (through a link, ``.`` and ``..``, a hard link or standard input)
            or in the content arena loads.
    """
    check_writable_target(path, shown)
    refuse_read(path, shown, reads)


def refuse_other_kind(path: Path, shown: str, writing: str, same: Kept | None = None) -> None:
    """Refuse to write over a kept file of another kind: a save, a run's save, a scenario.

    A log written over a save (``--out`` given the save's name by a slip) loses the fight.
    The same kind is replaced as asked: a save saved again, a run's save after each fight.

    Args:
        path: the file to write, checked already to be a regular file or a new name.
        shown: the file as the message names it.
        writing: what would be written, for the message (``the log``).
        same: the kind written, which may replace its own kind; None for any other output.

    Raises:
        ContentError: the file holds a kept kind other than ``same``.
    """
    try:
        with path.open("rb") as file:
            head = file.read(_SNIFF).decode("utf-8", "replace")
    except OSError:  # a new name, or one the write itself will refuse
        return
    for pattern, kind in _KINDS:
        if kind != same and pattern.search(head):
            raise refused(shown, f"holds {kind}; writing {writing} there would replace it")


def fresh_target(folder: Path, stem: str, suffix: str, reads: Sequence[Read] = ()) -> Path:
    """A new file in ``folder`` for a screen to write, never one already there.

    ``stem`` + ``suffix``, or the first free ``stem-2``, ``stem-3`` ... when that is taken.

    Raises:
        ContentError: the folder is no folder, is in the content, or the name found is one
            of ``reads`` (a link left where the new file goes); or no free name is left.
    """
    path = folder / f"{stem}{suffix}"
    number = 1
    # lexists: a link to nothing is taken too, or the file would be written where it points.
    while os.path.lexists(path):
        number += 1
        if number > FRESH_MAX:
            raise refused(short_name(str(folder)), f"no free name for {stem}{suffix}")
        path = folder / f"{stem}-{number}{suffix}"
    check_target(path, short_name(str(path)), reads)
    return path


def refuse_read(path: Path, shown: str, reads: Sequence[Read] = ()) -> None:
    """Refuse to write ``path`` when it is a file arena reads, or in the content.

    Raises:
        ContentError: one message naming the file and what it is.
    """
    for read in reads:
        if read.path is None:
            continue
        same = _is_stdin(path) if read.path == STDIN else _same_file(path, Path(read.path))
        if same:
            raise refused(shown, f"is {read.words}; writing there would replace it")
    root = in_content(path)
    if root is not None:
        raise refused(
            shown,
            f"is in the content folder arena reads ({short_name(str(root))}); "
            "writing there would change the content",
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
