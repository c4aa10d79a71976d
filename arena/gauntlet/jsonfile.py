"""Reading a gauntlet file (a run's save, the high-score table): JSON, every failure in a line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arena.content.errors import ContentError, control_in, escape_name, format_key_path, quote
from arena.content.files import read_file
from arena.content.yamlnodes import decode
from arena.gauntlet.errors import GauntletError


def read_json(
    path: Path, what: str, *, other: Callable[[str], str | None] = lambda text: None
) -> Any:
    """The file's JSON data, or one line saying why it is not ``what``.

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
        raise GauntletError(f"{shown}: not {what} ({err})") from None
    except json.JSONDecodeError as err:
        said = other(err.doc)
        if said is not None:
            raise GauntletError(f"{shown}:1: {said}") from None
        raise GauntletError(f"{shown}:{err.lineno}: not {what} ({err.msg})") from None
    except RecursionError:
        raise GauntletError(f"{shown}: not {what} (nested too deeply)") from None
    except ValueError:  # a number of more digits than int() reads
        raise GauntletError(f"{shown}: not {what} (a number too long)") from None
    # Names and notes are shown and written into morgues: refused whatever the digest says.
    at, char = control_in(data)
    if char:
        key = format_key_path(at) or "the file"
        raise GauntletError(
            f"{shown}: {key}: text holds the control character {char}: arena never writes one"
        )
    return data


class _NotStrict(Exception):
    """What Python's reader takes and JSON does not."""


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # The reader keeps the last of two, so an edit behind the first would pass unseen.
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _NotStrict(f"the key {quote(key)} is given twice in one object")
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise _NotStrict(f"{name} is not JSON")
