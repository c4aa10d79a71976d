"""The AI's reasons on the cards: only this round's, so an old reason never reads as new."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from arena.engine import Event, FightView


def without_stale_reasons(view: FightView, events: Sequence[Event]) -> FightView:
    """The view without reasons given in earlier rounds.

    The view keeps each AI's latest reason as its combatant's last note, however old; the
    ``ai_reasoned`` events say who reasoned when. A combatant that reasoned before but not
    this round loses that last note (the log keeps every reason, once, where it was given).
    """
    reasoned: set[str] = set()
    fresh: set[str] = set()
    for event in events:
        if event.kind == "ai_reasoned":
            reasoned.add(event.actor)
            if event.round == view.round:
                fresh.add(event.actor)
    stale = reasoned - fresh
    if not stale:
        return view
    combatants = tuple(
        dataclasses.replace(c, notes=c.notes[:-1]) if c.id in stale and c.notes else c
        for c in view.combatants
    )
    return dataclasses.replace(view, combatants=combatants)
