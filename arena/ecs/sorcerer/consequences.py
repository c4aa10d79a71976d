"""Step 5, apply consequences: where everyone stands once the round's hits have landed.

Each hit is applied the moment its contest is decided (the clobber rule and sucking it up need
it before the next defence); this step takes stock of the damage and the thresholds.
"""

from __future__ import annotations

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.sorcerer.data import wounds_data
from arena.ecs.sorcerer.queries import (
    STEP_CONSEQUENCES,
    event,
    health,
    in_fight,
    name,
    roster,
    round_state,
    status,
)
from arena.ecs.sorcerer.texts import health_text
from arena.ecs.sorcerer.wounds import refresh, states_intention
from arena.rules.events import Event

_STATUS_WORDS = {
    "active": "can act",
    "cannot_act": "cannot act, only defend",
}


def consequences(ctx: Ctx) -> StepResult:
    """Check every threshold again and report each hurt combatant's damage."""
    rs = round_state()
    if rs.summarised:
        return NOTHING
    rs.summarised = True
    events: list[Event] = []
    for ent, _ in roster():
        events += refresh(ctx, ent)
        wounds = health(ent).wounds
        if not in_fight(ent) or not wounds.total:
            continue
        push = (
            " or push through" if status(ent) == "cannot_act" and states_intention(ctx, ent) else ""
        )
        temp = (
            f"; its {wounds.temporary_pending} temporary damage goes with its next roll"
            if wounds.temporary_pending
            else ""
        )
        hurt = health_text(wounds.lasting, wounds.temporary_pending)
        events.append(
            event(
                ctx,
                "damage_stands",
                STEP_CONSEQUENCES,
                f"{name(ent)}: {hurt}; it {_STATUS_WORDS[status(ent)]}{push}.",
                why=f"lasting damage is a penalty on every roll{temp}",
                actor=ent,
                terse=False,
                data={"status": status(ent), **wounds_data(wounds)},
            )
        )
    return StepResult(tuple(events))
