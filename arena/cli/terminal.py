"""Standard streams safe for any terminal or pipe: ASCII fallback, quiet when the pipe closes."""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

ERRORS: Final = "arena-ascii"
"""The codec error handler that writes a character the stream cannot encode as plain ASCII."""

ASCII: Final = {
    "█": "#",
    "▌": "|",
    "▏": "|",
    "▎": "|",
    "▍": "|",
    "▋": "|",
    "▊": "|",
    "▉": "|",
    "░": ".",
    "▒": ":",
    "▓": "#",
    "─": "-",
    "│": "|",
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
    "−": "-",
    "⌈": "[",
    "⌉": "]",
    "√": "sqrt",
    "§": "sec. ",
    "±": "+/-",
    "×": "x",
    "÷": "/",
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "—": "--",
    "–": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "…": "...",
    "•": "*",
    "·": ".",
    "✓": "v",
    "✗": "x",
    "½": "1/2",
}
"""Characters the output uses, and what they become on a terminal that cannot show them."""


def to_ascii(char: str) -> str:
    """One character as plain ASCII: a drawn equivalent, its letters without accents, or ``?``."""
    if char in ASCII:
        return ASCII[char]
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return plain or "?"


def _fallback(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    text = err.object[err.start : err.end]
    return "".join(to_ascii(c) for c in text), err.end


codecs.register_error(ERRORS, _fallback)


class OutputError(OSError):
    """Standard output took no more: a full disk, a file-size limit, a device that failed."""


class _StdoutFile(io.FileIO):
    """Standard output's file descriptor, whose failed writes say they were standard output's."""

    def write(self, data: ReadableBuffer, /) -> int:
        """Write all of ``data``, or raise OutputError (BrokenPipeError on a closed pipe)."""
        view = memoryview(data).cast("B")
        done = 0
        try:
            # A short write is followed by another, which says why: unbuffered (-u), Python
            # writes once and drops the rest of a log that a file-size limit cut short.
            while done < len(view):
                written = super().write(view[done:])
                if written is None:  # a non-blocking descriptor that is full for now
                    break
                done += written
        except BrokenPipeError:
            raise  # the reader went away (`| head`): that ends quietly, not as a failure
        except OSError as err:
            raise OutputError(err.errno, err.strerror) from None
        return done


def prepare_streams() -> None:
    """Make standard output and error fall back to ASCII for what their encoding cannot show.

    A standard stream the shell closed (``>&-``, ``<&-``) is Python's None, which nothing
    can read or write: it becomes the null device, empty to read and discarding writes.
    Writes to standard output that fail raise `OutputError`, so that a full disk is told
    as such, not taken for a bug.
    """
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors=ERRORS)
    _guard_stdout()


def _guard_stdout() -> None:
    """Put standard output on a `_StdoutFile`, keeping its encoding and buffering."""
    out = sys.stdout
    # Python's own stream only: not a test's capture, not the null device standing in for a
    # closed one (dropped, it would close its descriptor), not ours from an earlier call.
    if out is not sys.__stdout__ or type(out) is not io.TextIOWrapper:
        return
    buffered = isinstance(out.buffer, io.BufferedWriter)  # not with PYTHONUNBUFFERED
    raw = out.buffer.raw if isinstance(out.buffer, io.BufferedWriter) else out.buffer
    if type(raw) is not io.FileIO:
        return
    out.flush()
    guarded = _StdoutFile(out.fileno(), "w", closefd=False)
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(guarded) if buffered else guarded,
        encoding=out.encoding,
        errors=out.errors,
        line_buffering=out.line_buffering,
        write_through=out.write_through,
    )


def silence_stdout() -> None:
    """After a closed pipe: point standard output at the null device, so exit flushes nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass  # no file descriptor (a test's captured stream): nothing will be flushed to it
