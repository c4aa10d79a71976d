"""Werewolf components: traits, pools, health and the turn's plan (data only)."""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.rules.commands import Command


@dataclass(slots=True)
class Traits:
    """Attributes and abilities by name, as the current form has them."""

    values: dict[str, int]
    kind: str
    maneuvers: tuple[str, ...]


@dataclass(slots=True)
class Pools:
    """Rage, Gnosis and Willpower: current and permanent."""

    rage: int
    rage_max: int
    gnosis: int
    gnosis_max: int
    willpower: int
    willpower_max: int


@dataclass(slots=True)
class Health:
    """Damage taken, one entry per health level filled: ``bashing``, ``lethal``, ``aggravated``."""

    boxes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Plan:
    """This turn: initiative, the segments to act on, and the declared actions."""

    initiative: int = -1
    segments: list[int] = field(default_factory=list)
    declared: dict[int, Command] = field(default_factory=dict)


@dataclass(slots=True)
class TurnClock:
    """The segment being played this turn (a component of the fight entity); None between."""

    segment: int | None = None
