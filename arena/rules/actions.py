"""Commands both rulesets share: attack, move, wait."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from arena.rules.commands import command
from arena.rules.fast import quick_init


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Attack:
    """Attack a target with a maneuver or weapon (``punch``, ``fists``, ``knife``...)."""

    kind: ClassVar[str] = "attack"

    actor: str
    target: str
    means: str


@command
@dataclass(frozen=True, slots=True)
class Move:
    """Move to a cell."""

    kind: ClassVar[str] = "move"

    actor: str
    to: tuple[int, int]


@command
@dataclass(frozen=True, slots=True)
class Wait:
    """Do nothing this action."""

    kind: ClassVar[str] = "wait"

    actor: str
