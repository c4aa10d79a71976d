"""Reading a gauntlet file (a run's save, the high-score table): JSON, every failure in a line."""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from arena.content.errors import ContentError, control_in, escape_name, format_key_path, quote
from arena.content.files import read_file
from arena.content.saves import KeyPath
from arena.content.yamlnodes import decode
from arena.gauntlet.errors import GauntletError


def read_json(
    path: Path, what: str, *, other: Callable[[str], str | None] = lambda text: None
) -> Any:
    """The file's JSON data, or one line saying why it is not ``what`` (see `read_json_lines`)."""
    return read_json_lines(path, what, other=other)[0]


def read_json_lines(
    path: Path, what: str, *, other: Callable[[str], str | None] = lambda text: None
) -> tuple[Any, dict[KeyPath, int]]:
    """The file's JSON data and the line of each key and item, or one line saying why it is not.

    The lines are keyed by path as a fight save's are (`arena.content.saves.read_save`).

    Args:
        path: the file.
        what: what it should be, for the message (``a gauntlet save``).
        other: given the text of a file that is not JSON, what other kind of file it is and
            which command takes it, or None.

    Raises:
        GauntletError: unreadable, not UTF-8, not JSON, nested too deeply, a number too
            long, a key twice in one object, NaN or Infinity, or a text holding a control
            character (an escape code, a line break, a bidi override).
    """
    shown = escape_name(str(path))
    try:
        # Never a pipe or a device (they would hang), and UTF-8 or refused on its line.
        text = decode(read_file(path), str(path))
        data = json.loads(text, object_pairs_hook=_once, parse_constant=_no_constant)
    except ContentError as err:
        raise GauntletError(str(err)) from None
    except _NotStrict as err:
        where = shown
        if err.twice is not None:  # the second of the two, where the edit most likely is
            line = json_lines(text, twice=True).get(err.twice)
            where = shown if line is None else f"{shown}:{line}"
        raise GauntletError(f"{where}: not {what} ({err})") from None
    except json.JSONDecodeError as err:
        said = other(err.doc)
        if said is not None:
            raise GauntletError(f"{shown}:1: {said}") from None
        raise GauntletError(f"{shown}:{err.lineno}: not {what} ({err.msg})") from None
    except RecursionError:
        raise GauntletError(f"{shown}: not {what} (nested too deeply)") from None
    except ValueError:  # a number of more digits than int() reads
        raise GauntletError(f"{shown}: not {what} (a number too long)") from None
    lines = json_lines(text)
    # Names and notes are shown and written into morgues: refused whatever the digest says.
    at, char = control_in(data)
    if char:
        key = format_key_path(at) or "the file"
        line = lines.get(at) if at else None
        where = shown if line is None else f"{shown}:{line}"
        raise GauntletError(
            f"{where}: {key}: text holds the control character {char}: arena never writes one"
        )
    return data, lines


def json_lines(text: str, *, twice: bool = False) -> dict[KeyPath, int]:
    """The line of each key (an object's) and item (an array's) of a JSON text read already.

    Empty if the text is on one line (a line number would say nothing: the key is named) or
    nested too deeply to walk: its messages then name no line. With ``twice``, only the
    line of a key given a second time in one object, keyed by the key alone.
    """
    if "\n" not in text.strip():
        return {}
    starts = [0, *(m.end() for m in _NEWLINE.finditer(text))]
    lines: dict[KeyPath, int] = {}
    again: dict[KeyPath, int] = {}

    def skip(pos: int) -> int:
        return _SPACE.match(text, pos).end()  # type: ignore[union-attr]

    def value(pos: int, at: KeyPath) -> int:
        """Note the lines below the value at ``pos`` (past any space); return where it ends."""
        pos = skip(pos)
        opening = text[pos]
        if opening == '"':
            return _STRING.match(text, pos).end()  # type: ignore[union-attr]
        if opening not in "{[":
            return _ATOM.match(text, pos).end()  # type: ignore[union-attr]
        closing = "}" if opening == "{" else "]"
        pos = skip(pos + 1)
        index = 0
        seen: set[str] = set()
        while text[pos] != closing:
            if opening == "{":
                end = _STRING.match(text, pos).end()  # type: ignore[union-attr]
                key: str = json.loads(text[pos:end])
                here: KeyPath = (*at, key)
                if key in seen:
                    again.setdefault((key,), bisect_right(starts, pos))
                seen.add(key)
                lines[here] = bisect_right(starts, pos)
                pos = skip(end) + 1  # past the colon
            else:
                here = (*at, index)
                lines[here] = bisect_right(starts, pos)
                index += 1
            pos = skip(value(pos, here))
            if text[pos] == ",":
                pos = skip(pos + 1)
        return pos + 1

    try:
        value(0, ())
    except RecursionError:
        return {}
    return again if twice else lines


def line_of_key(lines: Mapping[KeyPath, int], key: str) -> int | None:
    """The line of a key path as messages write it (``records[0].luck``), or the nearest above.

    None if none of it is known.
    """
    path: list[str | int] = [name or int(index) for name, index in _KEY_PART.findall(key)]
    for end in range(len(path), 0, -1):
        line = lines.get(tuple(path[:end]))
        if line is not None:
            return line
    return None


_NEWLINE = re.compile(r"\n")
_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_ATOM = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")
_KEY_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


class _NotStrict(Exception):
    """What Python's reader takes and JSON does not."""

    def __init__(self, message: str, twice: KeyPath | None = None) -> None:
        super().__init__(message)
        self.twice = twice
        """A key given twice in one object, as `json_lines` keys it with ``twice``."""


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # The reader keeps the last of two, so an edit behind the first would pass unseen.
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _NotStrict(f"the key {quote(key)} is given twice in one object", (key,))
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise _NotStrict(f"{name} is not JSON")
