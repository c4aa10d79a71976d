"""Moving out of a cell next to an enemy who has not yet acted: that enemy's free attack.

The ruling (arena.md, movement): one attack roll with a brawl or melee maneuver, its whole
pool, rolled before the move takes effect; damage and soak as usual; it spends none of the
enemy's actions, and an enemy makes at most one per turn. Only its controller may decline it.
A mover knocked down, held or put out of the fight by it stays put.
"""

from __future__ import annotations

import esper

from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import lost_data
from arena.ecs.werewolf.asked import asked
from arena.ecs.werewolf.attack_options import can_attack, usable_means
from arena.ecs.werewolf.attack_rolls import roll_attack
from arena.ecs.werewolf.components import Act, Fighter, Hit, Slot, TurnClock
from arena.ecs.werewolf.damage import outcome, soak_hit
from arena.ecs.werewolf.health import apply_hits
from arena.ecs.werewolf.jumps import landing
from arena.ecs.werewolf.menu import attack_choice
from arena.ecs.werewolf.moves import can_reach, speed
from arena.ecs.werewolf.planner import Planner
from arena.ecs.werewolf.slots import actors_at, finish
from arena.ecs.werewolf.steps import OTHER, PASSED, Played, event
from arena.ecs.world import TABLES
from arena.rules.actions import Attack
from arena.rules.commands import Command
from arena.rules.events import Datum, Event, EventKind
from arena.rules.phrase import Phrase
from arena.rules.views import Choice, Decision, Tag
from arena.rules.werewolf.commands import Forgo
from arena.rules.werewolf.leaving import ASK, DECLINED, LET_GO, STAYS_PUT, STOPPED, TAKEN


def free_attacks(ctx: Ctx, tick: int) -> Played:
    """Before this segment's moves: ask each enemy a mover leaves, then roll those taken."""
    clk: TurnClock = TABLES[esper.current_world][lookup.FIGHT][TurnClock]  # every segment
    events: list[Event] = []
    for ent, slot in _moves_at(tick):
        attackers = free_attackers(ctx, ent, slot)
        waiting = [
            asked(ctx, foe, "free_attack", _decision, ctx, foe, ent, tick)
            for foe in attackers
            if lookup.ident(foe).cid not in clk.free
        ]
        if waiting:
            return events, tuple(waiting)
        events += _resolve(ctx, ent, slot, tick, attackers)
        slot.left = True
        clk.free.clear()
    return (events, ()) if events else PASSED


_NO_REACH = ("flee", "jump")
"""Leaving actions whose way out is settled otherwise than by a reach map (an exit, a roll)."""
_LEAVING = ("move", "jump", "flee")
"""The actions that take a combatant out of its cell: a flee leaves it for the exit [ruling]."""


def _moves_at(tick: int) -> list[tuple[int, Slot]]:
    """The moves of this segment not yet past their free attacks, in roster order."""
    found = []
    for f, slots in actors_at(tick):  # off the turn clock: its open slots on this tick
        for slot in slots:
            if slot.act is not None and slot.act.kind in _LEAVING and not slot.left:
                found.append((f.ent, slot))
    return found


def free_attackers(ctx: Ctx, ent: int, slot: Slot) -> list[int]:
    """The enemies this move lets attack, in roster order.

    Each stands next to the mover, is in the fight and free to strike (not down, held,
    stunned or frozen by Delirium), has not acted this turn nor acts on this segment, has
    made no free attack yet this turn, and has a brawl or melee attack on the mover now.
    """
    act = slot.act
    if act is None or lookup.body(ent).held_by:
        return []
    if act.kind == "flee":
        # A flee from an exit leaves the fight through it: it leaves its cell like a move.
        if not lookup.grid(ctx).is_exit(lookup.cell(ent)):
            return []  # not on an exit: the flee will fail, nobody is left behind
    elif act.cell is None or act.cell == lookup.cell(ent):
        return []
    # A jump's roll is made: one that stops at once or botches leaves nobody behind.
    if act.kind == "jump" and (slot.roll is None or landing(ctx, ent, slot) == lookup.cell(ent)):
        return []
    side = lookup.fighter(ent).who.side
    tick = lookup.clock().tick
    found = []
    for f in lookup.fighters():
        if f.who.side != side and f.status.state == "active" and _may_strike(ctx, f, ent, tick):
            found.append(f.ent)
    if found and act.kind not in _NO_REACH and act.cell is not None:
        # Asked only once someone could strike: most moves leave nobody beside them, and
        # whether the move gets there takes a reach map.
        steps = speed(ctx, ent) if slot.dice < 0 else min(speed(ctx, ent), slot.dice)
        if not can_reach(ctx, ent, act.cell, steps):
            return []  # the move will not happen: nobody is left behind
    return found


def _may_strike(ctx: Ctx, foe: Fighter, mover: int, tick: int | None) -> bool:
    turn, body, cond = foe.turn, foe.body, foe.cond
    if turn.free_attacked or body.prone or body.held_by:
        return False
    if cond.delirium == "flee_or_freeze" or cond.stunned:
        return False  # frozen by Delirium, or dazed by a blow: no reaction [ruling]
    for s in turn.slots:
        if s.done or s.tick == tick:
            return False  # it has acted this turn, or acts on this very segment
    # A brawl or melee blow needs the mover next to it (`in_reach`): no means to look at else.
    there: Position = TABLES[esper.current_world][mover][Position]
    dx, dy = there.x - foe.pos.x, there.y - foe.pos.y
    if not (-1 <= dx <= 1 and -1 <= dy <= 1):
        return False
    return bool(free_means(ctx, foe.ent, mover))


def free_means(ctx: Ctx, foe: int, mover: int) -> list[str]:
    """The brawl and melee means `foe` may strike `mover` with now, in its own order."""
    return [
        means
        for means in usable_means(ctx, foe)
        if lookup.means_info(ctx, foe, means).rules.ability in ("brawl", "melee")
        and can_attack(ctx, foe, mover, means)
    ]


def _decision(ctx: Ctx, foe: int, mover: int, tick: int) -> Decision:
    """Take the free attack with one of its maneuvers (the first is the default), or decline."""
    planner = Planner(ctx, foe)
    target = lookup.ident(mover)
    who = lookup.ident(foe)
    choices: list[Choice] = []
    for means in free_means(ctx, foe, mover):
        act = Act("attack", means=means, target=target.cid)
        tags: tuple[Tag, ...] = ("default",) if not choices else ()
        choices.append(attack_choice(planner, tick, act, extra=tags))
    choices.append(
        Choice("forgo", Phrase(LET_GO.template, (target.name,)), Forgo(who.cid), segment=tick)
    )
    here = lookup.cell(mover)
    ask = Phrase(ASK.template, (who.name, target.name, here))
    return Decision(
        who.cid,
        "free_attack",
        OTHER,
        ask,
        tuple(choices),
        controller="ai:frenzy" if lookup.condition(foe).frenzied else "",
        segment=tick,
    )


def answer_free_attack(ctx: Ctx, ent: int, command: Command) -> tuple[Event, ...]:
    """Record an enemy's answer: the means it strikes with (rolled with the move), or none."""
    decision = next(d for d in ctx.pending if d.actor == command.actor)
    mover = lookup.entity_of(next(c.target for c in decision.choices if c.target))
    means = command.means if isinstance(command, Attack) else ""
    lookup.clock().free[lookup.ident(ent).cid] = means
    who, target, cell = lookup.ident(ent), lookup.ident(mover), lookup.cell(mover)
    data: dict[str, Datum] = {"mover": target.cid, "from": cell}
    if means:
        data["means"] = means
        text = Phrase(TAKEN.template, (who.name, target.name, cell))
        kind: EventKind = "free_attack_taken"
    else:
        text, kind = (
            Phrase(DECLINED.template, (who.name, target.name, cell)),
            "free_attack_declined",
        )
    return (event(ctx, kind, OTHER, text, actor=who.cid, target=target.cid, data=data),)


def _resolve(ctx: Ctx, ent: int, slot: Slot, tick: int, attackers: list[int]) -> list[Event]:
    """Roll the free attacks taken, apply what they do; a mover they stop stays put."""
    clk = lookup.clock()
    events: list[Event] = []
    hits: list[Hit] = []
    mover = lookup.ident(ent)
    for foe in attackers:
        means = clk.free.get(lookup.ident(foe).cid, "")
        if not means:
            continue
        lookup.turn(foe).free_attacked = True
        strike = Slot(tick, slot.segment, act=Act("attack", means=means, target=mover.cid))
        events += roll_attack(ctx, foe, strike, free=True)
        if strike.roll is not None:
            events += outcome(ctx, foe, strike, tick, hits, free=True)
    events += [soak_hit(ctx, hit) for hit in hits if hit.damage is not None]
    events += apply_hits(ctx, hits)
    stopped = _stopped(ent)
    if stopped:
        finish(lookup.fighter(ent), slot)
        data: dict[str, Datum] = {**lost_data(slot, "free_attack"), "stopped": stopped}
        where = lookup.cell(ent)
        text = Phrase(STAYS_PUT.template, (mover.name, where, STOPPED[stopped]))
        events.append(event(ctx, "action_lost", OTHER, text, actor=mover.cid, data=data))
    return events


def _stopped(ent: int) -> str:
    """Why the mover cannot go on with its move: a reason code, or "" if it can."""
    if not lookup.is_active(ent):
        return "out_of_fight"
    body = lookup.body(ent)
    if body.prone:
        return "knocked_down"
    return "held" if body.held_by else ""
