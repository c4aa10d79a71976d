"""The scenario definition: who fights whom, where, under which options, and what to expect."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Final, Literal

from arena.content.bounds import (
    EMPTY_IS_NONE,
    NULL_CHECKS_NOTHING,
    RIGGED_MAX,
    ROUNDS_MAX,
    Face,
    Length,
    Name,
    Names,
    Range,
    Rounds,
    Seed,
    Title,
)
from arena.content.mapgen.params import MapParams
from arena.content.maps import MapDef
from arena.rules.dice import LabelledRoll
from arena.rules.kinds import Ruleset as Ruleset

OnExhausted = Literal["random", "error"]
OnScriptEnd = Literal["ai", "error"]
"""After a script's last key: the nearest-enemy AI takes over (and the log says so), or stop."""
OnLeftOver = Literal["ignore", "warn", "error"]
"""Rigged faces or labelled rolls the fight never used: say nothing, warn, or fail the run."""
OptionValue = str | int | bool
INLINE_MAP: Final = "(inline)"
"""The map id of a scenario that writes its map inline."""
ScriptEntry = str | Mapping[str, str]
"""A choice key for whatever decision comes next, or ``{kind: key}`` for a decision kind."""
DataValue = str | int | bool | tuple[str | int, ...]
"""A value an expected event's data field must have."""


@dataclass(frozen=True, slots=True)
class ByRuleset:
    """Build this field as the scenario's ruleset defines a section's entries (a character)."""

    section: str


@dataclass(frozen=True, slots=True)
class GenerateMap:
    """``map: {generate: {...}}``: a map generated from its params, and the digest to check."""

    generate: MapParams
    digest: str = ""
    """``sha256:`` and 64 hex digits: a save writes it, and loading checks the map it rebuilds
    still has it (left out, nothing is checked)."""


@dataclass(frozen=True, slots=True)
class CombatantDef:
    """One combatant of a scenario: a content template placed on the map under a controller."""

    id: str
    """Unique within the scenario; scripts, expectations and logs use it."""
    template: str = field(metadata={"ref": "{ruleset}/characters", EMPTY_IS_NONE: True})
    """The character sheet in content, e.g. ``tom``; empty (left out) with ``character``."""
    side: str
    """Combatants on the same side are allies; the fight ends when one side is left."""
    spawn: Annotated[int, Range(1, 9)] = 0
    """The numbered spawn point of the map (the digit drawn in its rows); required on a drawn
    map, left out (0) or ignored on a generated one, which seats each side itself."""
    controller: str = "ai:nearest"
    """``human``, ``script`` or ``ai:<policy>``."""
    name: Name = ""
    """A display name overriding the template's."""
    script: Annotated[tuple[ScriptEntry, ...], Length(0, 10_000)] = ()
    """Choice keys a ``script`` controller answers with, in order; ``{kind: key}`` entries
    answer only decisions of that kind."""
    answers: Mapping[str, str] = field(default_factory=dict)
    """Decision kind → the key a script gives whenever that kind comes up with no entry."""
    when_script_runs_out: OnScriptEnd = "ai"
    overrides: Mapping[str, int] = field(default_factory=dict)
    """Trait overrides, e.g. ``{dexterity: 5}``; each ruleset checks its names and ranges
    (``OVERRIDES`` of ``arena.content.werewolf`` and ``arena.content.sorcerer``)."""
    character: Annotated[object, ByRuleset("characters")] | None = None
    """A whole character sheet, as the ruleset's content writes one, instead of ``template``."""
    form: str = ""
    """Werewolf: the form it starts in (one of its sheet's forms)."""
    damage: Mapping[str, int] = field(default_factory=dict)
    """Damage carried at the start: Werewolf ``bashing``, ``lethal``, ``aggravated`` levels;
    Sorcerer ``temporary`` and ``lasting``."""
    pools: Mapping[str, int] = field(default_factory=dict)
    """Current pools at the start: Werewolf ``rage``, ``gnosis``, ``willpower``, ``essence``;
    Sorcerer ``humanity``."""
    weapons: Names | None = field(default=None, metadata={"ref": "{ruleset}/weapons"})
    """The weapons it holds, instead of its sheet's."""
    maneuvers: Names | None = field(default=None, metadata={"ref": "werewolf/maneuvers"})
    """Werewolf: the maneuvers it knows, instead of its sheet's."""


@dataclass(frozen=True, slots=True)
class TaskSpot:
    """A scenario's own task on a cell (Sorcerer's other task): a challenge against a pool."""

    id: str
    """Unique within the scenario; the choice key ``task:<id>`` names it."""
    cell: Annotated[tuple[Annotated[int, Range(0, 99)], ...], Length(2, 2)]
    """``[x, y]`` on the map; a combatant on it or next to it can state the task."""
    pool: Annotated[int, Range(1, 30)]
    """The difficulty pool the challenge rolls against (easy 1, moderate 2-3, hard 4-5...)."""
    name: Name = ""
    """What the task is, for people (the id when left out)."""


@dataclass(frozen=True, slots=True)
class RiggedRoll:
    """Faces for one labelled roll: the first such roll of that combatant takes them all."""

    who: str
    """The combatant id that rolls."""
    roll: str
    """Which roll: Werewolf ``initiative``, ``attack``, ``defence``, ``damage``, ``soak``,
    ``frenzy`` or ``other``; Sorcerer ``order`` or ``defence``."""
    faces: Annotated[tuple[Face, ...], Length(1, RIGGED_MAX)]
    """Every face the roll deals, in order (rerolled 10s included)."""


@dataclass(frozen=True, slots=True)
class EventExpect:
    """An event that must occur: its kind, and any of its actor, round and data fields."""

    kind: str
    actor: str = ""
    round: Annotated[int, Range(0, ROUNDS_MAX)] | None = field(
        default=None, metadata={NULL_CHECKS_NOTHING: "give the round"}
    )
    data: Mapping[str, DataValue] = field(default_factory=dict)
    """Fields of the event's ``data`` that must hold exactly these values."""


@dataclass(frozen=True, slots=True)
class ExpectDef:
    """What a regression scenario must end with; anything left out is not checked."""

    winner: str | None = field(
        default=None, metadata={NULL_CHECKS_NOTHING: "write none for a fight no side wins"}
    )
    """The winning side, or ``none`` for no winner."""
    rounds: Annotated[int, Range(1, ROUNDS_MAX)] | None = field(
        default=None, metadata={NULL_CHECKS_NOTHING: "give the rounds or turns played"}
    )
    """How many rounds (Sorcerer) or turns (Werewolf) the fight lasted."""
    health: Mapping[str, str] = field(default_factory=dict)
    """Combatant id → its health text at the end, exactly as the view shows it."""
    penalty: Mapping[str, Annotated[int, Range(0, 100)]] = field(default_factory=dict)
    """Combatant id → its damage penalty at the end."""
    status: Mapping[str, str] = field(default_factory=dict)
    """Combatant id → its status at the end (``active``, ``incapacitated``, ``helpless``...)."""
    events: tuple[str | EventExpect, ...] = ()
    """Event kinds, or events with fields, that must occur at least once."""
    order: tuple[tuple[str, ...], ...] = ()
    """Per round, who acts in turn: Sorcerer ids in the order of action, Werewolf
    ``id@segment`` for every action, in the order taken."""
    aftermath: Mapping[str, str] = field(default_factory=dict)
    """Combatant id → its injury class after the fight (Sorcerer ``banged_up``, ``hospital``,
    ``mortal``, ``dead``; Werewolf the health words)."""


@dataclass(frozen=True, slots=True)
class ScriptLines:
    """Where a file wrote its combatants' scripts, to name an entry the fight refuses later."""

    file: str
    """The file as errors name it."""
    lines: Mapping[str, int] = field(default_factory=dict)
    """Key path → 1-based line: ``combatants[1].script``, ``combatants[1].script[0]`` and
    ``combatants[1].answers.rage``."""

    def at(self, key: str) -> str:
        """``file:line: key``, as the loader names the same place (no line if it is not known)."""
        line = self.lines.get(key)
        return f"{self.file}:{line}: {key}" if line else f"{self.file}: {key}"


@dataclass(frozen=True, slots=True)
class ScenarioDef:
    """A whole fight, ready to start."""

    name: Title
    """A title to show."""
    ruleset: Ruleset
    combatants: Annotated[tuple[CombatantDef, ...], Length(2, 9)]
    map: str = field(metadata={"ref": "arenas/maps", EMPTY_IS_NONE: True})
    """A map of ``content/arenas/`` by id; `INLINE_MAP` when the file writes the map inline."""
    description: str = ""
    seed: Seed = 1
    preset: str = "seed"
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    rigged: Annotated[tuple[Face | RiggedRoll, ...], Length(0, RIGGED_MAX)] = ()
    """d10 faces dealt in order before the seeded generator, and labelled rolls set aside for
    the rolls they name (see `plain_faces`, `labelled_rolls`)."""
    when_rigged_runs_out: OnExhausted = "random"
    when_rigged_left_over: OnLeftOver = "ignore"
    max_rounds: Rounds = 20
    """The fight stops as a draw after this many rounds or turns."""
    expect: ExpectDef | None = None
    tasks: Annotated[tuple[TaskSpot, ...], Length(0, 20)] = ()
    """Sorcerer: the scenario's own other tasks on cells."""
    inline_map: MapDef | None = None
    """The map the file wrote inline under ``map:`` (files never use this key); the generated
    map, when the file asks for one."""
    generated_map: GenerateMap | None = None
    """What a file wrote as ``map: {generate: ...}`` (files never use this key)."""
    script_lines: ScriptLines | None = field(default=None, compare=False, repr=False)
    """Where the file wrote its scripts, if it was loaded from one (files never use this key)."""

    def map_def(self, maps: Mapping[str, object]) -> object:
        """The scenario's map: its inline one, or the entry of ``maps`` it names (or None)."""
        return self.inline_map if self.inline_map is not None else maps.get(self.map)


def plain_faces(rigged: tuple[int | RiggedRoll, ...]) -> tuple[int, ...]:
    """The plain faces of a ``rigged`` list, in order (the labelled rolls left out)."""
    return tuple(entry for entry in rigged if isinstance(entry, int))


def labelled_rolls(rigged: tuple[int | RiggedRoll, ...]) -> tuple[LabelledRoll, ...]:
    """The labelled rolls of a ``rigged`` list, each named by its place in the list."""
    return tuple(
        LabelledRoll(entry.who, entry.roll, entry.faces, f"rigged[{index}]")
        for index, entry in enumerate(rigged)
        if isinstance(entry, RiggedRoll)
    )
