"""Who answers each decision (a person, a script or an AI), and the loop that lets them."""

from __future__ import annotations

from arena.engine import answering, expert
from arena.engine.fight import Fight
from arena.engine.scripts import (
    ANSWERS,
    PERSON,
    RAN_OUT,
    SCRIPT,
    STAND_IN,
    Route,
    ScriptError,
    asks_person,
    controller_for,
    controller_of,
    legal_keys,
    people,
    route,
    script_queues,
)
from arena.rules.commands import Command
from arena.rules.events import Event
from arena.rules.views import Decision

__all__ = [
    "ANSWERS",
    "PERSON",
    "RAN_OUT",
    "SCRIPT",
    "STAND_IN",
    "Controllers",
    "Route",
    "ScriptError",
    "answer",
    "asks_person",
    "controller_for",
    "controller_of",
    "decide",
    "legal_keys",
    "people",
    "play_until_human",
    "route",
    "script_queues",
]


def answer(fight: Fight, decision: Decision) -> tuple[Command, str]:
    """The command a script or an AI gives for a decision, and why (empty for a script).

    As `answering.answer` gives it, with the expert level's look-ahead (``ai:<policy>/expert``).

    Raises:
        ScriptError: a scripted key is not legal, or the script ran out where it may not.
    """
    return answering.answer(fight, decision, expert.choose)


def decide(fight: Fight, decision: Decision) -> Command:
    """The command a script or an AI gives for a decision.

    Raises:
        ScriptError: a scripted key is not legal.
    """
    return answer(fight, decision)[0]


def play_until_human(fight: Fight, *, humans_too: bool = False) -> tuple[Event, ...]:
    """Let scripts and AI answer a fight's decisions until a person must decide or it ends.

    Args:
        fight: the fight (started on first use).
        humans_too: also answer people's decisions with the stand-in AI (headless).

    Raises:
        ScriptError: a scripted key is not legal.
    """
    return Controllers(fight, watch=humans_too).run()


class Controllers:
    """Answers a fight's automatic decisions until a person is needed or the fight ends."""

    def __init__(self, fight: Fight, *, watch: bool = False, reasons: bool = True) -> None:
        """Control a fight's combatants as its scenario says.

        Args:
            fight: the fight (started on first use).
            watch: nobody is at the keyboard: the AI answers people's decisions too.
            reasons: log the AI's reasons (a batch keeps none: no words are built).
        """
        self.fight = fight
        self.watch = watch
        self.reasons = reasons
        self.people = people(fight.scenario, watch=watch)
        """The combatants a person plays."""

    def asks_person(self, decision: Decision) -> bool:
        """True if a person answers this decision (never while the AI plays a frenzy)."""
        return asks_person(self.fight.scenario, decision, watch=self.watch)

    def automatic(self) -> Decision | None:
        """The first pending decision that a script or an AI answers, or None."""
        if self.fight.over:
            return None
        pending = self.fight.pending()
        if self.watch:  # nobody is at the keyboard: the first is answered, whoever's it is
            return pending[0] if pending else None
        return next((d for d in pending if not self.asks_person(d)), None)

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
        self.fight.start()
        decision = self.automatic()
        if decision is None:
            return None
        command, reason = answer(self.fight, decision)
        return self.fight.apply(command, reason if self.reasons else "")

    def run(self, *, stop_after: int | None = None) -> tuple[Event, ...]:
        """Answer automatic decisions until a person must decide or the fight ends.

        Args:
            stop_after: stop once the fight's log holds this many commands.

        Raises:
            ScriptError: a scripted key is not legal.
        """
        events = list(self.fight.start())
        while stop_after is None or len(self.fight.commands) < stop_after:
            got = self.step()
            if got is None:
                break
            events += got
        return tuple(events)
