"""Step 3.1, Attack: every roll of the segment is made before any result applies."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import acted, describe, lost_data, numbered, successes_words
from arena.ecs.werewolf.attack_options import can_attack, is_grapple
from arena.ecs.werewolf.components import Act, Slot
from arena.ecs.werewolf.rolls import planned_roll
from arena.ecs.werewolf.slots import actors_at, finish
from arena.ecs.werewolf.spawn import step_toward
from arena.ecs.werewolf.steps import ATTACK, OTHER, PASSED, Played, event, missing, need
from arena.rules.dice import StorytellerRoll, dice_for, roll_tens
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase, Text

DEFENCES = ("dodge", "block", "parry")
_OTHER_ROLLS = (*DEFENCES, "sideways", "break_free", "jump")
"""The actions besides attacks that roll on their segment (made once, not per action)."""


def roll_actions(ctx: Ctx, tick: int) -> Played:
    """Roll every attack, defence and other roll declared for this segment, in roster order."""
    events: list[Event] = []
    for f, slots in actors_at(tick):
        ent = f.ent
        for slot in slots:
            if slot.act is None:
                slot.act = Act("wait")
            if slot.act.kind == "attack":
                events += roll_attack(ctx, ent, slot)
            elif slot.act.kind in _OTHER_ROLLS:
                events += _other(ctx, ent, slot)
    return (events, ()) if events else PASSED


def holds(ctx: Ctx, ent: int, act: Act) -> bool:
    """A grapple on someone the attacker already holds: a contest of Strength + Brawl."""
    return is_grapple(ctx, ent, act.means) and lookup.body(ent).holding == act.target


def roll_attack(ctx: Ctx, ent: int, slot: Slot, *, free: bool = False) -> list[Event]:
    """Roll an attack (a free attack on someone leaving, if `free`); the slot keeps the roll."""
    act = slot.act
    if act is None:
        raise missing("declared_action")
    me, them = lookup.fighter(ent), lookup.fighter_of(act.target)
    who, target = me.who, them.ent
    if not can_attack(ctx, ent, target, act.means) or them.status.state != "active":
        finish(me, slot)
        text: Text = Phrase("ww_out_of_reach", (who.name, describe(ctx, act)))
        data = lost_data(slot, "out_of_reach")
        return [
            event(ctx, "action_lost", ATTACK, text, actor=who.cid, target=act.target, data=data)
        ]
    roll = roll_slot(ctx, ent, act, slot)
    turned = step_toward((me.pos.x, me.pos.y), (them.pos.x, them.pos.y))
    if turned != (0, 0):
        me.body.facing = turned
    text = acted(ctx, _attack_rolled, ent, act, roll.net)
    events = [
        event(
            ctx,
            "attack_rolled",
            ATTACK,
            text,
            why=Phrase("{}: {}", (slot.why, Phrase("faces", (roll,)))),
            actor=who.cid,
            target=act.target,
            roll=roll,
            terse=False,
            data={"means": act.means, "acts_on": slot.segment, **({"free": True} if free else {})},
        )
    ]
    if me.body.holding == act.target and is_grapple(ctx, ent, act.means):  # `holds`
        events += _versus(ctx, target, ent, slot, Phrase("ww_resists_hold"))
    return events


def _attack_rolled(name: str, what: Phrase, net: Phrase) -> Phrase:
    return Phrase("ww_attack_rolled", (name, what, net))


def _roll_made(name: str, what: Phrase, net: Phrase) -> Phrase:
    return Phrase("ww_roll_made", (name, what, net))


def _versus(ctx: Ctx, ent: int, against: int, slot: Slot, doing: Text) -> list[Event]:
    """The other side of a grapple contest: Strength + Brawl."""
    act = Act("break_free")
    planned, why = planned_roll(ctx, ent, act)
    plan = need(planned, "contest_roll")
    dice = dice_for(ctx.dice, lookup.ident(ent).cid, plan.kind)
    slot.versus = roll_tens(dice, plan.pool, plan.difficulty, tens=plan.tens)
    who = lookup.ident(ent)
    return [
        event(
            ctx,
            "contest_rolled",
            ATTACK,
            Phrase("{} {}: {}.", (who.name, doing, numbered(successes_words, slot.versus.net))),
            why=Phrase("{}: {}", (why, Phrase("faces", (slot.versus,)))),
            actor=who.cid,
            roll=slot.versus,
            terse=False,
            data={"against": lookup.ident(against).cid},
        )
    ]


def _other(ctx: Ctx, ent: int, slot: Slot) -> list[Event]:
    act = need(slot.act, "declared_action")
    who = lookup.ident(ent)
    if act.kind == "break_free" and not lookup.body(ent).held_by:
        finish(lookup.fighter(ent), slot)  # declared ahead (w20), but the hold ended first
        text: Text = Phrase("ww_not_held", (who.name,))
        return [
            event(ctx, "action_lost", OTHER, text, actor=who.cid, data=lost_data(slot, "not_held"))
        ]
    roll = roll_slot(ctx, ent, act, slot)
    if act.kind == "sideways":
        lookup.pools(ent).gnosis_used_turn = True
    if act.kind in DEFENCES:
        finish(lookup.fighter(ent), slot)
        text = Phrase(
            "ww_defence_rolled",
            (who.name, act.kind, numbered(successes_words, roll.net)),
        )
        why = Phrase(
            "ww_defence_why",
            (slot.why, Phrase("faces", (roll,)), who.name),
        )
        data: dict[str, Datum] = {"defence": act.kind, "acts_on": slot.segment}
        return [
            event(
                ctx,
                "defence_rolled",
                ATTACK,
                text,
                why=why,
                actor=who.cid,
                roll=roll,
                data=data,
            )
        ]
    text = acted(ctx, _roll_made, ent, act, roll.net)
    events = [
        event(
            ctx,
            "roll_made",
            OTHER,
            text,
            why=Phrase("{}: {}", (slot.why, Phrase("faces", (roll,)))),
            actor=who.cid,
            roll=roll,
            terse=False,
            data={"action": act.kind, "acts_on": slot.segment},
        )
    ]
    if act.kind == "break_free":
        holder = lookup.entity_of(lookup.body(ent).held_by)
        events += _versus(ctx, holder, ent, slot, Phrase("ww_keeps_hold"))
    return events


def roll_slot(ctx: Ctx, ent: int, act: Act, slot: Slot) -> StorytellerRoll:
    """Roll a declared action's planned pool; the slot keeps the roll and how it was made."""
    plan, why = planned_roll(ctx, ent, act, dice=slot.dice, penalty=slot.penalty)
    if plan is None:
        raise missing("roll")
    slot.roll = roll_tens(
        dice_for(ctx.dice, lookup.fighter(ent).who.cid, plan.kind),
        plan.pool,
        plan.difficulty,
        automatic=int(slot.willpower),
        tens=plan.tens,
    )
    slot.difficulty = plan.difficulty
    slot.why = why  # how the plan was made, made with it
    return slot.roll
