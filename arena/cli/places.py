"""Where arena keeps what it writes: saves and fight logs, never the current folder unasked."""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path
from typing import Final

import platformdirs

import arena
from arena.cli.errors import InputError
from arena.cli.targets import in_content, shown_name

APP: Final = "arena"
"""The folder name under the platform's user data folder."""


def saves_folder(given: str | None = None) -> Path:
    """Where saves go: ``given``, else ``$ARENA_SAVES``, else a checkout's ``saves/``.

    An installed arena, or a checkout whose ``saves/`` cannot be written, keeps them in the
    platform's user data folder (``~/.local/share/arena/saves`` on Linux).

    Args:
        given: a folder named on the command line (``--saves``), or None.

    Raises:
        InputError: ``given`` is empty (the current folder to the file system, never meant),
            or ``given`` or ``$ARENA_SAVES`` is ``-`` (standard input or output elsewhere).
    """
    if given is not None:
        if not given:
            raise InputError("--saves: an empty folder name")
        return _folder(given, "--saves")
    if os.environ.get("ARENA_SAVES"):
        return _folder(os.environ["ARENA_SAVES"], "ARENA_SAVES")
    from arena.content.roots import is_checkout  # light: the title menu draws without YAML

    if is_checkout():
        project = Path(arena.__file__).resolve().parents[1] / "saves"
        if project.is_dir() and os.access(project, os.W_OK):
            return project
    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / "saves"


def _folder(text: str, option: str) -> Path:
    """The folder a name gives, refusing ``-``: meant as standard input or output, not a folder.

    Raises:
        InputError: the name is ``-``; ``./-`` names a folder called ``-``.
    """
    if text == "-":
        instead = "leave the option out" if option.startswith("-") else "unset it"
        raise InputError(
            f"{option}: '-' names standard input or output, not a folder for saves; name a "
            f"folder (./- for one called '-'), or {instead}"
        )
    return Path(text)


def saves_option(given: str | None = None) -> str:
    """How messages name where the saves folder came from: ``--saves``, ``ARENA_SAVES`` or none."""
    if given is not None:
        return "--saves"
    return "ARENA_SAVES" if os.environ.get("ARENA_SAVES") else ""


def checked_saves_folder(given: str | None = None) -> Path:
    """``saves_folder(given)``, refused before a fight if it cannot hold saves.

    A folder named by ``--saves`` or ``$ARENA_SAVES`` that is missing is made, and said so
    on standard error, when the folder it would be in is there; if that is missing too the
    name is taken for a typo and refused, never made with every folder above it. arena's own
    folder (neither is set) is made when first written, as always.

    Raises:
        InputError: it is empty, a file, a device or a pipe, a link to nothing, a loop of
            links (which the file system would only refuse once a save is written), in the
            content arena reads, or missing with its parent folder. The message names the
            option or the variable the folder came from.
    """
    folder = saves_folder(given)
    option = saves_option(given)
    said = f"{option or 'the saves folder'}: {shown_name(str(folder))}"
    try:
        info: os.stat_result | None = os.stat(folder)
    except FileNotFoundError:
        info = None
        if os.path.lexists(folder):
            link = f"a link to nothing, not a folder (it names {shown_name(os.readlink(folder))})"
            raise InputError(f"{said}: {link}") from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise InputError(f"{said}: a loop of links, not a folder") from None
        if err.errno == errno.ENOTDIR:
            raise InputError(f"{said}: not a folder: {_file_above(folder)} is a file") from None
        raise InputError(f"{said}: cannot use it: {err.strerror or err}") from None
    if info is not None and not stat.S_ISDIR(info.st_mode):
        raise InputError(f"{said}: not a folder but {_kind(info.st_mode)}")
    root = in_content(folder)
    if root is not None:
        raise InputError(
            f"{said}: is in the content folder arena reads ({shown_name(str(root))}); "
            "saves written there would be read as content"
        )
    if info is None and option:
        _make(folder, said)
    return folder


def _make(folder: Path, said: str) -> None:
    """Make a missing saves folder named on purpose, and say so; never its parents as well."""
    parent = folder.parent
    if not parent.is_dir():
        raise InputError(
            f"{said}: no such folder, nor {shown_name(str(parent))} that would hold it "
            "(check the name, or make the folder first)"
        )
    try:
        folder.mkdir()
    except FileExistsError:
        return  # made meanwhile (another arena): as good
    except OSError as err:
        raise InputError(f"{said}: cannot make the folder: {err.strerror or err}") from None
    print(f"arena: {said}: no such folder, so it was made", file=sys.stderr)


def check_content_variable() -> None:
    """Refuse a ``$ARENA_CONTENT`` that is no folder, naming the variable and what it is.

    Without it the message named a path the user may not know came from the environment,
    and called a file or a device "no such content folder".

    Raises:
        InputError: it names nothing, a link to nothing, a loop of links, or no folder.
    """
    given = os.environ.get("ARENA_CONTENT")
    if not given:
        return
    said = f"ARENA_CONTENT: {shown_name(given)}"
    try:
        info = os.stat(given)
    except FileNotFoundError:
        if os.path.lexists(given):
            link = f"a link to nothing, not a folder (it names {shown_name(os.readlink(given))})"
            raise InputError(f"{said}: {link}") from None
        raise InputError(f"{said}: no such content folder") from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise InputError(f"{said}: a loop of links, not a folder") from None
        if err.errno == errno.ENOTDIR:
            raise InputError(
                f"{said}: not a folder: {_file_above(Path(given))} is a file"
            ) from None
        raise InputError(f"{said}: cannot use it: {err.strerror or err}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise InputError(f"{said}: not a folder but {_kind(info.st_mode)}")


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def _file_above(folder: Path) -> str:
    """The file in a folder's path where a folder should be, as a message names it."""
    for above in (folder, *folder.parents):
        if os.path.lexists(above) and not above.is_dir():
            return shown_name(str(above))
    return "a file"
