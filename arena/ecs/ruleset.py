"""What a ruleset gives the engine: its systems in order, spawning, commands and views."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from arena.content.loader import Catalog
from arena.content.scenario import OptionValue, ScenarioDef
from arena.rules.commands import Command
from arena.rules.dice import DiceSource
from arena.rules.events import Event, Roll
from arena.rules.fast import quick_init
from arena.rules.phrase import Text
from arena.rules.views import Board, Decision, FightView, Status


@dataclass(slots=True)
class Clock:
    """Where the fight is: round, step, and whether it is over (a component of the fight)."""

    round: int = 1
    step: int = 0
    over: bool = False
    winner: str | None = None
    outcome: Text = ""


ROLLS_KEPT = 16
"""How many of the latest rolls a fight keeps for its views."""


@dataclass(slots=True)
class Ctx:
    """What every system gets: the dice, the options, the content and the clock."""

    dice: DiceSource
    options: Any
    """The ruleset's own frozen options value."""
    catalog: Catalog
    scenario: ScenarioDef
    clock: Clock
    pending: tuple[Decision, ...] = ()
    """Decisions the current step waits for."""
    rolls: deque[Roll] = field(default_factory=lambda: deque(maxlen=ROLLS_KEPT))
    """The latest rolls, for the dice tray (older ones fall off)."""


@quick_init
@dataclass(frozen=True, slots=True)
class StepResult:
    """What a system did: its events, and the decisions it now waits for (none when done)."""

    events: tuple[Event, ...] = ()
    waiting: tuple[Decision, ...] = ()


NOTHING = StepResult()
"""A step that did nothing and waits for nothing: one value, not a new one each time."""

System = Callable[[Ctx], StepResult]

Standing: TypeAlias = tuple[str, str, Status, Text, int, str]
"""One combatant as the view shows it at the end: id, side, status, health (words drawn when
read) and penalty; and its injury class after the fight, as the rules name it (``banged_up``;
empty where the ruleset has none)."""


@dataclass(frozen=True, slots=True)
class Ending:
    """A fight that is over, as its last view shows it, without the rest of that view."""

    winner: str | None
    """The winning side, or None for a draw."""
    outcome: Text
    """How the fight ended (drawn into words when read)."""
    round: int
    """Rounds (Sorcerer) or turns (Werewolf) played."""
    combatants: tuple[Standing, ...]
    """Each combatant at the end, in roster order."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One game's plug into the engine; the engine runs `steps` in this order, every round."""

    name: str
    steps: tuple[tuple[str, System], ...]
    """(seed step name, system) pairs, in the order they run each round."""
    parse_options: Callable[[str, Mapping[str, OptionValue]], Any]
    """Preset and option mapping → the frozen options value; ValueError names the bad key."""
    options_record: Callable[[Any], tuple[tuple[str, str], ...]]
    """The options value as (name, value) pairs for logs and saves."""
    spawn: Callable[[Ctx], tuple[Event, ...]]
    """Create the combatants' entities in the active world."""
    accept: Callable[[Ctx, Command], tuple[Event, ...]]
    """Record a legal command on components (the engine has checked it is legal)."""
    end_round: Callable[[Ctx], tuple[Event, ...]]
    """Check the end conditions after a round; set clock.over, winner and outcome."""
    finish: Callable[[Ctx], tuple[Event, ...]]
    """Wrap up a fight that is over (or stopped at its round limit)."""
    view: Callable[[Ctx], FightView]
    """A frozen snapshot of the fight."""
    board: Callable[[Ctx], Board] | None = None
    """The board at a glance, for answers that read no more (None: the whole view serves)."""
    standing: Callable[[Ctx], tuple[Standing, ...]] | None = None
    """Each combatant at the end, in roster order, for a summary that reads no more than
    that (None: read from the whole view)."""
