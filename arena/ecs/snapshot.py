"""Copies of a fight's esper world and of its state, for continuations from one moment."""

from __future__ import annotations

import copy
import dataclasses
import enum
from collections import Counter, deque
from typing import Any, cast

import esper

from arena.copiers import Copier, field_copier
from arena.ecs.world import TABLES, FightWorld
from arena.rules.phrase import Phrase

_SHARED: set[type] = {int, str, float, bool, type(None), bytes, range, type, frozenset}
"""Types whose instances a copy shares with the original: they cannot change (numbers,
strings, frozen dataclasses, enums), found once per type; checked inline before a call."""
_HAS = _SHARED.__contains__
"""True for a type in `_SHARED` (mapped over a tuple's items in C: no call of ours per item)."""
_FROZEN: dict[int, tuple[Any, ...]] = {}
"""Tuples found to hold, at any depth, only values that cannot change, by id (each entry holds
its tuple, so the id is not reused while it is kept): a fight's caches keep nested tuples
(what a view read), and every copy of the fight meets the very same ones again."""
_FROZEN_MOST = 4096
"""Tuples kept in `_FROZEN` before it starts afresh."""
_COPIERS: dict[type, Copier] = {}
"""A mutable dataclass's copier: a function made for its fields (`field_copier`)."""
_OTHER: set[type] = set()
"""Types copied by `copy.deepcopy` (neither built-in containers nor dataclasses)."""


def _learn(kind: type) -> None:
    """File a type met for the first time: shared, copied field by field, or deep-copied.

    A mutable dataclass may name fields that a copy shares with the original in a class
    attribute ``SHARED_BY_COPIES``: caches whose keys name all they depend on, so both copies
    read and fill them alike, and copying them would cost more than all else.
    """
    params = getattr(kind, "__dataclass_params__", None)
    if issubclass(kind, (enum.Enum, type)) or (params is not None and params.frozen):
        _SHARED.add(kind)
    elif params is not None:
        shared: frozenset[str] = getattr(kind, "SHARED_BY_COPIES", frozenset())
        entries: frozenset[str] = getattr(kind, "ENTRIES_SHARED_BY_COPIES", frozenset())
        names = [f.name for f in dataclasses.fields(cast(Any, kind))]
        copied = [n for n in names if n not in shared and n not in entries]
        made = field_copier(kind, copied, shared | entries, _SHARED, copy_value)
        _COPIERS[kind] = _with_own_dicts(made, tuple(entries)) if entries else made
    else:
        _OTHER.add(kind)


def _with_own_dicts(copier: Copier, names: tuple[str, ...]) -> Copier:
    """`copier`, then each named dict field made the copy's own: the same entries in a new dict."""

    def copy_fields(x: Any, memo: dict[int, Any]) -> Any:
        new = copier(x, memo)
        for name in names:
            object.__setattr__(new, name, dict(getattr(x, name)))
        return new

    return copy_fields


def copy_value(x: Any, memo: dict[int, Any]) -> Any:
    """A deep copy that shares what cannot change: frozen dataclasses, strings, numbers.

    A frozen value (a decision, a choice, a harm) is shared by the original and the copy; any
    cache inside one (a decision's key index) holds only what its own numbers give. ``memo``
    maps the ids of objects already copied (or to be replaced) to their copies.
    """
    # Most values met are numbers and strings: each container checks its items' types
    # before calling, so a copy makes one call per mutable object rather than per value.
    shared = _SHARED
    kind = type(x)
    if kind in shared:
        return x
    new: Any
    if kind is tuple:
        # Nearly every tuple met holds only values that cannot change (a cache's key or
        # entry, a cell): found so by one pass in C, it is the same tuple in the copy.
        if all(map(_HAS, map(type, x))) or _FROZEN.get(id(x)) is x or _frozen(x):
            return x
        found = memo.get(id(x))
        if found is not None:
            return found
        items = tuple(
            i
            if (t := type(i)) in shared or (t is tuple and all(map(_HAS, map(type, i))))
            else copy_value(i, memo)
            for i in x
        )
        new = x if all(a is b for a, b in zip(items, x, strict=True)) else items
        memo[id(x)] = new
        return new
    found = memo.get(id(x))
    if found is not None:
        return found
    copier = _COPIERS.get(kind)
    if copier is not None:
        return copier(x, memo)
    if kind is dict or kind is Counter:  # copy.deepcopy of a Counter: about 11 microseconds
        new = memo[id(x)] = kind()
        if all(map(_HAS, map(type, x.values()))):
            # Keys are hashable and values unchangeable: copied in one step, in C.
            dict.update(new, x)
            return new
        # A tuple of unchangeable values is kept as it is, found so in place (no call).
        for k, v in x.items():
            t = type(v)
            if t in shared or (t is tuple and all(map(_HAS, map(type, v)))):
                new[k] = v
            else:
                new[k] = copy_value(v, memo)
        return new
    if kind is list:
        if all(map(_HAS, map(type, x))):
            new = memo[id(x)] = x.copy()
            return new
        new = memo[id(x)] = []
        add = new.append
        for i in x:  # as for a dict's values
            t = type(i)
            add(
                i
                if t in shared or (t is tuple and all(map(_HAS, map(type, i))))
                else copy_value(i, memo)
            )
        return new
    if kind is set:
        new = set(x)  # members are hashable: they do not change
    elif kind is deque:
        if all(map(_HAS, map(type, x))):
            new = deque(x, x.maxlen)
        else:
            new = deque((i if type(i) in shared else copy_value(i, memo) for i in x), x.maxlen)
    elif kind in _OTHER:
        return copy.deepcopy(x, memo)
    else:
        _learn(kind)
        return copy_value(x, memo)
    memo[id(x)] = new
    return new


def _frozen(x: tuple[Any, ...]) -> bool:
    """True if the tuple holds only values that cannot change, at any depth; kept if so.

    Told by the values' types alone (never by what a copy made of them): a value shared with
    one copy (the content, say) is no proof that another copy may share it.
    """
    for i in x:
        t = type(i)
        if t in _SHARED:
            continue
        if t is not tuple or not (
            all(map(_HAS, map(type, i))) or _FROZEN.get(id(i)) is i or _frozen(i)
        ):
            return False
    if len(_FROZEN) >= _FROZEN_MOST:
        _FROZEN.clear()
    _FROZEN[id(x)] = x
    return True


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
