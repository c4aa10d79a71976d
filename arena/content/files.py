"""Reading input files safely: regular files of at most 10 MB, never a pipe, socket or device."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO, Final

from arena.content.errors import ContentError

MAX_BYTES: Final = 10 * 1024 * 1024
"""The largest file arena reads: content, scenarios, saves and standard input alike."""


def read_file(path: Path, shown: str | None = None) -> bytes:
    """The bytes of a regular file of at most `MAX_BYTES`.

    The file is checked before it is opened, so a named pipe, a socket or a device such as
    ``/dev/zero`` is refused at once instead of hanging or filling memory; it is opened
    without blocking and checked again, in case it was swapped in between.

    Args:
        path: The file.
        shown: How errors name it (default: the path as given).

    Returns:
        The file's bytes.

    Raises:
        ContentError: no such file, not a regular file, too big, or unreadable.
    """
    name = str(path) if shown is None else shown
    try:
        _check_stat(os.stat(path), name)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        raise ContentError.single(name, 0, "", _reason(err)) from None
    try:
        with os.fdopen(fd, "rb") as stream:
            _check_stat(os.fstat(stream.fileno()), name)
            return _read_capped(stream, name)
    except OSError as err:
        raise ContentError.single(name, 0, "", _reason(err)) from None


def read_stream(stream: BinaryIO, shown: str) -> bytes:
    """Everything in a stream such as standard input, refused beyond `MAX_BYTES`.

    Raises:
        ContentError: the stream holds more than `MAX_BYTES`, or cannot be read.
    """
    try:
        return _read_capped(stream, shown)
    except OSError as err:
        raise ContentError.single(shown, 0, "", _reason(err)) from None


def check_writable_target(path: Path, shown: str) -> None:
    """Refuse a path a save may not replace: anything but a regular file or a new name.

    Raises:
        ContentError: the path is a folder, a device, a pipe or a socket, or its folder is
            missing or not a folder.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        parent = path.parent
        if not parent.is_dir():
            raise ContentError.single(shown, 0, "", f"no such folder: {parent}") from None
        return
    except OSError as err:
        raise ContentError.single(shown, 0, "", _reason(err)) from None
    if not stat.S_ISREG(info.st_mode):
        raise ContentError.single(shown, 0, "", f"is {_kind(info.st_mode)}, not a file to save to")


def _check_stat(info: os.stat_result, name: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise ContentError.single(name, 0, "", f"is {_kind(info.st_mode)}, not a regular file")
    if info.st_size > MAX_BYTES:
        raise ContentError.single(name, 0, "", f"is {_size(info.st_size)}: the limit is 10 MB")


def _read_capped(stream: BinaryIO, name: str) -> bytes:
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ContentError.single(name, 0, "", "is bigger than 10 MB: the limit is 10 MB")
    return data


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _size(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def _reason(err: OSError) -> str:
    if err.errno == errno.ENOENT:
        return "no such file"
    if err.errno in (errno.EACCES, errno.EPERM):
        return "cannot read it: permission denied"
    if err.errno == errno.EISDIR:
        return "is a folder, not a regular file"
    return f"cannot read it: {err.strerror or err}"
