"""Copies of a fight's esper world and of its state, for continuations from one moment."""

from __future__ import annotations

import copy
import dataclasses
import enum
from collections import deque
from typing import Any, Final

import esper

from arena.ecs.world import TABLES, FightWorld
from arena.rules.phrase import Phrase

_ATOMIC: Final = (int, str, float, bool, type(None), bytes, range, type)
_FIELDS: dict[type, tuple[tuple[str, bool], ...] | None] = {}
"""A dataclass type's fields, each with whether copies share it, when its instances are copied
field by field; None: the instances themselves are shared."""


def _fields(kind: type) -> tuple[tuple[str, bool], ...] | None:
    """How a type's instances are copied: by field (a mutable dataclass) or shared (frozen).

    A mutable dataclass may name fields that a copy shares with the original in a class
    attribute ``SHARED_BY_COPIES``: caches whose keys name all they depend on, so both copies
    read and fill them alike, and copying them would cost more than all else.

    Raises:
        KeyError: the type is not a dataclass.
    """
    if kind not in _FIELDS:
        params = getattr(kind, "__dataclass_params__", None)
        if params is None:
            raise KeyError(kind)
        shared: frozenset[str] = getattr(kind, "SHARED_BY_COPIES", frozenset())
        names = tuple((f.name, f.name in shared) for f in dataclasses.fields(kind))
        _FIELDS[kind] = None if params.frozen else names
    return _FIELDS[kind]


def copy_value(x: Any, memo: dict[int, Any]) -> Any:
    """A deep copy that shares what cannot change: frozen dataclasses, strings, numbers.

    A frozen value (a decision, a choice, a harm) is shared by the original and the copy; any
    cache inside one (a decision's key index) holds only what its own numbers give. ``memo``
    maps the ids of objects already copied (or to be replaced) to their copies.
    """
    kind = type(x)
    if kind in _ATOMIC or isinstance(x, enum.Enum):
        return x
    found = memo.get(id(x))
    if found is not None:
        return found
    if kind is tuple:
        items = tuple(copy_value(i, memo) for i in x)
        new: Any = x if all(a is b for a, b in zip(items, x, strict=True)) else items
    elif kind is list:
        new = memo[id(x)] = []
        new.extend(copy_value(i, memo) for i in x)
    elif kind is dict:
        new = memo[id(x)] = {}
        for k, v in x.items():
            new[k] = copy_value(v, memo)
    elif kind is set or kind is frozenset:
        new = kind(x)  # members are hashable: they do not change
    elif kind is deque:
        new = deque((copy_value(i, memo) for i in x), x.maxlen)
    else:
        try:
            names = _fields(kind)
        except KeyError:
            return copy.deepcopy(x, memo)
        if names is None:
            return x
        new = memo[id(x)] = object.__new__(kind)
        for name, shared in names:
            value = getattr(x, name)
            object.__setattr__(new, name, value if shared else copy_value(value, memo))
        return new
    memo[id(x)] = new
    return new


def copy_world(world: FightWorld, memo: dict[int, Any]) -> FightWorld:
    """A new world holding copies of every entity and component of ``world``.

    Raises:
        RuntimeError: the world is closed, or is the active one (a call into it is running),
            or an entity's copy got another id (the world's name, the id and the copy's).
    """
    if world.closed:
        raise RuntimeError(Phrase("ecs_world_closed", (world.name,)))
    if world.busy:
        raise RuntimeError(Phrase("ecs_world_active", (world.name,)))
    copies = copy_value(TABLES[world.name], memo)
    twin = FightWorld()
    with twin.entered():
        # Entities are made in the order of their ids and none is ever deleted, so esper
        # gives each copy its original's id, and the next id is the same in both worlds.
        for ent, components in copies.items():
            made = esper.create_entity(*components.values())
            if made != ent:
                twin.close()
                raise RuntimeError((world.name, ent, made))
    TABLES[twin.name] = copies
    return twin
