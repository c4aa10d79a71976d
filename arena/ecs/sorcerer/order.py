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
    acting = [(f, p, p.pool) for f in everyone if (p := f.plan).pool is not None and not p.done]
    events: list[Event] = []
    rolls: list[OrderRoll] = []
    placed: list[tuple[int, ...]] = []
    for f, p, pool in acting:
        roll, faces, more = _roll(ctx, f, p, pool)
        rolls.append(roll)
        placed.append(faces)
        events += more
    # The order faces as each roll's event sorted them: not sorted a second time.
    order = fix_order(rolls, placed)
    order = reroll_order_ties(order, ctx.dice, [len(r.order) for r in rolls], ctx.options)
    # When each acts and what it rolled: its index among the order's members and its
    # performance, carried until the next order.
    for f in everyone:
        f.place, f.performance = -1, ()
    for e in order.entries:
        f = acting[e.combatant][0]
        f.place, f.performance = e.combatant, e.performance
    members = tuple([f.ent for f, _, _ in acting])
    rs.order, rs.members, rs.place, rs.ordered = order, members, 0, True
    events.append(_fixed(ctx, order, tuple([f for f, _, _ in acting])))
    return StepResult(tuple(events))


def _roll(
    ctx: Ctx, f: Fighter, p: Plan, pool: DicePool
) -> tuple[OrderRoll, tuple[int, ...], list[Event]]:
    """The roll, its order faces high to low, and its events."""
    who, state = f.who, f.demon
    fast = state.power if state is not None and "fast" in state.abilities else 0
    roll = roll_order(dice_for(ctx.dice, who.cid, "order"), pool.dice_to_roll, fast_power=fast)
    base = None if p.command is None else action_base(ctx, f, p.command)
    events: list[Event] = []
    if base is not None and not p.pushed:
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


def _fixed(ctx: Ctx, order: TurnOrder, members: tuple[Fighter, ...]) -> Event:
    who = [m.who for m in members]
    cids = [i.cid for i in who]
    placed = order.places()
    places = tuple([tuple([cids[i] for i in g]) for g in placed])
    data: dict[str, Datum] = {
        "places": places,
        "tiebreaks": {cids[e.combatant]: e.tiebreak for e in order.entries if e.tiebreak},
    }
    if not order.entries:
        text = Phrase("sorc_nobody_rolls")
        return event(ctx, "order_fixed", STEP_ORDER, text, data=data)
    # The places and the note on ties are put in words only when read.
    said = (order, tuple([i.name for i in who]))
    return event(
        ctx,
        "order_fixed",
        STEP_ORDER,
        Phrase("order_fixed", said),
        why=Phrase("order_fixed_why", said),
        data=data,
    )
