"""Step 3, roll for order: one roll per action, both its place in the order and its performance."""

from __future__ import annotations

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.sorcerer.pools import action_base
from arena.ecs.sorcerer.queries import (
    STEP_ORDER,
    demon,
    event,
    faces,
    ident,
    name,
    plan,
    roster,
    round_state,
)
from arena.ecs.sorcerer.wounds import penalty, spend
from arena.rules.dice import dice_for, resolve_contest
from arena.rules.events import Datum, Event
from arena.rules.present import Drawn, Phrase, Text
from arena.rules.sorcerer import (
    DicePool,
    OrderRoll,
    TurnOrder,
    assemble_pool,
    fix_order,
    reroll_order_ties,
    roll_order,
)
from arena.words.sorcerer import place_words, tiebreaks


def roll_for_order(ctx: Ctx) -> StepResult:
    """Everyone with an action rolls its pool; the order is fixed here and never changes."""
    rs = round_state()
    if rs.ordered:
        return NOTHING
    members = [e for e, _ in roster() if plan(e).pool is not None and not plan(e).done]
    events: list[Event] = []
    rolls: list[OrderRoll] = []
    for ent in members:
        roll, more = _roll(ctx, ent, plan(ent).pool or assemble_pool("none", 0))
        rolls.append(roll)
        events += more
    order = fix_order(rolls)
    order = reroll_order_ties(order, ctx.dice, [len(r.order) for r in rolls], ctx.options)
    rs.order, rs.members, rs.place, rs.ordered = order, tuple(members), 0, True
    events.append(_fixed(ctx, order, tuple(members)))
    return StepResult(tuple(events))


def _roll(ctx: Ctx, ent: int, pool: DicePool) -> tuple[OrderRoll, list[Event]]:
    p = plan(ent)
    state = demon(ent)
    fast = state.power if state is not None and "fast" in state.abilities else 0
    roll = roll_order(
        dice_for(ctx.dice, ident(ent).cid, "order"), pool.dice_to_roll, fast_power=fast
    )
    base = None if p.command is None else action_base(ctx, ent, p.command)
    events: list[Event] = []
    if base is not None and not p.pushed:
        events += spend(ctx, ent, base[1])
    p.baseline = penalty(ent)
    fast_note: Text = ""
    if fast and len(roll.order) > len(roll.performance):
        fast_note = Phrase(
            "sorc_fast_note",
            (len(roll.order), Drawn(faces, (roll.order,))),
        )
    why = Phrase(
        "sorc_order_rolled_why",
        (Drawn(DicePool.explain, (pool,)), Drawn(faces, (roll.performance,)), fast_note),
    )
    text = Phrase("sorc_order_rolled", (name(ent), Drawn(faces, (roll.performance,)), p.intention))
    data: dict[str, Datum] = {
        "dice": pool.dice_to_roll,
        "performance": tuple(sorted(roll.performance, reverse=True)),
        "order": tuple(sorted(roll.order, reverse=True)),
        "fast": fast,
        "pushed": p.pushed,
    }
    return roll, [
        event(
            ctx,
            "order_rolled",
            STEP_ORDER,
            text,
            why=why,
            actor=ent,
            roll=resolve_contest(roll.performance, ()),
            data=data,
        ),
        *events,
    ]


def _fixed(ctx: Ctx, order: TurnOrder, members: tuple[int, ...]) -> Event:
    places = tuple(tuple(ident(members[i]).cid for i in g) for g in order.places())
    data: dict[str, Datum] = {
        "places": places,
        "tiebreaks": {
            ident(members[e.combatant]).cid: e.tiebreak for e in order.entries if e.tiebreak
        },
    }
    if not order.entries:
        text = Phrase("sorc_nobody_rolls")
        return event(ctx, "order_fixed", STEP_ORDER, text, data=data)
    groups = tuple(tuple(name(members[i]) for i in g) for g in order.places())
    ties = [g for g in order.places() if len(g) > 1]
    note: Text = Phrase("sorc_order_tie_note") if ties else ""
    if any(e.tiebreak for e in order.entries):
        names = tuple(name(m) for m in members)
        note = Phrase("sorc_order_rerolled_note", (Drawn(tiebreaks, (order, names)),))
    return event(
        ctx,
        "order_fixed",
        STEP_ORDER,
        Phrase("sorc_order_fixed", (Drawn(place_words, (groups,)),)),
        why=Phrase("sorc_order_fixed_why", (note,)),
        data=data,
    )
