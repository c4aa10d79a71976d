"""The seed's steps by id as events carry them (`arena.words.steps` names them); events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import TurnClock
from arena.ecs.world import TABLES
from arena.rules.dice import StorytellerRoll
from arena.rules.events import Datum, Event, EventKind, made
from arena.rules.phrase import Phrase, Text
from arena.rules.views import Decision

T = TypeVar("T")

SETUP: Final = "ww_setup"
INITIATIVE: Final = "ww_initiative"
RAGE: Final = "ww_rage"
SEGMENTS: Final = "ww_segments"
ATTACK: Final = "ww_attack"
DAMAGE: Final = "ww_damage"
SOAK: Final = "ww_soak"
OTHER: Final = "ww_other"
NEXT: Final = "ww_next"
FRENZY: Final = "ww_frenzy"
STUN: Final = "ww_stun"
DELIRIUM: Final = "ww_delirium"
WILLPOWER: Final = "ww_willpower"


Played = tuple[Sequence[Event], tuple[Decision, ...]]
"""What a phase of a segment did: its events in order, and the decisions it now waits for.

A plain pair rather than a `StepResult`: a segment plays a dozen phases, and only what the
whole segment did goes to the engine (`arena.ecs.werewolf.flow.segments`)."""
PASSED: Final[Played] = ((), ())
"""A phase that did nothing and waits for nothing."""


def event(
    ctx: Ctx,
    kind: EventKind,
    step: str,
    text: Text,
    why: Text = "",
    actor: str = "",
    target: str = "",
    roll: StorytellerRoll | None = None,
    terse: bool = True,
    round: int | None = None,
    amount: int = 0,
    data: Mapping[str, Datum] | None = None,
) -> Event:
    """An event of the current turn (or `round`), with its numbers in `data`.

    Callers name every argument after `text`: they are not keyword-only, since a keyword-only
    default is looked up by name at every call, and a fight makes dozens of events.

    Inside a segment, `data` gets the ``segment``; with a roll, the roll's numbers
    (`roll_data`). The rest is the event every ruleset makes (`arena.ecs.events`).
    """
    # Read in place, not through `lookup.clock`: every event of a fight comes here.
    clock: TurnClock = TABLES[esper.current_world][lookup.FIGHT][TurnClock]
    tick = clock.tick
    # The segment, then the roll's numbers as `roll_data` gives them (without its call), then
    # `data`'s, each dict made in one step rather than stored key by key and merged (an event
    # each time). The roll also goes to the dice tray, as `arena.ecs.events.event` does.
    more = data or _NO_DATA
    numbers: dict[str, Datum]
    if roll is None:
        numbers = {**more} if tick is None else {"segment": tick, **more}
    else:
        ctx.rolls.append(roll)
        if tick is None:
            numbers = {
                "pool": roll.pool,
                "difficulty": roll.difficulty,
                "faces": roll.faces,
                "successes": roll.net,
                "automatic": roll.automatic,
                "botch": roll.botch,
                **more,
            }
        else:
            numbers = {
                "segment": tick,
                "pool": roll.pool,
                "difficulty": roll.difficulty,
                "faces": roll.faces,
                "successes": roll.net,
                "automatic": roll.automatic,
                "botch": roll.botch,
                **more,
            }
    # `arena.ecs.events.event`, made in place (every event of a fight comes here): words are
    # kept as given, drawn when someone reads the event.
    return made(
        kind,
        ctx.clock.round if round is None else round,
        step,
        text,
        why,
        actor,
        target,
        roll,
        terse,
        amount,
        numbers,
    )


_NO_DATA: Final[Mapping[str, Datum]] = {}
"""An event's numbers when its maker gives none (never changed)."""


def roll_data(roll: StorytellerRoll) -> dict[str, Datum]:
    """A roll's numbers for an event: dice, difficulty, faces, net and automatic successes."""
    return {
        "pool": roll.pool,
        "difficulty": roll.difficulty,
        "faces": roll.faces,
        "successes": roll.net,
        "automatic": roll.automatic,
        "botch": roll.botch,
    }


def need(value: T | None, what: str) -> T:
    """A value the flow guarantees is there by now; a missing one is a bug in the flow.

    Raises:
        RuntimeError: it is missing.
    """
    if value is None:
        raise missing(what)
    return value


def missing(what: str) -> RuntimeError:
    """The error for a value the flow guarantees but lacks (`need`'s, for inline checks)."""
    # Checked inline where `need`'s own call would cost too much: every command, every attack.
    return RuntimeError(Phrase("ww_flow_missing", (what,)))
