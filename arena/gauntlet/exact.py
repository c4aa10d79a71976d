"""Values read from a gauntlet file exactly: never a fraction, a string or a flag rounded."""

from __future__ import annotations

from typing import Any


class SavedValueError(ValueError):
    """A saved value that is not what it should be, with the key path it is at."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        """Where it is: ``carried.pools[0]``, ``records[2].luck.rolls`` (a pool by its name)."""


def read_whole(value: Any, key: str, low: int, high: int) -> int:
    """A whole number as saved, exactly: never a fraction, a string or true/false rounded.

    Raises:
        ValueError: it is not one, or lies outside ``low`` to ``high``; the key is named.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise SavedValueError(key, f"a whole number expected, not {type(value).__name__}")
    if not low <= value <= high:
        raise SavedValueError(key, f"{value} is not from {low} to {high}")
    return value


def read_flag(value: Any, key: str) -> bool:
    """True or false as saved, exactly.

    Raises:
        ValueError: it is neither; the key is named.
    """
    if not isinstance(value, bool):
        raise SavedValueError(key, f"true or false expected, not {type(value).__name__}")
    return value


def read_text(value: Any, key: str) -> str:
    """Text as saved, exactly: a number or a list is not a name.

    Raises:
        ValueError: it is not text; the key is named.
    """
    if not isinstance(value, str):
        raise SavedValueError(key, f"text expected, not {type(value).__name__}")
    return value


def read_texts(value: Any, key: str) -> tuple[str, ...]:
    """A list of text as saved, each item checked.

    Raises:
        ValueError: it is not a list of text; the first bad item's key is named.
    """
    if not isinstance(value, list):
        raise SavedValueError(key, f"a list expected, not {type(value).__name__}")
    return tuple(read_text(item, f"{key}[{index}]") for index, item in enumerate(value))


def read_key(data: Any, name: str, where: str = "") -> Any:
    """``data[name]``, where ``data`` must be a mapping that holds it.

    Raises:
        ValueError: ``data`` is no mapping, or lacks ``name``; the key path is named.
    """
    if not isinstance(data, dict):
        raise SavedValueError(where or "the save", f"a mapping expected, not {type(data).__name__}")
    if name not in data:
        raise SavedValueError(f"{where + '.' if where else ''}{name}", "missing")
    return data[name]
