"""Where arena keeps what it writes: saves and fight logs, never the current folder unasked."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Final

import platformdirs

import arena
from arena.cli.errors import InputError

APP: Final = "arena"
"""The folder name under the platform's user data folder."""


def saves_folder(given: str | None = None) -> Path:
    """Where saves go: ``given``, else ``$ARENA_SAVES``, else a checkout's ``saves/``.

    An installed arena, or a checkout whose ``saves/`` cannot be written, keeps them in the
    platform's user data folder (``~/.local/share/arena/saves`` on Linux).

    Args:
        given: a folder named on the command line (``--saves``), or None.

    Raises:
        InputError: ``given`` is empty (the current folder to the file system, never meant).
    """
    if given is not None:
        if not given:
            raise InputError("--saves: an empty folder name")
        return Path(given)
    if os.environ.get("ARENA_SAVES"):
        return Path(os.environ["ARENA_SAVES"])
    from arena.content.loader import is_checkout  # late: the title menu draws without it

    if is_checkout():
        project = Path(arena.__file__).resolve().parents[1] / "saves"
        if project.is_dir() and os.access(project, os.W_OK):
            return project
    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / "saves"


def checked_saves_folder(given: str | None = None) -> Path:
    """``saves_folder(given)``, refused before a fight if it cannot hold saves.

    Raises:
        InputError: it is empty, a file, a device or a pipe, a link to nothing, or a loop of
            links (which the file system would only refuse once a save is written).
    """
    folder = saves_folder(given)
    try:
        os.stat(folder)
    except FileNotFoundError:
        if os.path.lexists(folder):
            raise InputError(f"--saves: {folder}: a link to nothing, not a folder") from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise InputError(f"--saves: {folder}: a loop of links, not a folder") from None
    if folder.exists() and not folder.is_dir():
        raise InputError(f"--saves: {folder}: not a folder")
    return folder
