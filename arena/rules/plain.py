"""Frozen values as plain data (dicts, lists, scalars), for hashing and writing out."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

_FIELDS: dict[type, tuple[dataclasses.Field[Any], ...]] = {}


def _default(field: dataclasses.Field[Any]) -> Any:
    if field.default is not dataclasses.MISSING:
        return field.default
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return dataclasses.MISSING


def to_plain(value: Any, *, drop_defaults: bool = False) -> Any:
    """Dataclasses as dicts, tuples as lists, mappings as dicts, all the way down.

    What `dataclasses.asdict` gives, without its deep copies (a fight hashes a view every
    round).

    Args:
        value: the value to convert.
        drop_defaults: leave out fields that hold their default (for files people read).
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = _FIELDS.get(type(value))
        if fields is None:
            fields = _FIELDS[type(value)] = dataclasses.fields(value)
        out = {}
        for f in fields:
            item = getattr(value, f.name)
            if drop_defaults and item == _default(f):
                continue
            out[f.name] = to_plain(item, drop_defaults=drop_defaults)
        return out
    if isinstance(value, tuple | list):
        return [to_plain(v, drop_defaults=drop_defaults) for v in value]
    if isinstance(value, Mapping):
        return {k: to_plain(v, drop_defaults=drop_defaults) for k, v in value.items()}
    return value
