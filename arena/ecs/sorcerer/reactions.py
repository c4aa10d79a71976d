"""Step 4, reactions: each action in the fixed order, its direct object reacting."""

from __future__ import annotations

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.sorcerer import attacks, sorcery, tasks
from arena.ecs.sorcerer.abort import can_still_act, revealed
from arena.ecs.sorcerer.attacks import apply_deferred
from arena.ecs.sorcerer.queries import (
    STEP_REACTIONS,
    demon,
    event,
    ident,
    in_fight,
    name,
    plan,
    round_state,
    status,
)
from arena.rules.actions import Attack
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase
from arena.rules.sorcerer.commands import PerformRitual, TotalDefense
from arena.rules.views import Decision

# Phrases without numbers, made once: events that say them are many.
TOO_HURT = Phrase("sorc_too_hurt")


def reactions(ctx: Ctx) -> StepResult:
    """Resolve the order place by place; stop to ask a target to abort or suck it up."""
    rs = round_state()
    if rs.order is None or not rs.ordered:
        return NOTHING
    places = rs.order.places()
    count = len(places)
    events: list[Event] = []
    while rs.place < count:
        group = [rs.members[i] for i in places[rs.place]]
        together = len(group) > 1
        if together:
            first = tuple(d for ent in group if (d := attacks.asks_first(ctx, ent)) is not None)
            if first:
                return StepResult(tuple(events), first)
            events += revealed(ctx, group)
            events += _aborted_together(ctx, group)
        for ent in group:
            more, asked = _act(ctx, ent, simultaneous=together)
            events += more
            if asked is not None:
                return StepResult(tuple(events), (asked,))
        events += apply_deferred(ctx)
        rs.place += 1
    return StepResult(tuple(events))


def _act(ctx: Ctx, ent: int, *, simultaneous: bool) -> tuple[list[Event], Decision | None]:
    p = plan(ent)
    if p.done or p.command is None:
        return [], None
    if not can_still_act(ent):
        p.done = True
        hurt = TOO_HURT if in_fight(ent) else status(ent)
        text = Phrase("sorc_action_lost", (name(ent), hurt, p.intention))
        data: dict[str, Datum] = {"kind": p.command.kind, "status": status(ent)}
        return [event(ctx, "action_lost", STEP_REACTIONS, text, actor=ent, data=data)], None
    cmd = p.command
    if isinstance(cmd, Attack):
        events, asked = attacks.resolve(ctx, ent, cmd, simultaneous)
    elif isinstance(cmd, PerformRitual):
        events, asked = sorcery.resolve(ctx, ent, cmd), None
    else:
        events, asked = tasks.resolve(ctx, ent, cmd), None
    state = demon(ent)
    if asked is None and state is not None and cmd.kind != TotalDefense.kind:
        # Cloak and Protection last until the demon acts again.
        state.cloaked, state.protecting = False, ""
    return events, asked


def _aborted_together(ctx: Ctx, group: list[int]) -> list[Event]:
    """Aborts chosen in a simultaneous place give up those actions before any of them acts."""
    events: list[Event] = []
    for target in group:
        for attacker in group:
            if plan(target).reactions.get(ident(attacker).cid) == "abort":
                events += attacks.reacted(ctx, target, attacker, "abort")
    return events
