"""Commands: what a controller answers to a pending decision, and their save form."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, TypeVar, get_args, get_origin, get_type_hints


class IllegalCommand(Exception):
    """A command the rules forbid here; the fight is left unchanged."""


class Command(Protocol):
    """Every command is a frozen dataclass with a `kind` tag and the acting combatant."""

    kind: ClassVar[str]

    @property
    def actor(self) -> str:
        """The id of the combatant who decides."""
        ...


_REGISTRY: dict[str, type[Any]] = {}
C = TypeVar("C")


def command(cls: type[C]) -> type[C]:
    """Register a command dataclass under its save tag, the class's `kind`.

    Raises:
        ValueError: another command already has that kind.
    """
    kind: str = cls.kind  # type: ignore[attr-defined]
    if kind in _REGISTRY and _REGISTRY[kind] is not cls:
        raise ValueError(f"two commands share the kind {kind!r}")
    _REGISTRY[kind] = cls
    return cls


def command_to_mapping(cmd: Command) -> dict[str, Any]:
    """The tagged mapping a save stores: ``{kind: attack, actor: vilna, target: tom}``."""
    out: dict[str, Any] = {"kind": cmd.kind}
    for field in dataclasses.fields(cmd):  # type: ignore[arg-type]
        value = getattr(cmd, field.name)
        out[field.name] = list(value) if isinstance(value, tuple) else value
    return out


def command_from_mapping(data: Mapping[str, Any]) -> Command:
    """Rebuild a command from its tagged mapping.

    Raises:
        ValueError: the kind is unknown or the fields do not match it.
        CommandFieldError: a field's value is not of its type (a ValueError too).
    """
    kind = data.get("kind")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown command kind {kind!r}; known: {', '.join(sorted(_REGISTRY))}")
    names = [f.name for f in dataclasses.fields(cls)]
    given = sorted(k for k in data if k != "kind")
    if sorted(names) != given:
        raise ValueError(f"command {kind!r} takes {', '.join(names)}; got {', '.join(given)}")
    hints = _field_types(cls)
    values = {name: _field_value(name, data[name], hints[name]) for name in names}
    result: Command = cls(**values)
    return result


class CommandFieldError(ValueError):
    """A command field of the wrong type, such as a cell that is not two whole numbers."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        """The field, e.g. ``to``."""


_FIELD_TYPES: dict[type[Any], dict[str, Any]] = {}


def _field_types(cls: type[Any]) -> dict[str, Any]:
    if cls not in _FIELD_TYPES:  # the module's annotations are text until resolved
        _FIELD_TYPES[cls] = get_type_hints(cls)
    return _FIELD_TYPES[cls]


def _field_value(name: str, value: object, hint: Any) -> object:
    """A field's value as the command holds it, checked exactly (``True`` is no count).

    Raises:
        CommandFieldError: the value is not of the field's type.
    """
    if hint in (str, int, bool):
        if type(value) is not hint:
            words = {str: "text", int: "a whole number", bool: "true or false"}[hint]
            raise CommandFieldError(name, f"expected {words}, got {value!r}")
        return value
    if get_origin(hint) is tuple:  # a cell: every field of this shape holds whole numbers
        size = len(get_args(hint))
        if not isinstance(value, list | tuple) or len(value) != size:
            raise CommandFieldError(name, f"expected {size} whole numbers, got {value!r}")
        if not all(type(v) is int for v in value):
            raise CommandFieldError(name, f"expected {size} whole numbers, got {value!r}")
        return tuple(value)
    raise TypeError(f"no save form for a command field of type {hint!r}")  # a new field type


def one_of(cmd: Command, union: object, ruleset: str) -> Command:
    """The command, checked to be a member of a ruleset's closed command union.

    Raises:
        TypeError: it is another ruleset's command.
    """
    try:
        members = _MEMBERS[union]
    except KeyError:
        members = _MEMBERS[union] = get_args(union)
    if not isinstance(cmd, members):
        raise TypeError(f"{type(cmd).__name__} is not a {ruleset} command")
    return cmd


_MEMBERS: dict[object, tuple[type, ...]] = {}
"""Each command union's member classes, read once (every command of a fight is checked)."""
