"""Sorcerer commands: the intentions of Step 1 and the answers Steps 2 and 4 ask for.

Attack, Move and Wait are shared (`arena.rules.actions`); the rest are Sorcerer's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, TypeAlias, get_args

from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command, command, one_of
from arena.rules.fast import quick_init


@command
@quick_init
@dataclass(frozen=True, slots=True)
class TotalDefense:
    """Defend to the exclusion of everything else this round: +2 dice to every defense."""

    kind: ClassVar[str] = "total_defense"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class PerformRitual:
    """Perform a snapshot ritual on a demon: contact, summon, bind, punish, banish, contain."""

    kind: ClassVar[str] = "ritual"

    actor: str
    ritual: str
    target: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Aim:
    """Aim a firearm at a target; next round's shot at it takes no unaimed penalty."""

    kind: ClassVar[str] = "aim"

    actor: str
    target: str
    means: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class CommandDemon:
    """Give the bound demon its order for the round: one of the demon's own choice keys."""

    kind: ClassVar[str] = "command_demon"

    actor: str
    demon: str
    order: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Flee:
    """Other task: leave the fight from an exit cell."""

    kind: ClassVar[str] = "flee"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Hop:
    """A demon's Hop: up to Power cells, over anything in the way."""

    kind: ClassVar[str] = "hop"

    actor: str
    to: tuple[int, int]


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Climb:
    """Other task: climb over the low obstacle next to the climber, to the cell past it."""

    kind: ClassVar[str] = "climb"

    actor: str
    to: tuple[int, int]


@command
@quick_init
@dataclass(frozen=True, slots=True)
class WorkTask:
    """Other task: one of the scenario's own tasks, from its cell or next to it."""

    kind: ClassVar[str] = "task"

    actor: str
    task: str
    """The task's id in the scenario."""


@command
@quick_init
@dataclass(frozen=True, slots=True)
class UseAbility:
    """Switch a demon ability on as the demon's action (Boost, Cloak, Protection)."""

    kind: ClassVar[str] = "use_ability"

    actor: str
    ability: str
    target: str
    """Who it helps (the master), or empty."""
    trait: str = ""
    """The score Boost adds to: ``stamina`` or ``will``; empty for other abilities."""


@command
@quick_init
@dataclass(frozen=True, slots=True)
class GrantBonus:
    """The role-playing bonus granted for this round's action roll (0 to 3 dice)."""

    kind: ClassVar[str] = "role_play"

    actor: str
    dice: int


@command
@quick_init
@dataclass(frozen=True, slots=True)
class PushThrough:
    """Push through damage for this many dice (0: do not push, the action is lost)."""

    kind: ClassVar[str] = "push_through"

    actor: str
    dice: int


@command
@quick_init
@dataclass(frozen=True, slots=True)
class React:
    """Attacked before acting: ``abort`` the action or ``suck_it_up``."""

    kind: ClassVar[str] = "react"

    actor: str
    attacker: str
    reaction: str


SorcererCommand: TypeAlias = (
    Attack
    | Move
    | Wait
    | TotalDefense
    | PerformRitual
    | Aim
    | CommandDemon
    | Flee
    | Hop
    | Climb
    | WorkTask
    | UseAbility
    | GrantBonus
    | PushThrough
    | React
)
"""Every command of the ruleset: a closed union, matched exhaustively."""


def sorcerer_command(cmd: Command) -> SorcererCommand:
    """The command as one of this ruleset's, for an exhaustive match.

    Raises:
        TypeError: it is another ruleset's command.
    """
    if isinstance(cmd, _MEMBERS):  # the classes read once: hashing the union makes a set
        return cmd
    found: SorcererCommand = one_of(cmd, SorcererCommand, "Sorcerer")  # type: ignore[assignment]
    return found


_MEMBERS: Final[tuple[type[SorcererCommand], ...]] = get_args(SorcererCommand)
"""The classes of `SorcererCommand`, in its order."""
