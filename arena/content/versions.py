"""Which arena made a file: a newer release of the same format loads, and says so."""

from __future__ import annotations

import re
from typing import Final

from arena import __version__
from arena.content.errors import escape_controls, shorten

_RELEASE: Final = re.compile(r"(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?")
"""A release's numbers as arena writes them: ``0.1.0``; anything after them is left aside."""


def release(version: str) -> tuple[int, ...] | None:
    """A version's release numbers (``0.1.0`` -> ``(0, 1, 0)``), or None if it has none."""
    found = _RELEASE.match(version)
    if found is None:
        return None
    return tuple(int(part or 0) for part in found.groups())


def newer_note(saved: object, form: str) -> str | None:
    """One line saying a file comes from a newer arena than this one, or None.

    A file's format number decides whether it loads; a newer arena writing the same format
    may have changed what a fight does, so reading its file here is said. Text that is no
    release (a hand-made file) says nothing.

    Args:
        saved: the ``arena_version`` the file holds.
        form: its format as the words give it (``format 3``, ``arena-gauntlet/2``).
    """
    if not isinstance(saved, str):
        return None
    theirs, ours = release(saved), release(__version__)
    if theirs is None or ours is None or theirs <= ours:
        return None
    shown = escape_controls(shorten(saved))
    return (
        f"made by arena {shown}, newer than this one ({__version__}); "
        f"its {form} is this arena's, so it loads"
    )
