"""Step 5, apply consequences: where everyone stands once the round's hits have landed.

Each hit is applied the moment its contest is decided (the clobber rule and sucking it up need
it before the next defence); this step takes stock of the damage and the thresholds.
"""

from __future__ import annotations

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.sorcerer.data import status_data
from arena.ecs.sorcerer.phrases import said
from arena.ecs.sorcerer.queries import (
    OUT,
    STEP_CONSEQUENCES,
    event,
    fighters,
    round_state,
)
from arena.ecs.sorcerer.wounds import refresh, states_intention
from arena.rules.events import Event


def consequences(ctx: Ctx) -> StepResult:
    """Check every threshold again and report each hurt combatant's damage."""
    rs = round_state()
    if rs.summarised:
        return NOTHING
    rs.summarised = True
    events: list[Event] = []
    for f in fighters():
        events += refresh(ctx, f)
        # Read after the refresh: its status may have changed.
        wounds, now, who, ent = f.health.wounds, f.status.state, f.who, f.ent
        if now in OUT or not wounds.total:
            continue
        pushes = now == "cannot_act" and states_intention(ctx, f)
        events.append(
            event(
                ctx,
                "damage_stands",
                STEP_CONSEQUENCES,
                said(
                    "damage_stands",
                    (who.name, wounds.lasting, wounds.temporary_pending, now, pushes),
                ),
                why=said("damage_stands_why", (wounds.temporary_pending,)),
                actor=ent,
                terse=False,
                data=status_data(now, wounds),
            )
        )
    return StepResult(tuple(events))
