"""Damage an actor sucked up since its Step 3 roll: bonus dice for what resists its action."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.queries import STEP_REACTIONS, event
from arena.ecs.sorcerer.wounds import refresh
from arena.rules.events import Event
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import Modifier, suck_it_up_bonus


def sucked_up(ctx: Ctx, f: Fighter, target: Text) -> tuple[Modifier, list[Event]]:
    """Damage the actor took since its Step 3 roll, as bonus dice for the target of its action.

    Args:
        ctx: the fight.
        f: the actor, about to act.
        target: what resists its action, in words.

    Returns:
        The bonus (zero dice if it took no damage) and the event that explains it.
    """
    rolled, now = f.plan.baseline, f.health.wounds.total
    bonus = suck_it_up_bonus(rolled, now)
    if not bonus.dice:
        return bonus, []
    text = Phrase("sorc_sucked_up", (f.who.name, bonus.dice, target, Phrase("dice", (bonus.dice,))))
    why = Phrase("sorc_sucked_up_why", (rolled, now))
    data = {"dice": bonus.dice, "penalty_rolled": rolled, "penalty_now": now}
    events = [event(ctx, "sucked_up_damage", STEP_REACTIONS, text, why=why, actor=f.ent, data=data)]
    # The transfer spends the temporary part: it was the penalty on this roll, its "next
    # roll", so it does not hit a later roll again; the lasting part stays [ruling, sorcerer.md 5].
    hp = f.health
    if hp.wounds.temporary_pending:
        hp.wounds = hp.wounds.after_roll()
        events += refresh(ctx, f)
    return bonus, events
