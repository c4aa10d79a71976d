"""Step 4 for attacks: abort or suck it up, the defence, the clobber rule, the contest, damage."""

from __future__ import annotations

from typing import Final

from arena.content.sorcerer import Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.abort import reaction_decision, reaction_menu, same_place, waiting_to_act
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.data import Data, damage_data
from arena.ecs.sorcerer.geometry import attack_cell
from arena.ecs.sorcerer.memo import shelf
from arena.ecs.sorcerer.performance import sucked_up
from arena.ecs.sorcerer.phrases import said
from arena.ecs.sorcerer.pools import defences, power_of
from arena.ecs.sorcerer.queries import (
    OUT,
    STEP_CONSEQUENCES,
    STEP_REACTIONS,
    damage_row,
    event,
    fighter,
    fighter_of,
    round_state,
    task,
    turn_order,
    weapon,
)
from arena.ecs.sorcerer.wounds import spend, take
from arena.rules.actions import Attack
from arena.rules.dice import Contest, dice_for, resolve_contest, roll_faces
from arena.rules.events import Datum, Event, EventKind
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import (
    Damage,
    Defence,
    Reaction,
    Rollover,
    RolloverLink,
    hit_damage,
    settle_tie,
    suck_it_up_bonus,
)
from arena.rules.views import Decision

Outcome = tuple[list[Event], Decision | None]


# Phrases without numbers, made once: events that say them are many.
CLOSED_IN_WHY = Phrase("sorc_closed_in_why")
ACTION_ABORTED_WHY = Phrase("sorc_action_aborted_why")
ROLLOVER_EARNED_WHY = Phrase("sorc_rollover_earned_why")
NOTHING_SUCKED_UP = suck_it_up_bonus(0, 0)
"""The defence's bonus when the attacker took no damage since its roll (zero dice)."""


def resolve(ctx: Ctx, f: Fighter, cmd: Attack, simultaneous: bool) -> Outcome:
    """Resolve one attack, or ask its target to abort or suck it up first.

    Args:
        ctx: the fight.
        f: the attacker.
        cmd: its attack.
        simultaneous: it shares its place in the order; damage waits until the place is done.
    """
    means, arms = cmd.means, f.arms
    w = arms[means] if means in arms else weapon(ctx, means)
    target, p = fighter_of(cmd.target), f.plan
    now = target.status.state
    present = now not in OUT
    # Answered since its target was asked, the attack finds what it worked out then: nothing
    # an answer changes is read by its cell or its defence.
    rs = round_state()
    carried = rs.reacting
    if carried is not None:
        rs.reacting = None
        if carried[0] is not cmd or carried[1] != _read(f, target):
            carried = None
    if carried is not None and present:
        spot = carried[2]
    else:
        spot = attack_cell(ctx, f, target, w) if present else None
    if spot is None:
        p.done = True
        data: dict[str, Datum] = {"target": cmd.target, "target_status": now}
        mine, theirs = f.who.name, target.who.name
        if present:
            why = Phrase("sorc_out_of_reach_why", (task(ctx, "close_in").cells,))
            text = Phrase("sorc_out_of_reach", (mine, theirs))
        else:
            why = Phrase("sorc_is_status", (theirs, now))
            text = Phrase("sorc_attack_wasted", (theirs, mine))
        out = event(ctx, "out_of_reach", STEP_REACTIONS, text, why=why, actor=f.ent, data=data)
        return [out], None
    # Asked before acting, or (in a simultaneous place) before anyone in it acted.
    reactions, me = target.plan.reactions, f.who.cid
    chosen = reactions[me] if me in reactions else None  # noqa: SIM401 (no call)
    if chosen is None and waiting_to_act(target, f):
        decision, full, one = reaction_menu(ctx, target, f, w)
        rs.reacting = (cmd, _read(f, target), spot, full, one)
        return [], decision
    reaction: Reaction | None = None
    defended: Defence | None = None
    if chosen is not None:
        reaction = "abort" if chosen == "abort" else "suck_it_up"
        if carried is not None:
            defended = carried[3] if reaction == "abort" else carried[4]
    events: list[Event] = []
    if spot[0] != f.pos.x or spot[1] != f.pos.y:
        events.append(_close_in(ctx, f, target, spot))
    events += _contest(ctx, f, target, w, cmd.means, reaction, simultaneous, defended)
    p.done = True
    return events, None


def _read(f: Fighter, target: Fighter) -> tuple[object, ...]:
    """What an attack's cell and defence read that could change: both cells, both wounds."""
    here, there = f.pos, target.pos
    return (here.x, here.y, there.x, there.y, f.health.wounds, target.health.wounds)


def asks_first(ctx: Ctx, f: Fighter) -> Decision | None:
    """In a simultaneous place: its target's abort-or-suck-it-up question, if still unasked.

    Nobody in the place has acted when the others' actions resolve, so each attacked one in it
    chooses before any of them acts [ruling, sorcerer.md 2].
    """
    p = f.plan
    cmd = p.command
    if p.done or not isinstance(cmd, Attack) or f.status.state in OUT:
        return None
    target, w = fighter_of(cmd.target), weapon(ctx, cmd.means)
    if not same_place(f, target) or f.who.cid in target.plan.reactions:
        return None
    if not waiting_to_act(target, f) or attack_cell(ctx, f, target, w) is None:
        return None
    return reaction_decision(ctx, target, f, w, secret=True)


def _close_in(ctx: Ctx, f: Fighter, target: Fighter, spot: tuple[int, int]) -> Event:
    pos = f.pos
    pos.x, pos.y = spot
    return event(
        ctx,
        "closed_in",
        STEP_REACTIONS,
        Phrase("sorc_closed_in", (f.who.name, target.who.name, spot)),
        why=CLOSED_IN_WHY,
        actor=f.ent,
        target=target.ent,
        terse=False,
        data={"cell": spot},
    )


def _contest(
    ctx: Ctx,
    f: Fighter,
    target: Fighter,
    w: Weapon,
    wid: str,
    reaction: Reaction | None,
    simultaneous: bool,
    defended: Defence | None = None,
) -> list[Event]:
    """The contest, its outcome and what it leaves; `defended`: the defence if already known."""
    mine, theirs = f.who.name, target.who.name
    # Each step below is asked only when it has something to do (most attacks: nothing sucked
    # up, no abort, no temporary damage pending): a call fewer each.
    if f.health.wounds.total > f.plan.baseline:
        bonus, events = sucked_up(ctx, f, theirs)
    else:
        bonus, events = NOTHING_SUCKED_UP, []
    if defended is None:
        defended = defences(ctx, target, f, w, (reaction,), [bonus])[0]  # `defence`'s way
    d = defended
    if reaction == "abort":
        events += reacted(ctx, target, f, reaction)
    d_faces = roll_faces(dice_for(ctx.dice, target.who.cid, "defence"), d.pool.dice_to_roll)
    if target.health.wounds.temporary_pending:
        events += spend(ctx, target, w.defence)
    perf = f.performance
    if d.attacker_bonus.dice:
        more = roll_faces(ctx.dice, d.attacker_bonus.dice)
        order = round_state().order = turn_order().add_performance_dice(f.place, more)
        f.performance = order.entry(f.place).performance
        before, perf = perf, f.performance
        events.append(_clobbered(ctx, f, target, d.attacker_bonus.dice, (before, perf), more))
    rolls = settle_tie(
        resolve_contest(perf, d_faces), ctx.dice, len(perf), len(d_faces), ctx.options
    )
    c = rolls[-1]  # the contest that decides, read as it is: no result made around it
    why = Phrase("attack_why", (perf, d.pool, d_faces, rolls, mine, theirs))
    # `contest_data`'s keys, in its order, in the one dict: not made apart and merged in.
    data: dict[str, Datum] = {
        "weapon": wid,
        "reaction": reaction,
        "defence_dice": d.pool.dice_to_roll,
        "attack": c.first,
        "defence": c.second,
        "set_aside": c.set_aside,
        "winner": "attack" if c.winner == "first" else "defence" if c.winner == "second" else None,
        "victories": c.victories,
        "ties_rerolled": len(rolls) - 1,
    }
    events.append(_outcome(ctx, (f.ent, mine), (target.ent, theirs), w, c, why, data))
    events += _rollover(ctx, f, target, c)
    if c.winner == "first":  # `AttackResult.hit`, without making one
        events += _damage(ctx, f, target, w, c.victories, simultaneous)
    return events


def reacted(ctx: Ctx, target: Fighter, attacker: Fighter, reaction: Reaction | None) -> list[Event]:
    """An abort gives up the target's action, once, with the event that says so."""
    tp = target.plan
    if reaction != "abort" or tp.aborted:
        return []
    tp.aborted = tp.done = True
    return [
        event(
            ctx,
            "action_aborted",
            STEP_REACTIONS,
            Phrase("sorc_action_aborted", (target.who.name, tp.intention, attacker.who.name)),
            why=ACTION_ABORTED_WHY,
            actor=target.ent,
            target=attacker.ent,
            data={"attacker": attacker.who.cid},
        )
    ]


def _clobbered(
    ctx: Ctx,
    f: Fighter,
    target: Fighter,
    bonus: int,
    performances: tuple[tuple[int, ...], tuple[int, ...]],
    more: tuple[int, ...],
) -> Event:
    """The attacker's bonus dice against a defence of 0 or less; `performances`: before, after."""
    before, after = performances
    return event(
        ctx,
        "clobbered",
        STEP_REACTIONS,
        Phrase(
            "sorc_clobbered",
            (target.who.name, f.who.name, said("dice", (bonus,)), Phrase("faces_words", (more,))),
        ),
        why=Phrase(
            "sorc_clobbered_why",
            (1 - bonus, bonus, Phrase("faces_words", (before,)), Phrase("faces_words", (after,))),
        ),
        actor=f.ent,
        target=target.ent,
        data={
            "dice": bonus,
            "added": tuple(sorted(more, reverse=True)),
            "performance": after,
        },
    )


def _outcome(
    ctx: Ctx,
    attacker: tuple[int, str],
    defender: tuple[int, str],
    w: Weapon,
    c: Contest,
    why: Text,
    data: Data,
) -> Event:
    """The attack's hit, miss or tie (`c`, performance first); each side as (entity, name)."""
    (ent, mine), (target, theirs) = attacker, defender
    kind: EventKind = (
        "attack_hit"
        if c.winner == "first"
        else "attack_missed"
        if c.winner == "second"
        else "attack_tied"
    )
    text = said("attack_outcome", (c.winner, mine, theirs, w.name, c.victories))
    return event(
        ctx, kind, STEP_REACTIONS, text, why=why, actor=ent, target=target, roll=c, data=data
    )


def _rollover(ctx: Ctx, f: Fighter, target: Fighter, c: Contest) -> list[Event]:
    if c.winner is None:
        return []
    rs = round_state()
    holder, other = (f, target) if c.winner == "first" else (target, f)
    link: RolloverLink = "attack" if c.winner == "first" else "defense"
    who, whom = holder.who, other.who
    rs.rollovers = (*rs.rollovers, Rollover(who.cid, link, whom.cid, c.victories, ctx.clock.round))
    return [
        event(
            ctx,
            "rollover_earned",
            STEP_REACTIONS,
            said("rollover_earned", (who.name, c.victories, link, whom.name)),
            why=ROLLOVER_EARNED_WHY,
            actor=holder.ent,
            target=other.ent,
            terse=False,
            data={
                "dice": c.victories,
                "link": link,
                "holder": who.cid,
                "other": whom.cid,
            },
        )
    ]


def _damage(
    ctx: Ctx, f: Fighter, target: Fighter, w: Weapon, hits: int, simultaneous: bool
) -> list[Event]:
    state = target.demon
    armor = state.power if state is not None and "armor" in state.abilities else 0
    mine = f.who.name
    damage, source = _hit(ctx, mine, w, hits, power_of(f, ctx), armor)
    if simultaneous:
        round_state().deferred.append((target.ent, damage, source, f.ent, w.damage))
        text = Phrase("sorc_damage_pending", (target.who.name, mine))
        data = {"by": f.who.cid, "row": w.damage, "victories": hits, **damage_data(damage)}
        return [
            event(
                ctx,
                "damage_pending",
                STEP_CONSEQUENCES,
                text,
                target=target.ent,
                terse=False,
                data=data,
            )
        ]
    return take(ctx, target, damage, source, by=f.ent, row=w.damage)


def _hit(ctx: Ctx, mine: str, w: Weapon, hits: int, power: int, armor: int) -> tuple[Damage, Text]:
    """A hit's damage and where it came from, in words, kept by these numbers for the content.

    The same weapon, victories, attacking Power and Armor deal the same frozen damage, told the
    same way for the same attacker: a duel's hits repeat fight after fight.
    """
    key = (mine, w.damage, w.name, hits, power, armor)
    dealt: dict[object, tuple[Damage, Text]] = shelf(ctx, _HITS)
    found = dealt.get(key)
    if found is None:
        row = damage_row(ctx, w.damage)
        damage = hit_damage(
            row,
            hits,
            power=power,
            armor_power=armor,
            fists=damage_row(ctx, "fists") if armor else None,  # Armor's floor: only with Armor
        )
        source = Phrase("sorc_damage_source", (mine, w.name, row.name, row.temporary, row.lasting))
        if len(dealt) >= HITS_KEPT:
            dealt.clear()
        found = dealt[key] = (damage, source)
    return found


HITS_KEPT: Final = 4096
"""Hits kept for a content at once (past this many, all are dropped)."""
_HITS: Final = "hits"
"""Where a content's lookups keep `_hit`'s damage and words."""


def apply_deferred(ctx: Ctx) -> list[Event]:
    """Apply the hits of a simultaneous place, once everyone in it has acted."""
    rs = round_state()
    if not rs.deferred:  # most places hold no simultaneous hits
        return []
    hits = list(rs.deferred)
    rs.deferred = []
    events: list[Event] = []
    for target, damage, source, by, row in hits:
        events += take(ctx, fighter(target), damage, source, by=by, row=row)
    return events
