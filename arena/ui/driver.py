"""The fight as the arena screen drives it: whose turn, AI answers, replays, saves."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence

from arena.engine import Command, Controllers, Decision, Event, Fight
from arena.engine.thinking import looks_ahead


class FightDriver:
    """Holds one fight, plays back a replay, and lets the engine's controllers answer the rest."""

    def __init__(
        self,
        fight: Fight,
        *,
        replay: Sequence[Command] = (),
        watch: bool = False,
    ) -> None:
        """Drive a fight.

        Args:
            fight: the fight (started here if it was not).
            replay: recorded commands applied first, one a step, before anyone decides.
            watch: nobody is human: the AI answers every decision.
        """
        self.fight = fight
        self.replay: deque[Command] = deque(replay)
        self.watch = watch
        self.controllers = Controllers(fight, watch=watch)
        self.humans = self.controllers.people

    def asks_player(self, decision: Decision) -> bool:
        """True if the player answers this decision (not when the AI plays a frenzy)."""
        return self.controllers.asks_person(decision)

    def start(self) -> tuple[Event, ...]:
        """Start the fight (nothing happens if it has started)."""
        return self.fight.start()

    def human_decision(self) -> Decision | None:
        """The decision the player must answer now, or None (the fight or the AI goes on)."""
        return None if self.replay else self.controllers.person_decision()

    def waiting_on(self) -> Decision | None:
        """The decision answered next: the others declare first, then the player."""
        return self.controllers.waiting_on()

    def step(self) -> tuple[Event, ...] | None:
        """Let a replayed command, a script or the AI answer the next decision.

        Returns:
            The events it caused, or None when the player must decide or the fight is over.
        """
        if self.fight.over:
            return None
        if self.replay:
            return self.controllers.run(
                given=self._replayed(), stop_after=len(self.fight.commands) + 1
            )
        return self.controllers.step()

    def slow_decision(self) -> Decision | None:
        """The AI's next decision if it takes a look-ahead (an expert's), else None.

        Such a decision is worked out on a worker process and answered with `answer`, so the
        keys stay free meanwhile.
        """
        if self.replay or self.fight.over:
            return None
        decision = self.controllers.automatic()
        return decision if decision is not None and looks_ahead(self.fight, decision) else None

    def answer(self, decision: Decision, command: Command, reason: str) -> tuple[Event, ...]:
        """Apply the AI's answer worked out elsewhere, if its decision is still pending."""
        if not any(d is decision for d in self.fight.pending()):
            return ()
        return self.fight.answer(decision, command, reason)

    def run_until_human(self, limit: int = 10_000, *, or_slow: bool = False) -> tuple[Event, ...]:
        """Step until the player must decide or the fight ends (at most `limit` steps).

        Args:
            limit: the most steps taken.
            or_slow: stop too before a decision that takes a look-ahead (`slow_decision`).
        """
        fight = self.fight
        pause = (lambda decision: looks_ahead(fight, decision)) if or_slow else None
        # The replayed commands first, then the controllers, in the one loop.
        return self.controllers.run(
            given=self._replayed(), stop_after=len(fight.commands) + limit, pause=pause
        )

    def _replayed(self) -> Iterator[tuple[Command, str]]:
        """The recorded commands, each taken off the replay as it is applied."""
        while self.replay and not self.fight.over:
            yield self.replay.popleft(), ""

    def choose(self, decision: Decision, command: Command) -> tuple[Event, ...]:
        """The player's answer to the decision shown.

        Raises:
            IllegalCommand: it does not answer that decision, or the decision is no longer
                pending.
        """
        return self.fight.answer(decision, command)
