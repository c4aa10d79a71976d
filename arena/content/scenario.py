"""The scenario definition: who fights whom, where, under which options, and what to expect."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal

from arena.content.bounds import RIGGED_MAX, ROUNDS_MAX, Face, Length, Range, Rounds, Seed

Ruleset = Literal["werewolf", "sorcerer"]
OnExhausted = Literal["random", "error"]
OptionValue = str | int | bool


@dataclass(frozen=True, slots=True)
class CombatantDef:
    """One combatant of a scenario: a content template placed on the map under a controller."""

    id: str
    """Unique within the scenario; scripts, expectations and logs use it."""
    template: str = field(metadata={"ref": "{ruleset}/characters"})
    """The character sheet in content, e.g. ``tom``."""
    side: str
    """Combatants on the same side are allies; the fight ends when one side is left."""
    spawn: Annotated[int, Range(1, 9)]
    """The numbered spawn point of the map (the digit drawn in its rows)."""
    controller: str = "ai:nearest"
    """``human``, ``script`` or ``ai:<policy>``."""
    name: str = ""
    """A display name overriding the template's."""
    script: Annotated[tuple[str, ...], Length(0, 10_000)] = ()
    """Choice keys a ``script`` controller answers with, in order (then ``ai:nearest``)."""
    overrides: Mapping[str, Annotated[int, Range(-10, 100)]] = field(default_factory=dict)
    """Trait overrides, e.g. ``{dexterity: 5}``; each ruleset checks its names and ranges."""


@dataclass(frozen=True, slots=True)
class ExpectDef:
    """What a regression scenario must end with; anything left out is not checked."""

    winner: str | None = None
    """The winning side, or ``none`` for no winner."""
    rounds: Annotated[int, Range(1, ROUNDS_MAX)] | None = None
    """How many rounds (Sorcerer) or turns (Werewolf) the fight lasted."""
    health: Mapping[str, str] = field(default_factory=dict)
    """Combatant id → its health text at the end, exactly as the view shows it."""
    penalty: Mapping[str, Annotated[int, Range(0, 100)]] = field(default_factory=dict)
    """Combatant id → its damage penalty at the end."""
    status: Mapping[str, str] = field(default_factory=dict)
    """Combatant id → its status at the end (``active``, ``incapacitated``, ``helpless``...)."""
    events: tuple[str, ...] = ()
    """Event kinds that must occur at least once."""


@dataclass(frozen=True, slots=True)
class ScenarioDef:
    """A whole fight, ready to start."""

    name: str
    """A title to show."""
    ruleset: Ruleset
    combatants: Annotated[tuple[CombatantDef, ...], Length(2, 9)]
    map: str = field(metadata={"ref": "arenas/maps"})
    description: str = ""
    seed: Seed = 1
    preset: str = "seed"
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    rigged: Annotated[tuple[Face, ...], Length(0, RIGGED_MAX)] = ()
    """d10 faces dealt before the seeded generator."""
    when_rigged_runs_out: OnExhausted = "random"
    max_rounds: Rounds = 20
    """The fight stops as a draw after this many rounds or turns."""
    expect: ExpectDef | None = None
