"""The names of the seed's steps as events carry them, and a short way to make an event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeVar

import esper

from arena.ecs.events import event as make_event
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import TurnClock
from arena.ecs.world import TABLES
from arena.rules.dice import StorytellerRoll
from arena.rules.events import Datum, Event, EventKind
from arena.rules.present import Text
from arena.rules.present import dice as dice

T = TypeVar("T")

SETUP: Final = "Setup"
INITIATIVE: Final = "1. Initiative"
RAGE: Final = "2. Rage"
SEGMENTS: Final = "3. Fastest first"
ATTACK: Final = "3.1 Attack"
DAMAGE: Final = "3.2 Damage"
SOAK: Final = "3.3 Soak"
OTHER: Final = "3.4 Non-combat"
NEXT: Final = "4. Next person"
FRENZY: Final = "Frenzy (§6)"
STUN: Final = "Stun (§6)"
DELIRIUM: Final = "Delirium (§7)"
WILLPOWER: Final = "Willpower (§2)"


def event(
    ctx: Ctx,
    kind: EventKind,
    step: str,
    text: Text,
    *,
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

    Inside a segment, `data` gets the ``segment``; with a roll, the roll's numbers
    (`roll_data`). The rest is the event every ruleset makes (`arena.ecs.events`).
    """
    numbers: dict[str, Datum] = {}
    # Read in place, not through `lookup.clock`: every event of a fight comes here.
    clock: TurnClock = TABLES[esper.current_world][lookup.FIGHT][TurnClock]
    tick = clock.tick
    if tick is not None:
        numbers["segment"] = tick
    # Merged in place of dict.update's calls, in the same order (an event each time).
    if roll is not None:
        numbers = {**numbers, **roll_data(roll)}
    if data:
        numbers = {**numbers, **data}
    return make_event(
        ctx,
        kind,
        step,
        text,
        why=why,
        actor=actor,
        target=target,
        roll=roll,
        terse=terse,
        round=round,
        amount=amount,
        data=numbers,
    )


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


def successes(count: int) -> str:
    """``1 success``, ``3 successes``."""
    return f"{count} success" if count == 1 else f"{count} successes"


def faces(roll: StorytellerRoll) -> str:
    """A roll's faces and result in words, e.g. ``[8, 6, 1] at 6: 1 success``."""
    shown = ", ".join(map(str, roll.faces))
    extra = []
    if roll.rerolls:
        extra.append(f"{roll.rerolls} rerolled 10s")
    if roll.cancelled:
        extra.append(f"{roll.cancelled} cancelled by 1s")
    if roll.required:
        extra.append(f"{roll.required} more needed above 10")
    if roll.automatic:
        extra.append(f"{roll.automatic} automatic (Willpower)")
    note = f" ({'; '.join(extra)})" if extra else ""
    botch = ", a botch" if roll.botch else ""
    return f"[{shown}] at {roll.difficulty}: {successes(roll.net)}{note}{botch}"


def need(value: T | None, what: str) -> T:
    """A value the flow guarantees is there by now; a missing one is a bug in the flow.

    Raises:
        RuntimeError: it is missing.
    """
    if value is None:
        raise RuntimeError(f"werewolf flow: {what} is missing")
    return value
