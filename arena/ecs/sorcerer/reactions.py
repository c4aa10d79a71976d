"""Step 4, reactions: each action in the fixed order, its direct object reacting."""

from __future__ import annotations

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.sorcerer import attacks, sorcery, tasks
from arena.ecs.sorcerer.abort import can_still_act, revealed
from arena.ecs.sorcerer.attacks import apply_deferred
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.queries import OUT, STEP_REACTIONS, event, round_state
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
    by_ent, members = rs.by_ent, rs.members
    while rs.place < count:
        place = places[rs.place]
        # Most places hold one combatant: its list made without a comprehension's call.
        if len(place) == 1:
            group = [by_ent[members[place[0]]]]
        else:
            group = [by_ent[members[i]] for i in place]
        together = len(group) > 1
        if together:
            first = tuple(d for f in group if (d := attacks.asks_first(ctx, f)) is not None)
            if first:
                return StepResult(tuple(events), first)
            events += revealed(ctx, group)
            events += _aborted_together(ctx, group)
        for f in group:
            more, asked = _act(ctx, f, simultaneous=together)
            events += more
            if asked is not None:
                return StepResult(tuple(events), (asked,))
        if rs.deferred:  # most places hold no simultaneous hits
            events += apply_deferred(ctx)
        rs.place += 1
    return StepResult(tuple(events))


def _act(ctx: Ctx, f: Fighter, *, simultaneous: bool) -> tuple[list[Event], Decision | None]:
    p = f.plan
    if p.done or p.command is None:
        return [], None
    if not can_still_act(f):
        p.done = True
        now = f.status.state
        hurt = TOO_HURT if now not in OUT else now
        text = Phrase("sorc_action_lost", (f.who.name, hurt, p.intention))
        data: dict[str, Datum] = {"kind": p.command.kind, "status": now}
        return [event(ctx, "action_lost", STEP_REACTIONS, text, actor=f.ent, data=data)], None
    cmd = p.command
    # By kind (unique per command class): a compare before the isinstance call.
    if cmd.kind == Attack.kind and isinstance(cmd, Attack):
        events, asked = attacks.resolve(ctx, f, cmd, simultaneous)
    elif isinstance(cmd, PerformRitual):
        events, asked = sorcery.resolve(ctx, f.ent, cmd), None
    else:
        events, asked = tasks.resolve(ctx, f.ent, cmd), None
    state = f.demon
    if asked is None and state is not None and cmd.kind != TotalDefense.kind:
        # Cloak and Protection last until the demon acts again.
        state.cloaked, state.protecting = False, ""
    return events, asked


def _aborted_together(ctx: Ctx, group: list[Fighter]) -> list[Event]:
    """Aborts chosen in a simultaneous place give up those actions before any of them acts."""
    events: list[Event] = []
    for target in group:
        for attacker in group:
            if target.plan.reactions.get(attacker.who.cid) == "abort":
                events += attacks.reacted(ctx, target, attacker, "abort")
    return events
