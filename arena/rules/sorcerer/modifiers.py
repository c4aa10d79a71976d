"""Step 2 modifiers: role-playing, rollover, snapshot rituals, total defense, unaimed firearms."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from arena.rules.commands import IllegalCommand
from arena.rules.fast import quick_init
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions
from arena.rules.sorcerer.pools import Modifier

SNAPSHOT_RITUAL_BASE: Final = 1
"""[seed] "Snapshot" rituals use 1 die as the base."""
TOTAL_DEFENSE_BONUS: Final = 2
"""[seed] Total Defense gives you +2 dice."""

RangeBand = Literal["point_blank", "in_range", "beyond", "out_of_range"]
RolloverLink = Literal["aim", "attack", "defense"]
"""What earned a rollover, which decides the roll it connects to."""
ActionKind = Literal["attack", "ritual", "command", "task"]
"""The kinds of action a rollover may be spent on (a defense roll is never an action)."""


def role_playing_bonus(dice: int, options: SorcererOptions = DEFAULT_OPTIONS) -> Modifier:
    """The bonus for a good description or tactic, granted by the table or an AI profile.

    Raises:
        IllegalCommand: the bonus is negative or above the option's maximum.
    """
    if not 0 <= dice <= options.role_play_max:
        raise IllegalCommand(f"a role-playing bonus is 0 to {options.role_play_max}, got {dice}")
    return _role_playing(dice)


@lru_cache(maxsize=64)
def _role_playing(dice: int) -> Modifier:
    """The bonus of `dice` dice, made once: every contested pool tallied asks it."""
    return Modifier("role-playing", dice)


def total_defense_bonus() -> Modifier:
    """The bonus on every defense roll of a round spent on total defense."""
    return Modifier("total defense", TOTAL_DEFENSE_BONUS)


def cover_bonus(options: SorcererOptions = DEFAULT_OPTIONS) -> Modifier:
    """The defense bonus of a combatant in cover from a shooter (a wall between them)."""
    return Modifier("cover", options.cover_bonus)


def unaimed_firearm_penalty(
    band: RangeBand, *, aimed: bool, options: SorcererOptions = DEFAULT_OPTIONS
) -> Modifier:
    """The penalty for shooting without aiming last round, by range band.

    Args:
        band: where the target is: adjacent, within the weapon's range, or beyond it.
        aimed: the shooter aimed at this target last round (no penalty then).
        options: the penalty per band.

    Returns:
        The penalty (zero dice when aimed).

    Raises:
        IllegalCommand: the target is out of range.
    """
    if band == "out_of_range":
        raise IllegalCommand("the target is out of range")
    if aimed:
        return Modifier("aimed", 0)
    dice = {
        "point_blank": options.unaimed_point_blank,
        "in_range": options.unaimed_in_range,
        "beyond": options.unaimed_beyond,
    }[band]
    return Modifier(f"unaimed firearm ({band.replace('_', ' ')})", -dice)


@quick_init
@dataclass(frozen=True, slots=True)
class Rollover:
    """Victories a character won, waiting as bonus dice for its next connected roll."""

    holder: str
    """Who won them."""
    link: RolloverLink
    """What won them: ``aim`` (for the shot), ``attack`` or ``defense``."""
    other: str
    """The target aimed at or attacked, or the attacker defended against."""
    dice: int
    """The victories, now bonus dice."""
    won_in_round: int
    """The round they were won in; they lapse after `SorcererOptions.rollover_expiry` more."""


def is_connected(rollover: Rollover, action: ActionKind, target: str, *, firearm: bool) -> bool:
    """Whether an action of the holder is causally connected to the roll that won the rollover.

    aim → a firearm attack on the same target; a won attack → the next attack on the same
    target; a won defense → the defender's next action (of any kind) against that attacker.
    """
    if target != rollover.other:
        return False
    if rollover.link == "aim":
        return action == "attack" and firearm
    if rollover.link == "attack":
        return action == "attack"
    return True


def spend_rollover(
    held: Iterable[Rollover], holder: str, action: ActionKind, target: str, *, firearm: bool
) -> tuple[tuple[Modifier, ...], tuple[Rollover, ...]]:
    """Spend every rollover connected to this action: all of it, on this one roll.

    Args:
        held: the rollovers waiting, for everyone.
        holder: who acts.
        action: what kind of action it is.
        target: the action's direct object.
        firearm: the action is a shot (aim connects only to shots).

    Returns:
        The bonus modifiers for the roll, and the rollovers still waiting.
    """
    used: list[Modifier] = []
    kept: list[Rollover] = []
    for r in held:
        if r.holder == holder and is_connected(r, action, target, firearm=firearm):
            used.append(_rollover_bonus(r.link, r.other, r.dice))
        else:
            kept.append(r)
    return tuple(used), tuple(kept)


@lru_cache(maxsize=1024)
def _rollover_bonus(link: RolloverLink, other: str, dice: int) -> Modifier:
    """A rollover spent, as the modifier it gives: made once for the same link, target, dice."""
    return Modifier(f"rollover from {link} ({other})", dice)


def expire_rollovers(
    held: Iterable[Rollover], ended_round: int, options: SorcererOptions = DEFAULT_OPTIONS
) -> tuple[tuple[Rollover, ...], tuple[Rollover, ...]]:
    """Drop rollover not used by the end of the round after the one it was won in.

    Args:
        held: the rollovers waiting.
        ended_round: the round that has just ended.
        options: how many rounds rollover survives after its own.

    Returns:
        The rollovers kept and the rollovers lost, each in their original order.
    """
    kept: list[Rollover] = []
    lost: list[Rollover] = []
    for r in held:
        (lost if ended_round >= r.won_in_round + options.rollover_expiry else kept).append(r)
    return tuple(kept), tuple(lost)
