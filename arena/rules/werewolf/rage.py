"""Rage: the segments a combatant acts on, and the limits on spending Rage."""

from __future__ import annotations

from typing import Final

from arena.rules.commands import IllegalCommand
from arena.rules.werewolf.options import RageActions

SEGMENT_STEP: Final = 2
"""Rage actions fall on every second segment: 4, 2, 0 and 9, 7, 5, 3, 1 [seed]."""


def max_rage_for_actions(dexterity: int, mode: RageActions) -> int:
    """The most Rage a combatant may spend on actions in one turn under the seed's segments.

    Args:
        dexterity: current Dexterity (form included).
        mode: ``schedule`` (one point buys the whole schedule) or ``per_point``.

    Returns:
        1 under ``schedule``; Dexterity under ``per_point``.

    Raises:
        ValueError: mode ``w20``, whose Rage actions have no segments (see `w20_rage_actions`).
    """
    if mode == "schedule":
        return 1
    if mode == "per_point":
        return max(0, dexterity)
    raise ValueError("w20 Rage actions are not placed on segments; use w20_rage_actions")


def action_segments(
    initiative: int, rage_spent: int, dexterity: int, mode: RageActions = "schedule"
) -> tuple[int, ...]:
    """The segments a combatant acts on this turn, highest first.

    Without Rage a combatant acts once, on its initiative segment. Under ``schedule`` one
    point of Rage gives actions on the initiative segment and every second segment below it,
    down to 0, at most Dexterity actions in all [ruling reproducing the seed]. Under
    ``per_point`` each point is one extra action, at most Dexterity extra, on the same
    every-second-segment schedule [book]; actions that would fall below 0 are lost.

    Args:
        initiative: the initiative segment (successes); do not call this after a botch.
        rage_spent: Rage spent on actions this turn.
        dexterity: current Dexterity (form included).
        mode: the ``rage_actions`` option.

    Returns:
        The segments, e.g. (9, 7, 5, 3, 1).

    Raises:
        IllegalCommand: negative Rage, or more than the mode allows.
        ValueError: mode ``w20``.
    """
    limit = max_rage_for_actions(dexterity, mode)
    if not 0 <= rage_spent <= limit:
        raise IllegalCommand(f"Rage spent on actions must be 0 to {limit}, not {rage_spent}")
    if rage_spent == 0:
        count = 1
    elif mode == "schedule":
        count = max(1, dexterity)
    else:
        count = 1 + rage_spent
    schedule = range(max(0, initiative), -1, -SEGMENT_STEP)
    return tuple(schedule)[:count]


def useful_rage_spends(
    initiative: int, dexterity: int, rage_available: int, mode: RageActions
) -> tuple[int, ...]:
    """The Rage spends worth offering: 0, then each amount that adds an action.

    Args:
        initiative: the initiative segment.
        dexterity: current Dexterity (form included).
        rage_available: current Rage (0 in a turn with Gnosis use).
        mode: the ``rage_actions`` option (not ``w20``).

    Returns:
        Amounts in increasing order, always starting with 0.
    """
    spends = [0]
    most = 1
    for amount in range(1, min(rage_available, max_rage_for_actions(dexterity, mode)) + 1):
        count = len(action_segments(initiative, amount, dexterity, mode))
        if count > most:
            spends.append(amount)
            most = count
    return tuple(spends)


def spend_rage(current: int, amount: int, *, gnosis_used: bool = False) -> int:
    """Spend Rage: the pool left, never below 0.

    Args:
        current: the current Rage pool.
        amount: how much to spend.
        gnosis_used: whether the Garou has used or rolled Gnosis this turn.

    Returns:
        current - amount.

    Raises:
        IllegalCommand: a negative amount, more than the pool, or Rage in a Gnosis turn [book].
    """
    if amount < 0:
        raise IllegalCommand(f"cannot spend a negative amount of Rage ({amount})")
    if amount and gnosis_used:
        raise IllegalCommand("Rage cannot be spent in a turn in which Gnosis is used")
    if amount > current:
        raise IllegalCommand(f"only {current} Rage left, cannot spend {amount}")
    return current - amount


def check_gnosis_use(rage_spent_this_turn: int) -> None:
    """Raise IllegalCommand if Gnosis is used in a turn in which Rage was spent [book]."""
    if rage_spent_this_turn > 0:
        raise IllegalCommand("Gnosis cannot be used in a turn in which Rage is spent")


def w20_rage_action_limit(permanent_rage: int) -> int:
    """Under w20 at most half the permanent Rage, rounded up, buys extra actions [book]."""
    return (max(0, permanent_rage) + 1) // 2


def w20_rage_actions(rage_spent: int, permanent_rage: int, current_rage: int) -> int:
    """Check a w20 Rage spend on extra actions and return how many extra actions it buys.

    Args:
        rage_spent: Rage spent; each point is one extra action after everyone's normal action.
        permanent_rage: the permanent Rage rating.
        current_rage: the Rage pool now.

    Returns:
        The number of extra actions, equal to rage_spent.

    Raises:
        IllegalCommand: negative, more than the pool or more than half the permanent rating.
    """
    limit = w20_rage_action_limit(permanent_rage)
    if rage_spent > limit:
        raise IllegalCommand(f"w20 allows at most {limit} Rage actions, not {rage_spent}")
    spend_rage(current_rage, rage_spent)
    return rage_spent
