"""Commands: what a controller answers to a pending decision, and their save form."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, TypeVar, get_args


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
    """
    kind = data.get("kind")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown command kind {kind!r}; known: {', '.join(sorted(_REGISTRY))}")
    names = [f.name for f in dataclasses.fields(cls)]
    given = sorted(k for k in data if k != "kind")
    if sorted(names) != given:
        raise ValueError(f"command {kind!r} takes {', '.join(names)}; got {', '.join(given)}")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "kind"}
    result: Command = cls(**values)
    return result


def one_of(cmd: Command, union: object, ruleset: str) -> Command:
    """The command, checked to be a member of a ruleset's closed command union.

    Raises:
        TypeError: it is another ruleset's command.
    """
    members: tuple[type, ...] = get_args(union)
    if not isinstance(cmd, members):
        raise TypeError(f"{type(cmd).__name__} is not a {ruleset} command")
    return cmd
