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
from arena.ecs.sorcerer.wounds import refresh, states_intention
from arena.rules.events import Event
from arena.rules.present import Drawn, Phrase
from arena.words.sorcerer import health_text


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
        pushes = status(ent) == "cannot_act" and states_intention(ctx, ent)
        push = Phrase("sorc_or_push") if pushes else ""
        temp = (
            Phrase("sorc_temporary_next", (wounds.temporary_pending,))
            if wounds.temporary_pending
            else ""
        )
        hurt = Drawn(health_text, (wounds.lasting, wounds.temporary_pending))
        can = Phrase(f"sorc_status_{status(ent)}")
        events.append(
            event(
                ctx,
                "damage_stands",
                STEP_CONSEQUENCES,
                Phrase("sorc_damage_stands", (name(ent), hurt, can, push)),
                why=Phrase("sorc_damage_stands_why", (temp,)),
                actor=ent,
                terse=False,
                data={"status": status(ent), **wounds_data(wounds)},
            )
        )
    return StepResult(tuple(events))
