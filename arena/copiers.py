"""Functions that copy a mutable dataclass field by field, made once per class from its fields."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

Copier = Callable[[Any, dict[int, Any]], Any]
"""Copies one instance, given the memo of objects copied so far (id to copy)."""


_KEEP = "v if t in same or (t is tuple and all(map(has, map(type, v)))) else deep(v, memo)"
"""A field's value in the copy: itself if it cannot change (a tuple of such values too, found
so in C without a call), else its copy."""


def field_copier(
    kind: type, copied: list[str], shared: Collection[str], same: set[type], deep: Copier
) -> Copier:
    """A function that copies an instance of a mutable dataclass, field by field.

    Made as `dataclasses` makes ``__init__``: a copy of a fight meets thousands of components
    a second, and a loop of ``getattr`` and ``setattr`` calls over names costs more than the
    plain attribute reads and writes written out here. The copy is put in the memo before its
    fields are copied, so a field that leads back to it gets it.

    Args:
        kind: the dataclass.
        copied: the fields whose values are copied: by ``deep`` unless their type is in
            ``same`` (values that cannot change, shared as they are), or they are tuples of
            such values.
        shared: the fields whose values the copy shares with the original.
        same: the types shared as they are (a set read at each copy: it may grow).
        deep: the copy of one value, given the memo.
    """
    # A class with its own __setattr__ is written to past it, as object.__new__ made it bare.
    setter: object = kind.__setattr__
    own = setter is not object.__setattr__
    put = "put(new, {0!r}, {1})" if own else "new.{0} = {1}"
    lines = ["def copy_fields(x, memo):", "    new = memo[id(x)] = make(kind)"]
    for name in copied:
        lines.append(f"    v = x.{name}")
        lines.append("    t = type(v)")
        lines.append("    " + put.format(name, _KEEP))
    lines.extend("    " + put.format(name, f"x.{name}") for name in shared)
    lines.append("    return new")
    scope: dict[str, Any] = {"make": object.__new__, "kind": kind, "same": same, "deep": deep}
    scope["has"] = same.__contains__
    scope["put"] = object.__setattr__
    # Compiled under the class's name, so a profile tells one class's copier from another's.
    code = compile("\n".join(lines), f"<{kind.__qualname__} copy>", "exec")
    exec(code, scope)  # noqa: S102 - the code is made from a dataclass's field names
    made: Copier = scope["copy_fields"]
    return made
