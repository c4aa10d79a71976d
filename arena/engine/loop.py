"""The one loop that lets scripts and the AI answer a fight's decisions until a person is needed."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from arena.engine import answering
from arena.engine.answering import LookAhead
from arena.engine.fight import Fight
from arena.engine.later import SeededLater
from arena.engine.scripts import asks_person, people
from arena.rules.commands import Command
from arena.rules.events import Event
from arena.rules.views import Decision
from arena.words.core import Text

Told = Callable[[tuple[Event, ...]], object]
"""Hears each answer's events as soon as they happen (a log written as the fight goes)."""
Pause = Callable[[Decision], bool]
"""True for a decision the loop leaves unanswered and stops before (one worked out elsewhere)."""
Given = Iterable[tuple[Command, Text]]
"""Answers given beforehand, with their reasons, in the log's order (a log played again): each
answers the pending decision of its actor. Taken one at a time, just before it is applied, so
a generator may look at the fight as it stands before each."""


class Controllers:
    """Answers a fight's automatic decisions until a person is needed or the fight ends."""

    def __init__(
        self,
        fight: Fight,
        *,
        watch: bool = False,
        reasons: bool = True,
        look_ahead: LookAhead | None = None,
    ) -> None:
        """Control a fight's combatants as its scenario says.

        Args:
            fight: the fight (started on first use).
            watch: nobody is at the keyboard: the AI answers people's decisions too.
            reasons: log the AI's reasons (a batch keeps none: no words are built).
            look_ahead: plays a policy at the expert level (``ai:<policy>/expert``); None
                plays it as its base policy (inside a look-ahead's own copies).
        """
        self.fight = fight
        self.watch = watch
        self.reasons = reasons
        self.look_ahead = look_ahead
        self.people = people(fight.scenario, watch=watch)
        """The combatants a person plays."""
        self._seen: tuple[Decision, ...] | None = None
        self._first: Decision | None = None

    def asks_person(self, decision: Decision) -> bool:
        """True if a person answers this decision (never while the AI plays a frenzy)."""
        return asks_person(self.fight.scenario, decision, watch=self.watch)

    def automatic(self) -> Decision | None:
        """The first pending decision that a script or an AI answers, or None."""
        ctx = self.fight._ctx
        pending = ctx.pending
        if pending is self._seen:
            # Worked out once per change of state: the fight makes a new `pending` each time
            # a command changes it (the end too), and a screen asks several times in between.
            return self._first
        if ctx.clock.over:
            first = None
        elif self.watch:  # nobody is at the keyboard: the first is answered, whoever's it is
            first = pending[0] if pending else None
        else:
            first = next((d for d in pending if not self.asks_person(d)), None)
        self._seen, self._first = pending, first
        return first

    def person_decision(self) -> Decision | None:
        """The decision a person answers now, or None.

        Everyone else declares first, so what they declared stays hidden in the views.
        """
        if self.fight.over or self.automatic() is not None:
            return None
        return next(iter(self.fight.pending()), None)

    def waiting_on(self) -> Decision | None:
        """The decision answered next: the automatic ones first, then a person's."""
        if self.fight.over:
            return None
        return self.automatic() or next(iter(self.fight.pending()), None)

    def step(self) -> tuple[Event, ...] | None:
        """Let a script or an AI answer the next automatic decision.

        Returns:
            The events it caused, or None when a person must decide or the fight is over.

        Raises:
            ScriptError: a scripted key is not legal.
        """
        fight = self.fight
        fight.start()
        before = len(fight.commands)
        # One answer of the one loop: a screen stepping at its pace, a presenter's next event.
        got = self.run(stop_after=before + 1)
        return got if len(fight.commands) > before else None

    def run(
        self,
        *,
        stop_after: int | None = None,
        until_round: int | None = None,
        told: Told | None = None,
        pause: Pause | None = None,
        given: Given | None = None,
        automatic: bool = True,
    ) -> tuple[Event, ...]:
        """Answer automatic decisions until a person must decide or the fight ends.

        Args:
            stop_after: stop once the fight's log holds this many commands.
            until_round: stop once this round (or turn) begins.
            told: hears the start's events and each answer's, as they happen.
            pause: stop before a decision it returns True for, leaving it unanswered.
            given: answers applied first, in order, whoever is asked (a log played again);
                the automatic answers follow once they run out.
            automatic: False: stop once the given answers run out (a replay and nothing else).

        Raises:
            ScriptError: a scripted key is not legal.
            IllegalCommand: a given answer is not legal where it comes.
        """
        fight = self.fight
        started = fight.start()
        if told is not None and started:
            told(started)
        events = list(started)
        look_ahead, reasons, watch = self.look_ahead, self.reasons, self.watch
        # Read in place (the fight's pending and clock): this loop runs for every command.
        ctx = fight._ctx
        ahead = None if given is None else iter(given)
        rng = SeededLater(0)  # armed afresh for each answer
        while stop_after is None or len(fight.commands) < stop_after:
            if until_round is not None and ctx.clock.round >= until_round:
                break
            if ahead is not None:
                answer = next(ahead, None)
                if answer is not None:
                    got = fight.apply(*answer)
                    if told is not None:
                        told(got)
                    events += got
                    continue
                ahead = None
            if not automatic:
                break
            pending = ctx.pending
            if pending is self._seen:
                decision = self._first  # worked out once per change of state
            elif watch:  # the first is answered, whoever's it is (`automatic`, in place)
                decision = pending[0] if pending and not ctx.clock.over else None
                self._seen, self._first = pending, decision
            else:
                decision = self.automatic()
            if decision is None or (pause is not None and pause(decision)):
                break
            command, reason = answering.answer(fight, decision, look_ahead, rng, reasons)
            got = fight.answer(decision, command, reason)
            if told is not None:
                told(got)
            events += got
        return tuple(events)


def replay(fight: Fight, given: Given, *, told: Told | None = None) -> tuple[Event, ...]:
    """Play answers given beforehand (a log) into a fight, through the one loop, and stop.

    Args:
        fight: the fight (started first if it was not).
        given: the answers and their reasons, in order (see `Given`).
        told: hears the start's events and each answer's, as they happen.

    Raises:
        IllegalCommand: an answer is not legal where it comes; those before it are applied.
    """
    return Controllers(fight).run(given=given, automatic=False, told=told)
