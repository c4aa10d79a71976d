"""Holding on the player's own action: which events the screen keeps showing until a key."""

from __future__ import annotations

from collections.abc import Sequence

from arena.engine import Event


def hold_limit(events: Sequence[Event], start: int, round_: int, who: str) -> int | None:
    """How many events to show while the screen holds on the player's action.

    The action's events run from `start`; the hold keeps the ones of the round (or turn) it
    was taken in, so the next turn's initiative does not push the player's roll away.

    Args:
        events: the fight's events so far.
        start: the index of the action's first event.
        round_: the round (or turn) the action was taken in.
        who: the combatant the player chose for.

    Returns:
        The number of events to show, or None when no roll is the player's own (made by
        `who`, or against it): no hold. Others' rolls alone (a commanded demon's, everyone
        else's order) are not "your action's dice".
    """
    end = start
    while end < len(events) and events[end].round <= round_:
        end += 1
    rolled = any(e.roll is not None and who in (e.actor, e.target) for e in events[start:end])
    return end if rolled else None
