"""The coach in the background (`c`): each of the player's decisions ranked while they think."""

from __future__ import annotations

import asyncio
import dataclasses
from functools import partial

from arena.engine import Decision, Fight
from arena.engine.coach import PER_CHOICE, Coaching, coach_moment
from arena.engine.forecast import moment_of
from arena.ui.forecast_panel import pool
from arena.ui.pools import real_stderr

At = tuple[int, int]
"""A moment of the fight: its round and how many commands it holds."""


def at(fight: Fight) -> At:
    """The fight's moment now."""
    return (fight.round, len(fight.commands))


class CoachWatch:
    """Whether the coach follows the player's decisions, and what it has ranked so far."""

    def __init__(self, per_choice: int = PER_CHOICE) -> None:
        """Off, with nothing ranked; ``per_choice`` continuations a choice once on."""
        self.on = False
        self.per_choice = per_choice
        self._asked: At | None = None
        self._found: dict[At, Coaching] = {}
        self.missed = 0
        """Decisions picked with the coach on before their ranking came in (left out)."""

    def toggle(self) -> bool:
        """Turn the coach on or off; True if it is on now (a decision half-ranked is asked anew)."""
        self.on = not self.on
        self._asked = None
        return self.on

    def wanted(self, fight: Fight) -> bool:
        """True if the player's decision at hand should be ranked now (once per moment)."""
        if not self.on or fight.over or self._asked == at(fight):
            return False
        self._asked = at(fight)
        return True

    async def rank(self, fight: Fight, decision: Decision, side: str) -> None:
        """Rank the decision's choices on one worker, the other left to the forecast."""
        when = at(fight)
        moment = moment_of(fight, side, self.per_choice, as_seen=True)
        with real_stderr():  # a started worker is handed the process's own standard error
            work = partial(
                coach_moment,
                round_=fight.round,
                command=len(fight.commands),
                continuations=self.per_choice,
            )
            future = pool().submit(work, moment, decision)
        try:
            self._found[when] = await asyncio.wrap_future(future)
        finally:
            future.cancel()  # the decision was answered first: its ranking is not wanted

    def taken(self, fight: Fight, key: str) -> Coaching | None:
        """The ranking of the decision at hand with ``key`` taken, if it came in before."""
        found = self._found.pop(at(fight), None)
        if found is None:
            if self.on:  # picked before the coach had it: the summary counts it as left out
                self.missed += 1
            return None
        return dataclasses.replace(found, taken=key)
