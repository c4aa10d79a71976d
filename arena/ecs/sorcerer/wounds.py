"""Damage on components: penalties for a roll, spending temporary damage, in-fight thresholds."""

from __future__ import annotations

from functools import lru_cache

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.data import taken_data, wounds_data
from arena.ecs.sorcerer.phrases import said
from arena.ecs.sorcerer.queries import STEP_CONSEQUENCES, event, fighters
from arena.rules.events import Event
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import (
    Damage,
    Modifier,
    Trait,
    Wounds,
    can_push_through,
    fight_state,
    is_penalised,
    thresholds,
    wound_modifiers,
)

# Phrases without numbers, made once: events that say them are many.
OR_PUSH = Phrase("sorc_or_push")


def penalty(f: Fighter) -> int:
    """The damage penalty on the combatant's next roll (lasting + pending temporary)."""
    return f.health.wounds.total


def states_intention(ctx: Ctx, f: Fighter) -> bool:
    """It is asked an intention this round: it can act, or it is a sorcerer who may push through.

    Anyone else hurt past Stamina cannot act and only defends [seed, sorcerer.md 6 and 7];
    the helpless, the dead and those gone from the fight are not asked at all.
    """
    now = f.status.state
    if now != "cannot_act":
        return now == "active"
    sc = f.scores
    return can_push_through(
        is_sorcerer=sc.sorcerer,
        penalty=f.health.wounds.total,
        stamina=sc.stamina,
        options=ctx.options,
    )


def starting_states(ctx: Ctx, step: str) -> list[Event]:
    """Statuses the damage already carried brings, told before anyone states an intention.

    A combatant may start a fight hurt (a scenario's damage): too hurt to act, helpless or
    dead from the first round, never only after the first round's hits have landed.
    """
    events: list[Event] = []
    for f in fighters():
        events += refresh(ctx, f, step)
    return events


def roll_modifiers(f: Fighter, trait: Trait) -> tuple[Modifier, ...]:
    """The damage penalties a roll of this trait takes now (none for Power)."""
    wounds: Wounds = f.health.wounds
    # Kept by plain numbers: a key of ints hashes without a call.
    return penalties(wounds.lasting, wounds.temporary_pending, trait)


@lru_cache(maxsize=1024)
def penalties(lasting: int, pending: int, trait: Trait) -> tuple[Modifier, ...]:
    """`wound_modifiers`, worked out once for the same damage and trait."""
    return wound_modifiers(Wounds(lasting, pending), trait)


def spend(ctx: Ctx, f: Fighter, trait: Trait) -> list[Event]:
    """A roll of this trait was made: its pending temporary damage is spent (not for Power)."""
    hp = f.health
    # Nothing pending (most rolls) is told without asking the rules about the trait.
    if not hp.wounds.temporary_pending or not is_penalised(trait):
        return []
    hp.wounds = hp.wounds.after_roll()
    return refresh(ctx, f)


def take(ctx: Ctx, f: Fighter, damage: Damage, source: Text, *, by: int, row: str) -> list[Event]:
    """A hit from `by` lands: add its damage and update the victim's state.

    Args:
        ctx: the fight.
        f: the victim.
        damage: the hit's damage.
        source: where it came from, in words.
        by: who dealt it.
        row: the damage chart's row (``punish`` for the ritual).
    """
    hp = f.health
    hp.wounds = hp.wounds.take_damage(damage)
    data = taken_data(row, damage, hp.wounds)
    armor = Phrase("sorc_armor_note", (damage.armor_absorbed,)) if damage.armor_absorbed else ""
    events = [
        event(
            ctx,
            "damage_taken",
            STEP_CONSEQUENCES,
            Phrase("sorc_damage_taken", (f.who.name, damage.temporary, damage.lasting, source)),
            why=said(
                "sorc_damage_taken_why",
                (hp.wounds.lasting, hp.wounds.temporary_pending, hp.wounds.total, armor),
            ),
            actor=by,
            target=f.ent,
            amount=damage.temporary + damage.lasting,
            data=data,
        )
    ]
    return events + refresh(ctx, f)


def _state_words(f: Fighter, new: str, push: Text) -> Phrase:
    p, who = f.plan, f.who.name
    if new == "cannot_act" and not p.done and "suck_it_up" in p.reactions.values():
        # A sucked-up action goes ahead even past Stamina [seed]: never "too hurt to act" then acts.
        return said("sorc_state_sucked_up", (who,))
    if new == "cannot_act":
        return said("sorc_state_cannot_act", (who, push))
    return said(f"sorc_state_{new}", (who,))


def refresh(ctx: Ctx, f: Fighter, step: str = STEP_CONSEQUENCES) -> list[Event]:
    """Set the status from the damage thresholds; helpless and dead are final."""
    held = f.status
    now = held.state
    if now not in ("active", "cannot_act"):
        return []
    hp = f.health
    wounds = hp.wounds
    dem = f.demon
    big = dem.power if dem is not None and "big" in dem.abilities else 0
    last = hp.checked
    if last is not None and last[0] is wounds and last[1] == big and last[2] == now:
        return []  # nothing the thresholds read has changed since they last left this status
    stamina = f.scores.stamina
    state = fight_state(wounds, stamina, big_power=big, options=ctx.options)
    new = "active" if state == "normal" else state
    hp.checked = (wounds, big, new)
    if new == now:
        return []
    held.state = new
    pushes = new == "cannot_act" and states_intention(ctx, f)
    push = OR_PUSH if pushes else ""
    t = thresholds(stamina, big_power=big, options=ctx.options)
    return [
        event(
            ctx,
            new if new != "active" else "recovered",
            step,
            _state_words(f, new, push),
            why=said(
                "sorc_threshold_why",
                (
                    wounds.total,
                    wounds.lasting,
                    stamina,
                    Phrase("sorc_big_note", (big,)) if big else "",
                    t.cannot_act_at,
                    t.helpless_above,
                    t.dead_above,
                ),
            ),
            target=f.ent,
            data={
                "status": new,
                **wounds_data(wounds),
                "stamina": stamina,
                "big": big,
                "cannot_act_at": t.cannot_act_at,
                "helpless_above": t.helpless_above,
                "dead_above": t.dead_above,
            },
        )
    ]
