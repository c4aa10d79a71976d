"""Which dataclass defines each content section, and the extra checks definitions must pass."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

SectionKey = tuple[str, str]
"""``(namespace, section)``, e.g. ``("werewolf", "characters")``."""


class Report(Protocol):
    """What a check may do: report problems at a key path, and look up other definitions."""

    def error(self, message: str, *path: str | int) -> None:
        """Record a problem at ``path``, relative to the checked value (empty: the value itself)."""

    def lookup(self, namespace: str, section: str, id: str) -> object | None:
        """A loaded definition, or None if there is none (its reference error is reported)."""


Check = Callable[[Any, Report], None]
"""Runs on every definition of its class once all content is loaded and references resolve."""


class Registry:
    """Maps each ``(namespace, section)`` to the dataclass its entries are built as."""

    def __init__(self) -> None:
        self._sections: dict[SectionKey, type] = {}

    def register(self, namespace: str, section: str, cls: type) -> None:
        """Declare that entries of ``namespace/section`` are built as ``cls``.

        Registering the same class again does nothing, so modules may be imported twice.

        Args:
            namespace: The first folder under the content root, e.g. ``werewolf``.
            section: A top-level key of the files in that folder, e.g. ``characters``.
            cls: A dataclass; its fields are the keys an entry may have.

        Raises:
            TypeError: ``cls`` is not a dataclass.
            ValueError: another class already holds that section.
        """
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            raise TypeError(f"{namespace}/{section}: {cls!r} is not a dataclass")
        held = self._sections.get((namespace, section))
        if held is not None and held is not cls:
            raise ValueError(f"{namespace}/{section} is already defined by {held.__qualname__}")
        self._sections[(namespace, section)] = cls

    def unregister(self, namespace: str, section: str) -> None:
        """Forget a section (tests use this to clean up after themselves).

        Raises:
            KeyError: the section is not registered.
        """
        del self._sections[(namespace, section)]

    def get(self, namespace: str, section: str) -> type | None:
        """The class of a section's entries, or None if no such section is registered."""
        return self._sections.get((namespace, section))

    def sections(self) -> tuple[SectionKey, ...]:
        """Every registered ``(namespace, section)``, sorted."""
        return tuple(sorted(self._sections))

    def namespaces(self) -> tuple[str, ...]:
        """Every namespace with at least one section, sorted."""
        return tuple(sorted({namespace for namespace, _ in self._sections}))


SECTIONS: Registry = Registry()
"""The registry the content loader uses unless it is given another."""

_CHECKS: dict[type, list[Check]] = {}


def register_section(namespace: str, section: str, cls: type) -> None:
    """Declare, in the default registry, the dataclass a section's entries are built as.

    Args:
        namespace: The first folder under the content root, e.g. ``werewolf``.
        section: A top-level key of the files in that folder, e.g. ``characters``.
        cls: A dataclass; its fields are the keys an entry may have.

    Raises:
        TypeError: ``cls`` is not a dataclass.
        ValueError: another class already holds that section.
    """
    SECTIONS.register(namespace, section, cls)


def register_check(cls: type[T], check: Callable[[T, Report], None]) -> None:
    """Add a check that every ``cls`` built from content must pass, wherever it is nested.

    Args:
        cls: The dataclass to check.
        check: Called with each instance and a Report once references are resolved.
    """
    checks = _CHECKS.setdefault(cls, [])
    if check not in checks:
        checks.append(check)


def checks_for(cls: type) -> tuple[Check, ...]:
    """The checks registered for exactly ``cls``, in registration order."""
    return tuple(_CHECKS.get(cls, ()))
