"""Werewolf commands: what a combatant's controller answers to each Werewolf decision.

Attacks, moves and waiting reuse `arena.rules.actions` (Attack, Move, Wait).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias, cast, get_args

from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command, command, one_of
from arena.rules.fast import quick_init


@command
@quick_init
@dataclass(frozen=True, slots=True)
class SpendRage:
    """Step 2: spend this much Rage on actions this turn (0 spends none)."""

    kind: ClassVar[str] = "spend_rage"

    actor: str
    amount: int


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Dodge:
    """Dodge on this segment: Dexterity + Dodge cancels attack successes."""

    kind: ClassVar[str] = "dodge"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Block:
    """Block on this segment: Dexterity + Brawl against hand-to-hand attacks."""

    kind: ClassVar[str] = "block"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Parry:
    """Parry on this segment: Dexterity + Melee, not against guns."""

    kind: ClassVar[str] = "parry"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Split:
    """Split this action's pool into parts, each an action key with its dice and segment.

    A part key is what the action decision would do alone: ``punch:tom``, ``dodge``,
    ``move:3,4``. A third part is optional (an empty ``third``).
    """

    kind: ClassVar[str] = "split"

    actor: str
    first: str
    first_dice: int
    first_segment: int
    second: str
    second_dice: int
    second_segment: int
    third: str = ""
    third_dice: int = 0
    third_segment: int = -1


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Shift:
    """Shift form: with the action, or for Rage and no action."""

    kind: ClassVar[str] = "shift"

    actor: str
    form: str
    use_rage: bool = False


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Flee:
    """Leave the fight through the exit cell the combatant stands on."""

    kind: ClassVar[str] = "flee_exit"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class StepSideways:
    """Roll Gnosis against the Gauntlet to step sideways into the Umbra (and out of the fight)."""

    kind: ClassVar[str] = "step_sideways"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Jump:
    """Jump over low obstacles to a cell: a Strength roll carries it (rules/arena.md)."""

    kind: ClassVar[str] = "jump"

    actor: str
    to: tuple[int, int]


@command
@quick_init
@dataclass(frozen=True, slots=True)
class StandUp:
    """Get up after being knocked down."""

    kind: ClassVar[str] = "stand_up"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class BreakFree:
    """Break a grappler's hold: contested Strength + Brawl."""

    kind: ClassVar[str] = "break_free"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class AbortToDodge:
    """Attacked before acting: spend Willpower to turn the next action into a dodge now."""

    kind: ClassVar[str] = "abort_to_dodge"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class SpendWillpower:
    """Spend 1 Willpower for an automatic success on one of this segment's rolls (by index)."""

    kind: ClassVar[str] = "spend_willpower"

    actor: str
    roll: int


@command
@quick_init
@dataclass(frozen=True, slots=True)
class ShakeOffStun:
    """A stunned Garou spends Rage to act anyway."""

    kind: ClassVar[str] = "shake_off_stun"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class EndFrenzy:
    """A frenzied Garou spends Willpower on its action to come back to itself."""

    kind: ClassVar[str] = "end_frenzy"

    actor: str


@command
@quick_init
@dataclass(frozen=True, slots=True)
class Forgo:
    """Say no: spend no Willpower, do not abort, do not shake off a stun."""

    kind: ClassVar[str] = "forgo"

    actor: str


WerewolfCommand: TypeAlias = (
    Attack
    | Move
    | Wait
    | SpendRage
    | Dodge
    | Block
    | Parry
    | Split
    | Shift
    | Flee
    | StepSideways
    | Jump
    | StandUp
    | BreakFree
    | AbortToDodge
    | SpendWillpower
    | ShakeOffStun
    | EndFrenzy
    | Forgo
)
"""Every command of the ruleset: a closed union, matched exhaustively."""


def werewolf_command(cmd: Command) -> WerewolfCommand:
    """The command as one of this ruleset's, for an exhaustive match.

    Raises:
        TypeError: it is another ruleset's command.
    """
    # Checked in place: every command of a fight comes here. Its own class first, one hash
    # rather than a walk through the union's members; a subclass of one takes the walk.
    if type(cmd) in _CLASSES or isinstance(cmd, _MEMBERS):
        return cmd  # type: ignore[return-value]  # a member of the union, as just checked
    return cast(WerewolfCommand, one_of(cmd, WerewolfCommand, "Werewolf"))  # raises


_MEMBERS: tuple[type, ...] = get_args(WerewolfCommand)
"""The union's member classes."""
_CLASSES: frozenset[type] = frozenset(_MEMBERS)
"""The same, to look a command's own class up in."""
