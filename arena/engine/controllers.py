"""Who answers each decision (a person, a script or an AI), and the loop that lets them."""

from __future__ import annotations

from arena.engine import answering, expert, loop
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
from arena.words.core import Text

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


def answer(fight: Fight, decision: Decision) -> tuple[Command, Text]:
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


class Controllers(loop.Controllers):
    """The loop of `arena.engine.loop`, with the expert level's look-ahead.

    It answers a fight's automatic decisions until a person is needed or the fight ends, and
    plays ``ai:<policy>/expert`` with its look-ahead.
    """

    def __init__(self, fight: Fight, *, watch: bool = False, reasons: bool = True) -> None:
        """Control a fight's combatants as its scenario says.

        Args:
            fight: the fight (started on first use).
            watch: nobody is at the keyboard: the AI answers people's decisions too.
            reasons: log the AI's reasons (a batch keeps none: no words are built).
        """
        super().__init__(fight, watch=watch, reasons=reasons, look_ahead=expert.choose)
