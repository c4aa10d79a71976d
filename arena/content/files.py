"""Files read safely (regular, at most 10 MB, never a pipe or device) and written atomically."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO, Final

from arena.content.errors import ContentError, short_name

MAX_BYTES: Final = 10 * 1024 * 1024
"""The largest file arena reads: content, scenarios, saves and standard input alike."""
TEMP_SUFFIX: Final = ".tmp"
"""How the temporary file of a write in progress ends; it starts with ``.NAME.PID-``."""


def is_there(path: str | os.PathLike[str]) -> bool:
    """Whether something is at this name, a link to nothing included.

    A name that cannot be looked at (its folder may be listed but not searched) is there:
    `os.path.lexists` said no to it, and a file the user cannot read was called missing.
    Reading it says why it cannot be read.
    """
    try:
        os.lstat(path)
    except OSError as err:
        return err.errno not in (errno.ENOENT, errno.ENOTDIR)
    except ValueError:  # a NUL in the name: no file has it
        return False
    return True


def is_folder(path: str | os.PathLike[str]) -> bool:
    """Whether the name is a folder (through links); False where it cannot be looked at.

    `Path.is_dir` raises on a name in a folder that may not be searched, where a file
    read in its place says in words that it cannot be read.
    """
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


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
        reason = _reason(err)
        if err.errno == errno.ENOENT and os.path.islink(path):  # it is there: what it names is not
            reason = f"a link to nothing (it names {short_name(os.readlink(path))})"
        raise ContentError.single(name, 0, "", reason) from None
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
            missing = f"no such folder: {short_name(str(parent))}"
            raise ContentError.single(shown, 0, "", missing) from None
        return
    except OSError as err:
        raise ContentError.single(shown, 0, "", _reason(err, "write")) from None
    if not stat.S_ISREG(info.st_mode):
        raise ContentError.single(shown, 0, "", f"is {_kind(info.st_mode)}, not a file to save to")


def write_text_atomic(path: Path, text: str) -> None:
    """Write a text file so that it holds the old text or the new, never a part of either.

    The text goes to a temporary file in the same folder, is flushed to disk, then replaces
    the file in one step. An interrupted write (Ctrl-C, a full disk) removes its temporary
    file; those that killed writes left beside the file are removed first. A symbolic link
    is followed, so the file it names is replaced; that file keeps its permissions, and a
    new one gets the usual ones.

    Args:
        path: A regular file, or a new name in a folder that exists.
        text: The text, written as UTF-8.

    Raises:
        OSError: the path is a folder, a device, a pipe or a socket, its folder is missing,
            or the file cannot be written; ``strerror`` says which in words and ``filename``
            is ``path``. A file already there is left as it was.
    """
    try:
        check_writable_target(path, str(path))
    except ContentError as err:
        raise OSError(errno.EINVAL, err.issues[0].message, str(path)) from None
    try:
        _replace(Path(os.path.realpath(path)), text.encode("utf-8"))
    except OSError as err:
        raise OSError(err.errno, _write_reason(err, path), str(path)) from None


def remove_stale_temps(path: Path) -> list[Path]:
    """Remove the temporary files that killed writes of ``path`` left behind.

    A temporary file names the process that wrote it; one whose process is still running
    (another arena writing now) is left alone.

    Returns:
        The files removed.
    """
    removed: list[Path] = []
    prefix = f".{path.name}."
    with contextlib.suppress(OSError):
        for entry in path.parent.iterdir():
            name = entry.name
            if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
                continue
            pid = name[len(prefix) :].split("-", 1)[0]
            if pid.isdigit() and int(pid) != os.getpid() and _running(int(pid)):
                continue
            with contextlib.suppress(OSError):
                entry.unlink()
                removed.append(entry)
    return removed


def stage_text(path: Path, text: str) -> Path:
    """Write a text whole to a new temporary file beside ``path``, on disk; return that file.

    The first half of `write_text_atomic`, for a caller that replaces several files only
    once every one of them is written (``os.replace(temp, os.path.realpath(path))``). The
    temporary file takes the permissions of the file it will replace.

    Raises:
        OSError: as `write_text_atomic` raises it; nothing is left behind.
    """
    try:
        check_writable_target(path, str(path))
    except ContentError as err:
        raise OSError(errno.EINVAL, err.issues[0].message, str(path)) from None
    try:
        return _stage(Path(os.path.realpath(path)), text.encode("utf-8"))
    except OSError as err:
        raise OSError(err.errno, _write_reason(err, path), str(path)) from None


def _replace(target: Path, data: bytes) -> None:
    temp = _stage(target, data)
    try:
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _sync_folder(target.parent)


def _stage(target: Path, data: bytes) -> Path:
    """The data in a new temporary file beside ``target``, on disk, with its permissions."""
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    if mode is not None and not os.access(target, os.W_OK):
        # Replacing needs only the folder's permission, but a read-only file means "keep me".
        raise PermissionError(errno.EACCES, "read-only file")
    remove_stale_temps(target)
    temp = target.with_name(f".{target.name}.{os.getpid()}-{os.urandom(4).hex()}{TEMP_SUFFIX}")
    # O_EXCL never writes through a name someone else put there; 0o666 less the umask.
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if mode is not None:
            os.chmod(temp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return temp


def _sync_folder(folder: Path) -> None:
    # The rename is durable only once the folder itself is on disk (POSIX; not on Windows).
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


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


def _write_reason(err: OSError, path: Path) -> str:
    """Why a file could not be written, a folder that takes no new file told from a missing one.

    A file is written whole beside the one it replaces: in a folder such as /proc, whose
    files cannot be replaced, that new file is refused as if the folder were missing.
    """
    if err.errno == errno.ENOENT and Path(os.path.realpath(path)).parent.is_dir():
        return "cannot write it: its folder takes no new files (arena writes the new file beside it first)"  # noqa: E501
    return _reason(err, "write")


def _reason(err: OSError, doing: str = "read") -> str:
    if err.errno == errno.ENOENT:
        return "no such file" if doing == "read" else "no such folder"
    if err.errno in (errno.EACCES, errno.EPERM):
        return f"cannot {doing} it: permission denied"
    if err.errno == errno.EISDIR:
        return "is a folder, not a regular file"
    return f"cannot {doing} it: {err.strerror or err}"
