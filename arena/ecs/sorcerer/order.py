"""Step 3, roll for order: one roll per action, both its place in the order and its performance."""

from __future__ import annotations

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.sorcerer.components import Fighter, Plan
from arena.ecs.sorcerer.pools import action_base
from arena.ecs.sorcerer.queries import STEP_ORDER, event, fighters, round_state
from arena.ecs.sorcerer.wounds import spend
from arena.rules.dice import dice_for
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase
from arena.rules.sorcerer import (
    DicePool,
    OrderRoll,
    TurnOrder,
    fix_order,
    reroll_order_ties,
    roll_order,
)
from arena.rules.sorcerer.order import unopposed


def roll_for_order(ctx: Ctx) -> StepResult:
    """Everyone with an action rolls its pool; the order is fixed here and never changes."""
    rs = round_state()
    if rs.ordered:
        return NOTHING
    everyone = fighters()
    acting: list[Fighter] = []
    events: list[Event] = []
    rolls: list[OrderRoll] = []
    placed: list[tuple[int, ...]] = []
    members: list[int] = []
    # Each list filled in the one pass that rolls: no comprehension each (a call of its own).
    # A roll changes no one's plan: who acts is read as the pass goes.
    for f in everyone:
        p = f.plan
        pool = p.pool
        if pool is None or p.done:
            continue
        roll, faces, more = _roll(ctx, f, p, pool)
        acting.append(f)
        rolls.append(roll)
        placed.append(faces)
        members.append(f.ent)
        events += more
    # The order faces as each roll's event sorted them: not sorted a second time.
    order = fix_order(rolls, placed)
    if len(order.places()) != len(order.entries):  # a shared place (few rounds): ties to break
        order = reroll_order_ties(order, ctx.dice, [len(r.order) for r in rolls], ctx.options)
    # When each acts and what it rolled: its index among the order's members and its
    # performance, carried until the next order.
    for f in everyone:
        f.place, f.performance = -1, ()
    for e in order.entries:
        f = acting[e.combatant]
        f.place, f.performance = e.combatant, e.performance
    rs.order, rs.members, rs.place, rs.ordered = order, tuple(members), 0, True
    events.append(_fixed(ctx, order, acting))
    return StepResult(tuple(events))


def _roll(
    ctx: Ctx, f: Fighter, p: Plan, pool: DicePool
) -> tuple[OrderRoll, tuple[int, ...], list[Event]]:
    """The roll, its order faces high to low, and its events."""
    who, state = f.who, f.demon
    fast = state.power if state is not None and "fast" in state.abilities else 0
    roll = roll_order(dice_for(ctx.dice, who.cid, "order"), pool.dice_to_roll, fast_power=fast)
    events: list[Event] = []
    # Nothing pending (most rolls): nothing to spend, and no base of the roll to look up.
    if f.health.wounds.temporary_pending and not p.pushed and p.command is not None:
        base = action_base(ctx, f, p.command)
        if base is not None:
            events += spend(ctx, f, base[1])
    p.baseline = f.health.wounds.total
    performance = tuple(sorted(roll.performance, reverse=True))
    # Each one text drawn when read: a roll for order makes two, not seven.
    text = Phrase("order_rolled", (who.name, performance, p.intention))
    why = Phrase("order_rolled_why", (pool, roll))
    # Without Fast the order dice are the performance: sorted once for both.
    faces = (
        performance if roll.order is roll.performance else tuple(sorted(roll.order, reverse=True))
    )
    data: dict[str, Datum] = {
        "dice": pool.dice_to_roll,
        "performance": performance,
        "order": faces,
        "fast": fast,
        "pushed": p.pushed,
    }
    return (
        roll,
        faces,
        [
            event(
                ctx,
                "order_rolled",
                STEP_ORDER,
                text,
                why=why,
                actor=f.ent,
                roll=unopposed(performance),
                data=data,
            ),
            *events,
        ],
    )


def _fixed(ctx: Ctx, order: TurnOrder, members: list[Fighter]) -> Event:
    # Ids and names read in one pass over the members, places and tie-breaks in one over the
    # order: loops, not a comprehension each (a call of its own, every round).
    cids: list[str] = []
    names: list[str] = []
    for m in members:
        who = m.who
        cids.append(who.cid)
        names.append(who.name)
    places: list[tuple[str, ...]] = []
    for g in order.places():  # most places hold one
        places.append((cids[g[0]],) if len(g) == 1 else tuple([cids[i] for i in g]))
    tiebreaks: dict[str, Datum] = {}
    for e in order.entries:
        if e.tiebreak:
            tiebreaks[cids[e.combatant]] = e.tiebreak
    data: dict[str, Datum] = {"places": tuple(places), "tiebreaks": tiebreaks}
    if not order.entries:
        text = Phrase("sorc_nobody_rolls")
        return event(ctx, "order_fixed", STEP_ORDER, text, data=data)
    # The places and the note on ties are put in words only when read.
    said = (order, tuple(names))
    return event(
        ctx,
        "order_fixed",
        STEP_ORDER,
        Phrase("order_fixed", said),
        why=Phrase("order_fixed_why", said),
        data=data,
    )
