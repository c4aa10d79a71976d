"""An actor's Step 3 roll when its turn comes: its performance, and damage sucked up since."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.queries import (
    STEP_REACTIONS,
    event,
    health,
    name,
    plan,
    round_state,
)
from arena.ecs.sorcerer.wounds import penalty, refresh
from arena.rules.events import Event
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import Modifier, suck_it_up_bonus


def performance(ent: int) -> tuple[int, ...]:
    """The actor's performance: its Step 3 roll plus any dice added since.

    Raises:
        RuntimeError: no order has been fixed this round.
        ValueError: it is not in the order.
    """
    rs = round_state()
    if rs.order is None:
        raise RuntimeError("order_not_fixed")  # Step 3 fixes it before any action resolves
    i = rs.members.index(ent)
    for e in rs.order.entries:  # `TurnOrder.entry`, without its call: asked at every defence
        if e.combatant == i:
            return e.performance
    raise ValueError(i)


def sucked_up(ctx: Ctx, ent: int, target: Text) -> tuple[Modifier, list[Event]]:
    """Damage the actor took since its Step 3 roll, as bonus dice for the target of its action.

    Args:
        ctx: the fight.
        ent: the actor, about to act.
        target: what resists its action, in words.

    Returns:
        The bonus (zero dice if it took no damage) and the event that explains it.
    """
    rolled, now = plan(ent).baseline, penalty(ent)
    bonus = suck_it_up_bonus(rolled, now)
    if not bonus.dice:
        return bonus, []
    text = Phrase("sorc_sucked_up", (name(ent), bonus.dice, target, Phrase("dice", (bonus.dice,))))
    why = Phrase("sorc_sucked_up_why", (rolled, now))
    data = {"dice": bonus.dice, "penalty_rolled": rolled, "penalty_now": now}
    events = [event(ctx, "sucked_up_damage", STEP_REACTIONS, text, why=why, actor=ent, data=data)]
    # The transfer spends the temporary part: it was the penalty on this roll, its "next
    # roll", so it does not hit a later roll again; the lasting part stays [ruling, sorcerer.md 5].
    hp = health(ent)
    if hp.wounds.temporary_pending:
        hp.wounds = hp.wounds.after_roll()
        events += refresh(ctx, ent)
    return bonus, events
