"""ContentError: every problem found in content files, each naming its file, line and key path."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from arena.escapes import KeyPath as KeyPath
from arena.escapes import control_in as control_in
from arena.escapes import escape_controls as escape_controls
from arena.escapes import escape_name as escape_name

QUOTE_MAX: Final = 80
"""A value quoted in an error is cut to this many characters."""
LINE_MAX: Final = 1000
"""An error line is cut to this many characters, whatever it quotes."""


def quote(value: object) -> str:
    """A value as an error quotes it: ``repr()``, control characters escaped, cut to 80 chars."""
    text = repr(value)
    if len(text) <= QUOTE_MAX:
        return text
    if text[0] in "'\"":
        return text[: QUOTE_MAX - 4] + "..." + text[0]  # still a quoted string, 80 long
    return text[: QUOTE_MAX - 3] + "..."


SHORT_MAX: Final = 24
"""Typed text an error repeats (a number, a seed, an option) is cut to this many characters."""


def shorten(text: str) -> str:
    """Typed text as an error repeats it: cut to `SHORT_MAX` characters, ``...`` at the end."""
    return text if len(text) <= SHORT_MAX else text[: SHORT_MAX - 3] + "..."


NAME_MAX: Final = 120
"""A file name a message repeats is cut in its middle beyond this many characters."""


def short_name(text: str) -> str:
    """A file name as a message repeats it: escaped, and a long one cut in its middle.

    A path of thousands of characters would push the reason after it past the end of the
    message's line, where it is cut; its start and its end are what tell it apart.
    """
    name = escape_name(text)
    if len(name) <= NAME_MAX:
        return name
    half = (NAME_MAX - 3) // 2
    return f"{name[:half]}...{name[-half:]}"


def printable(text: str) -> str:
    """Text safe to print on a terminal: control characters escaped, each line cut to 1000.

    A long line is cut in its middle: a value typed thousands of characters long comes
    before the reason it is refused, and the reason, at the end, must stay.
    """
    lines = escape_controls(text).split("\n")
    return "\n".join(_cut(line) for line in lines)


def _cut(line: str) -> str:
    if len(line) <= LINE_MAX:
        return line
    head = LINE_MAX // 2
    return f"{line[:head]} ... {line[-(LINE_MAX - head - 5) :]}"


def format_key_path(path: Sequence[str | int]) -> str:
    """Render a key path as ``combatants[1].template``.

    Args:
        path: Mapping keys and sequence indexes, outermost first.

    Returns:
        The dotted path, with indexes in brackets; empty for the document itself.
    """
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


@dataclass(frozen=True, slots=True)
class Issue:
    """One problem in one file."""

    path: str
    """The file, relative to the content root's parent, or as it was passed in."""
    line: int
    """1-based line of the offending node; 0 when the problem is the file or folder itself."""
    key: str
    """The key path inside the document, e.g. ``combatants[1].template``; empty for the file."""
    message: str
    """What is wrong, and where possible how to put it right."""

    def __str__(self) -> str:
        path = escape_name(self.path)
        where = f"{path}:{self.line}: " if self.line else f"{path}: "
        return f"{where}{self.key}: {self.message}" if self.key else f"{where}{self.message}"


SHOWN_MAX: Final = 20
"""The most problems a refusal lists before it counts the rest (arena validate lists all)."""


class ContentError(Exception):
    """Content files (or a save) that cannot be loaded; ``str()`` gives one line per issue.

    At most `SHOWN_MAX` of them: a file that is no scenario at all (a log, a list of
    thousands of keys) would otherwise fill the terminal with one line per key.
    """

    def __init__(self, issues: Iterable[Issue]) -> None:
        self.issues: tuple[Issue, ...] = tuple(issues)
        lines = [str(issue) for issue in self.issues[:SHOWN_MAX]]
        more = len(self.issues) - SHOWN_MAX
        if more > 0:
            lines.append(f"... and {more:,} more problems (arena validate lists them all)")
        super().__init__("\n".join(lines))

    @classmethod
    def single(cls, path: str, line: int, key: str, message: str) -> ContentError:
        """A ContentError holding one issue.

        Args:
            path: The file as it should be shown.
            line: 1-based line.
            key: The key path, or empty for the whole file.
            message: What is wrong.

        Returns:
            The error, ready to raise.
        """
        return cls((Issue(path, line, key, message),))


class NotInCatalog(KeyError):
    """A name looked up in a loaded catalog that is not there; the message suggests a near one."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
