"""Step 3.4, Non-combat actions: move, flee, shift form, step sideways, stand up, break free."""

from __future__ import annotations

import esper

from arena.ecs.components import Status
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import lost_data
from arena.ecs.werewolf.components import Slot, TurnClock
from arena.ecs.werewolf.jumps import jump_over
from arena.ecs.werewolf.moves import can_reach, nearest_enemy, speed
from arena.ecs.werewolf.slots import finish, leave, when
from arena.ecs.werewolf.spawn import step_toward
from arena.ecs.werewolf.steps import OTHER, PASSED, Played, event, missing, need
from arena.ecs.world import TABLES
from arena.rules.commands import IllegalCommand
from arena.rules.events import Datum, Event, EventKind
from arena.rules.phrase import Phrase, Text
from arena.rules.werewolf.forms import shift_form


def noncombat(ctx: Ctx, tick: int) -> Played:
    """Resolve this segment's non-combat actions, in roster order."""
    events: list[Event] = []
    on = TABLES[esper.current_world][lookup.FIGHT][TurnClock].acting  # `actors_at`, in place
    for f, slots in on[tick] if tick in on else ():  # noqa: SIM401 (no call)
        ent = f.ent
        for slot in slots:
            if slot.act is not None and not slot.done:
                events += _resolve(ctx, ent, slot)
                finish(f, slot)
    return (events, ()) if events else PASSED


def _resolve(ctx: Ctx, ent: int, slot: Slot) -> list[Event]:
    act = need(slot.act, "declared_action")
    who = lookup.ident(ent)
    match act.kind:
        case "move":
            return _move(ctx, ent, slot)
        case "shift":
            return _shift(ctx, ent, slot, act.form)
        case "flee":
            return _flee(ctx, ent, slot)
        case "sideways":
            return _sideways(ctx, ent, slot)
        case "stand":
            lookup.body(ent).prone = False
            return [
                event(ctx, "stood_up", OTHER, Phrase("ww_gets_back_up", (who.name,)), actor=who.cid)
            ]
        case "break_free":
            return _break_free(ctx, ent, slot)
        case "jump":
            return jump_over(ctx, ent, slot)
    return [
        event(ctx, "waited", OTHER, Phrase("ww_waits", (who.name,)), actor=who.cid, terse=False)
    ]


def _move(ctx: Ctx, ent: int, slot: Slot) -> list[Event]:
    # The carried components and the checks in place, each read once: every move comes here.
    act = slot.act
    if act is None:
        raise missing("declared_action")
    goal = act.cell
    if goal is None:
        raise missing("cell_to_move_to")
    f = lookup.fighter(ent)
    who, pos, body = f.who, f.pos, f.body
    full = speed(ctx, ent)
    steps = full if slot.dice < 0 else min(full, slot.dice)
    if body.held_by or not can_reach(ctx, ent, goal, steps):
        text = Phrase("ww_cannot_get_way_blocked", (who.name, goal))
        return [
            event(ctx, "action_lost", OTHER, text, actor=who.cid, data=lost_data(slot, "blocked"))
        ]
    start = (pos.x, pos.y)
    pos.x, pos.y = goal
    face(ent, start)
    split = Phrase("ww_split_move_why", (slot.dice,)) if slot.dice >= 0 else ""
    why = Phrase("ww_moves_cells", (lookup.form_def(ctx, body.form).name, full, split))
    text, data = Phrase("ww_moves", (who.name, goal)), {"cell": goal, "from": start}
    return [event(ctx, "moved", OTHER, text, why=why, actor=who.cid, data=data)]


def _shift(ctx: Ctx, ent: int, slot: Slot, form: str) -> list[Event]:
    body, pools = lookup.body(ent), lookup.pools(ent)
    forms = {name: lookup.form_def(ctx, name).rules(name) for name in lookup.sheet(ent).forms}
    who = lookup.ident(ent)
    try:
        result = shift_form(
            body.form, form, forms, use_rage=False, rage_current=pools.rage, rage_cost=0
        )
    except IllegalCommand as err:
        text, data = Phrase("ww_cannot_shift", (who.name, err)), lost_data(slot, "cannot_shift")
        return [event(ctx, "action_lost", OTHER, text, actor=who.cid, data=data)]
    body.form = result.form
    name = lookup.form_def(ctx, form).name
    why = Phrase("ww_shift_why")
    text = Phrase("ww_shifts", (who.name, name))
    return [event(ctx, "shifted", OTHER, text, why=why, actor=who.cid, data={"form": form})]


def _flee(ctx: Ctx, ent: int, slot: Slot) -> list[Event]:
    who = lookup.ident(ent)
    if not lookup.grid(ctx).is_exit(lookup.cell(ent)):
        text, data = Phrase("ww_not_at_exit", (who.name,)), lost_data(slot, "not_at_exit")
        return [event(ctx, "action_lost", OTHER, text, actor=who.cid, data=data)]
    events = _leave(ctx, ent)
    why = Phrase("ww_flee_why")
    return [
        event(ctx, "fled", OTHER, Phrase("ww_flees_fight", (who.name,)), why=why, actor=who.cid),
        *events,
    ]


def _sideways(ctx: Ctx, ent: int, slot: Slot) -> list[Event]:
    who = lookup.ident(ent)
    roll = need(slot.roll, "gnosis_roll")
    why = Phrase("{}: {}", (slot.why, Phrase("faces", (roll,))))
    if roll.net < 1:
        text = Phrase("ww_fails_step_sideways_gauntlet_holds", (who.name,))
        return [event(ctx, "sideways_failed", OTHER, text, why=why, actor=who.cid)]
    events = _leave(ctx, ent)
    text = Phrase("ww_steps_sideways_into_umbra_gone", (who.name,))
    return [event(ctx, "stepped_sideways", OTHER, text, why=why, actor=who.cid), *events]


def _break_free(ctx: Ctx, ent: int, slot: Slot) -> list[Event]:
    who = lookup.ident(ent)
    roll, versus = need(slot.roll, "roll"), need(slot.versus, "holder_s_roll")
    holder_id = lookup.body(ent).held_by
    why = Phrase("ww_break_free_why", (roll.net, versus.net))
    data: dict[str, Datum] = {"successes": roll.net, "against": versus.net, "holder": holder_id}
    if roll.net > versus.net and holder_id:
        release(ent)
        text = Phrase("ww_breaks_free", (who.name,))
        return [event(ctx, "broke_free", OTHER, text, why=why, actor=who.cid, data=data)]
    text = Phrase("ww_cannot_break_hold", (who.name,))
    return [event(ctx, "hold_kept", OTHER, text, why=why, actor=who.cid, data=data)]


def face(ent: int, came_from: tuple[int, int]) -> None:
    """After a move, face the nearest enemy, or else the way it went [ruling]."""
    foe = nearest_enemy(ent)
    here = lookup.cell(ent)
    turned = (
        step_toward(here, lookup.cell(foe)) if foe is not None else step_toward(came_from, here)
    )
    if turned != (0, 0):
        lookup.body(ent).facing = turned


def release(ent: int) -> None:
    """End any grapple the combatant is in, either side of it."""
    body = lookup.body(ent)
    for other in (body.held_by, body.holding):
        if other:
            them = lookup.body(lookup.entity_of(other))
            them.held_by = "" if them.held_by == lookup.ident(ent).cid else them.held_by
            them.holding = "" if them.holding == lookup.ident(ent).cid else them.holding
    body.held_by = body.holding = ""


def _leave(ctx: Ctx, ent: int) -> list[Event]:
    release(ent)
    esper.component_for_entity(ent, Status).state = "fled"
    leave(lookup.fighter(ent))
    return drop_slots(ctx, ent, Phrase("ww_has_left_fight"), "left", keep_tick=lookup.clock().tick)


def drop_slots(
    ctx: Ctx, ent: int, reason: Text, code: str, *, keep_tick: int | None = None
) -> list[Event]:
    """Lose every action still to come (those on `keep_tick` resolve with their segment).

    A declared action is ``action_lost``; one not yet declared is ``action_forfeited``.

    Args:
        ctx: the fight.
        ent: who loses them.
        reason: why, in words for the log.
        code: why, for the events' data (see `lost_data`).
        keep_tick: the tick being played.
    """
    f = lookup.fighter(ent)
    who = f.who
    events = []
    for slot in f.turn.slots:
        if slot.done or slot.tick == keep_tick:
            continue
        finish(f, slot)
        text = Phrase("ww_loses_action", (who.name, when(ctx, slot), reason))
        kind: EventKind = "action_lost" if slot.act is not None else "action_forfeited"
        data = lost_data(slot, code)
        events.append(event(ctx, kind, OTHER, text, actor=who.cid, terse=False, data=data))
    return events
