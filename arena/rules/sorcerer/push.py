"""Pushing through damage: sorcerers only, original Will against the dice they want."""

from __future__ import annotations

from dataclasses import dataclass

from arena.rules.commands import IllegalCommand
from arena.rules.dice import Contest, DiceSource, resolve_contest, roll_faces
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions


def may_act_with(pool_size: int) -> bool:
    """Whether a pool is big enough to take an action: 1 die or more."""
    return pool_size > 0


def can_push_through(
    *, is_sorcerer: bool, penalty: int, stamina: int, options: SorcererOptions = DEFAULT_OPTIONS
) -> bool:
    """Whether a character may push through its damage penalty D this round.

    Args:
        is_sorcerer: only sorcerers may push through.
        penalty: D, the damage penalty (lasting + pending temporary).
        stamina: S, the character's Stamina.
        options: ``push_bounds``: S ≤ D ≤ 2S (inclusive) or S < D < 2S (exclusive).

    Returns:
        True when pushing through is allowed.
    """
    if not is_sorcerer:
        return False
    if options.push_bounds == "inclusive":
        return stamina <= penalty <= 2 * stamina
    return stamina < penalty < 2 * stamina


@dataclass(frozen=True, slots=True)
class PushThrough:
    """A push-through roll: original Will against the dice wanted."""

    wanted: int
    """N, the dice the sorcerer asked for."""
    contest: Contest
    """Will (first) against N dice (second)."""

    @property
    def succeeded(self) -> bool:
        """Will won: the action is rolled with N dice. A tie or a loss: the action fails."""
        return self.contest.winner == "first"

    @property
    def action_dice(self) -> int:
        """Dice for the real action: N on a success, none on a failure."""
        return self.wanted if self.succeeded else 0


def check_push_wanted(wanted: int, unpenalised_score: int) -> None:
    """Refuse a push for fewer than 1 die or more than the action's unpenalised score.

    Raises:
        IllegalCommand: N is out of 1..score.
    """
    if not 1 <= wanted <= unpenalised_score:
        raise IllegalCommand(f"push through for 1 to {unpenalised_score} dice, not {wanted}")


def resolve_push_through(
    will_faces: tuple[int, ...], wanted_faces: tuple[int, ...], unpenalised_score: int
) -> PushThrough:
    """Resolve a push from faces already rolled: Will's faces against the N dice's faces.

    Raises:
        IllegalCommand: N (the number of `wanted_faces`) is out of 1..score.
    """
    check_push_wanted(len(wanted_faces), unpenalised_score)
    return PushThrough(len(wanted_faces), resolve_contest(will_faces, wanted_faces))


def roll_push_through(
    dice: DiceSource, *, will: int, wanted: int, unpenalised_score: int
) -> PushThrough:
    """Roll original, unpenalised Will against N dice (Will's dice first).

    Args:
        dice: the fight's dice.
        will: the sorcerer's Will score, with no damage penalty.
        wanted: N, the dice wanted for the real action.
        unpenalised_score: the score the real action uses, with no damage penalty.

    Returns:
        The push; check `PushThrough.succeeded`.

    Raises:
        IllegalCommand: N is out of 1..score (nothing is rolled then).
    """
    check_push_wanted(wanted, unpenalised_score)
    will_faces = roll_faces(dice, will)
    return resolve_push_through(will_faces, roll_faces(dice, wanted), unpenalised_score)
