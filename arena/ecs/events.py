"""Making an event, for both rulesets: combatants named by id, words through the presentation."""

from __future__ import annotations

from collections.abc import Mapping

from arena.ecs.ruleset import Ctx
from arena.rules.events import Datum, Event, EventKind, Roll
from arena.rules.phrase import Text


def event(
    ctx: Ctx,
    kind: EventKind,
    step: str,
    text: Text,
    *,
    why: Text = "",
    actor: str = "",
    target: str = "",
    roll: Roll | None = None,
    terse: bool = True,
    round: int | None = None,
    amount: int = 0,
    data: Mapping[str, Datum] | None = None,
) -> Event:
    """An event of the current round (or `round`); a roll also goes to the dice tray.

    Words are kept as given: a phrase (or a ``str``) is drawn when someone reads the event.
    """
    if roll is not None:
        ctx.rolls.append(roll)
    return Event(
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
        {} if data is None else data,
    )
