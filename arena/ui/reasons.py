"""The AI's reasons on the cards: only this round's, so an old reason never reads as new."""

from __future__ import annotations

import dataclasses

from arena.engine import FightView


def without_stale_reasons(view: FightView) -> FightView:
    """The view without reasons given in earlier rounds.

    The view keeps each AI's latest reason on its combatant, however old, with the round it
    was told in; one told before this round is left out (the log keeps every reason, once,
    where it was given).
    """
    if not any(c.reason is not None and c.reason.round != view.round for c in view.combatants):
        return view
    combatants = tuple(
        dataclasses.replace(c, reason=None)
        if c.reason is not None and c.reason.round != view.round
        else c
        for c in view.combatants
    )
    return dataclasses.replace(view, combatants=combatants)
