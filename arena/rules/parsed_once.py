"""Options parsed once for the same preset and changes: every fight of a batch asks again."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

Parse = Callable[[str, Mapping[str, object]], T]


def parsed_once(parse: Parse[T], size: int = 256) -> Parse[T]:
    """`parse` kept by preset and changes, each value keyed by its type as well.

    True, 1 and 1.0 are equal keys but not equal options, so each value's type is in the key.
    A value that cannot be a key (never legal) goes to `parse` itself, which refuses it.
    """

    @lru_cache(maxsize=size)
    def kept(preset: str, items: tuple[tuple[str, type, object], ...]) -> T:
        return parse(preset, {key: value for key, _, value in items})

    def parsed(preset: str, mapping: Mapping[str, object]) -> T:
        try:
            return kept(preset, tuple([(k, type(v), v) for k, v in sorted(mapping.items())]))
        except TypeError:
            return parse(preset, mapping)

    return parsed
