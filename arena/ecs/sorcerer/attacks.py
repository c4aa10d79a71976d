"""Step 4 for attacks: abort or suck it up, the defence, the clobber rule, the contest, damage."""

from __future__ import annotations

import esper

from arena.content.sorcerer import Weapon
from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.abort import reaction_decision, same_place, waiting_to_act
from arena.ecs.sorcerer.data import Data, contest_data, damage_data
from arena.ecs.sorcerer.geometry import attack_cell
from arena.ecs.sorcerer.performance import performance, sucked_up
from arena.ecs.sorcerer.pools import defence, power_of
from arena.ecs.sorcerer.queries import (
    STEP_CONSEQUENCES,
    STEP_REACTIONS,
    cell,
    damage_row,
    demon,
    entity,
    event,
    faces,
    ident,
    in_fight,
    name,
    plan,
    round_state,
    status,
    task,
    turn_order,
    weapon,
)
from arena.ecs.sorcerer.wounds import spend, take
from arena.rules.actions import Attack
from arena.rules.dice import dice_for, resolve_contest, roll_faces
from arena.rules.events import Datum, Event, EventKind
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import (
    AttackResult,
    Reaction,
    Rollover,
    RolloverLink,
    hit_damage,
    settle_tie,
)
from arena.rules.views import Decision

Outcome = tuple[list[Event], Decision | None]


# Phrases without numbers, made once: events that say them are many.
CLOSED_IN_WHY = Phrase("sorc_closed_in_why")
ACTION_ABORTED_WHY = Phrase("sorc_action_aborted_why")
ROLLOVER_EARNED_WHY = Phrase("sorc_rollover_earned_why")


def resolve(ctx: Ctx, ent: int, cmd: Attack, simultaneous: bool) -> Outcome:
    """Resolve one attack, or ask its target to abort or suck it up first.

    Args:
        ctx: the fight.
        ent: the attacker.
        cmd: its attack.
        simultaneous: it shares its place in the order; damage waits until the place is done.
    """
    target, w, p = entity(cmd.target), weapon(ctx, cmd.means), plan(ent)
    present = in_fight(target)
    spot = attack_cell(ctx, ent, target, w) if present else None
    if spot is None:
        p.done = True
        data: dict[str, Datum] = {"target": cmd.target, "target_status": status(target)}
        if present:
            why = Phrase("sorc_out_of_reach_why", (task(ctx, "close_in").cells,))
            text = Phrase("sorc_out_of_reach", (name(ent), name(target)))
        else:
            why = Phrase("sorc_is_status", (name(target), status(target)))
            text = Phrase("sorc_attack_wasted", (name(target), name(ent)))
        out = event(ctx, "out_of_reach", STEP_REACTIONS, text, why=why, actor=ent, data=data)
        return [out], None
    # Asked before acting, or (in a simultaneous place) before anyone in it acted.
    chosen = plan(target).reactions.get(ident(ent).cid)
    if chosen is None and waiting_to_act(target, ent):
        return [], reaction_decision(ctx, target, ent, w)
    reaction: Reaction | None = None
    if chosen is not None:
        reaction = "abort" if chosen == "abort" else "suck_it_up"
    events: list[Event] = []
    if spot != cell(ent):
        events.append(_close_in(ctx, ent, target, spot))
    events += _contest(ctx, ent, target, cmd.means, reaction, simultaneous)
    p.done = True
    return events, None


def asks_first(ctx: Ctx, ent: int) -> Decision | None:
    """In a simultaneous place: its target's abort-or-suck-it-up question, if still unasked.

    Nobody in the place has acted when the others' actions resolve, so each attacked one in it
    chooses before any of them acts [ruling, sorcerer.md 2].
    """
    p = plan(ent)
    cmd = p.command
    if p.done or not isinstance(cmd, Attack) or not in_fight(ent):
        return None
    target, w = entity(cmd.target), weapon(ctx, cmd.means)
    if not same_place(ent, target) or ident(ent).cid in plan(target).reactions:
        return None
    if not waiting_to_act(target, ent) or attack_cell(ctx, ent, target, w) is None:
        return None
    return reaction_decision(ctx, target, ent, w, secret=True)


def _close_in(ctx: Ctx, ent: int, target: int, spot: tuple[int, int]) -> Event:
    pos = esper.component_for_entity(ent, Position)
    pos.x, pos.y = spot
    return event(
        ctx,
        "closed_in",
        STEP_REACTIONS,
        Phrase("sorc_closed_in", (name(ent), name(target), spot)),
        why=CLOSED_IN_WHY,
        actor=ent,
        target=target,
        terse=False,
        data={"cell": spot},
    )


def _contest(
    ctx: Ctx, ent: int, target: int, wid: str, reaction: Reaction | None, simultaneous: bool
) -> list[Event]:
    rs, w = round_state(), weapon(ctx, wid)
    mine, theirs = name(ent), name(target)
    bonus, events = sucked_up(ctx, ent, theirs)
    d = defence(ctx, target, ent, w, reaction, [bonus])
    events += reacted(ctx, target, ent, reaction)
    d_faces = roll_faces(dice_for(ctx.dice, ident(target).cid, "defence"), d.pool.dice_to_roll)
    events += spend(ctx, target, w.defence)
    perf = performance(ent)
    if d.attacker_bonus.dice:
        more = roll_faces(ctx.dice, d.attacker_bonus.dice)
        rs.order = turn_order().add_performance_dice(rs.members.index(ent), more)
        before, perf = perf, performance(ent)
        events.append(_clobbered(ctx, ent, target, d.attacker_bonus.dice, (before, perf), more))
    rolls = settle_tie(
        resolve_contest(perf, d_faces), ctx.dice, len(perf), len(d_faces), ctx.options
    )
    result = AttackResult(rolls[-1])
    why = Phrase("attack_why", (perf, d.pool, d_faces, rolls, mine, theirs))
    data: dict[str, Datum] = {
        "weapon": wid,
        "reaction": reaction,
        "defence_dice": d.pool.dice_to_roll,
        **contest_data(rolls, "attack", "defence"),
    }
    events.append(_outcome(ctx, (ent, mine), (target, theirs), w, result, why, data))
    events += _rollover(ctx, ent, target, result)
    if result.hit:
        events += _damage(ctx, ent, target, w, result.hit, simultaneous)
    return events


def reacted(ctx: Ctx, target: int, attacker: int, reaction: Reaction | None) -> list[Event]:
    """An abort gives up the target's action, once, with the event that says so."""
    tp = plan(target)
    if reaction != "abort" or tp.aborted:
        return []
    tp.aborted = tp.done = True
    return [
        event(
            ctx,
            "action_aborted",
            STEP_REACTIONS,
            Phrase("sorc_action_aborted", (name(target), tp.intention, name(attacker))),
            why=ACTION_ABORTED_WHY,
            actor=target,
            target=attacker,
            data={"attacker": ident(attacker).cid},
        )
    ]


def _clobbered(
    ctx: Ctx,
    ent: int,
    target: int,
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
        Phrase("sorc_clobbered", (name(target), name(ent), Phrase("dice", (bonus,)), faces(more))),
        why=Phrase("sorc_clobbered_why", (1 - bonus, bonus, faces(before), faces(after))),
        actor=ent,
        target=target,
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
    result: AttackResult,
    why: Text,
    data: Data,
) -> Event:
    """The attack's hit, miss or tie; each side as (entity, name), the names already read."""
    (ent, mine), (target, theirs) = attacker, defender
    c = result.contest
    kind: EventKind = (
        "attack_hit"
        if c.winner == "first"
        else "attack_missed"
        if c.winner == "second"
        else "attack_tied"
    )
    text = Phrase("attack_outcome", (c.winner, mine, theirs, w.name, c.victories))
    return event(
        ctx, kind, STEP_REACTIONS, text, why=why, actor=ent, target=target, roll=c, data=data
    )


def _rollover(ctx: Ctx, ent: int, target: int, result: AttackResult) -> list[Event]:
    rs = round_state()
    c = result.contest
    if c.winner is None:
        return []
    holder, other = (ent, target) if c.winner == "first" else (target, ent)
    link: RolloverLink = "attack" if c.winner == "first" else "defense"
    who, whom = ident(holder), ident(other)
    rs.rollovers = (*rs.rollovers, Rollover(who.cid, link, whom.cid, c.victories, ctx.clock.round))
    return [
        event(
            ctx,
            "rollover_earned",
            STEP_REACTIONS,
            Phrase("rollover_earned", (who.name, c.victories, link, whom.name)),
            why=ROLLOVER_EARNED_WHY,
            actor=holder,
            target=other,
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
    ctx: Ctx, ent: int, target: int, w: Weapon, hits: int, simultaneous: bool
) -> list[Event]:
    state = demon(target)
    armor = state.power if state is not None and "armor" in state.abilities else 0
    row = damage_row(ctx, w.damage)
    damage = hit_damage(
        row,
        hits,
        power=power_of(ent, ctx),
        armor_power=armor,
        fists=damage_row(ctx, "fists"),
    )
    source = Phrase("sorc_damage_source", (name(ent), w.name, row.name, row.temporary, row.lasting))
    if simultaneous:
        round_state().deferred.append((target, damage, source, ent, w.damage))
        text = Phrase("sorc_damage_pending", (name(target), name(ent)))
        data = {"by": ident(ent).cid, "row": w.damage, "victories": hits, **damage_data(damage)}
        return [
            event(
                ctx,
                "damage_pending",
                STEP_CONSEQUENCES,
                text,
                target=target,
                terse=False,
                data=data,
            )
        ]
    return take(ctx, target, damage, source, by=ent, row=w.damage)


def apply_deferred(ctx: Ctx) -> list[Event]:
    """Apply the hits of a simultaneous place, once everyone in it has acted."""
    rs = round_state()
    hits = list(rs.deferred)
    rs.deferred = []
    events: list[Event] = []
    for target, damage, source, by, row in hits:
        events += take(ctx, target, damage, source, by=by, row=row)
    return events
