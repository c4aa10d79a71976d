"""The state of building one file: its issues, references to resolve and values to check."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from yaml.nodes import Node

from arena.content.errors import Issue, KeyPath, format_key_path
from arena.content.yamlnodes import line_of


class Invalid(Exception):
    """A value could not be built; its issues are already recorded in the document."""


@dataclass(frozen=True, slots=True)
class Ref:
    """A name that must exist in another section, checked once everything is loaded."""

    line: int
    path: KeyPath
    target: str
    """``namespace/section``, possibly with ``{ruleset}`` still in it."""
    name: str
    default: bool = False
    """The name came from the field's default, not from the file."""


@dataclass(frozen=True, slots=True)
class Built:
    """A dataclass instance built from a node, kept for its registered checks."""

    value: object
    node: Node
    path: KeyPath


class Document:
    """What building one file produced: issues, references to resolve, values to check."""

    def __init__(self, path: str, ruleset: str | None = None) -> None:
        self.path = path
        """The file as it is shown in errors."""
        self.ruleset = ruleset
        """What ``{ruleset}`` stands for in this file's references."""
        self.issues: list[Issue] = []
        self.refs: list[Ref] = []
        self.built: list[Built] = []

    def error(self, node: Node, path: KeyPath, message: str) -> None:
        """Record an issue at a node."""
        self.issues.append(Issue(self.path, line_of(node), format_key_path(path), message))

    def fail(self, node: Node, path: KeyPath, message: str) -> NoReturn:
        """Record an issue at a node and abandon the value being built."""
        self.error(node, path, message)
        raise Invalid
