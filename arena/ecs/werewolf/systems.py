"""Werewolf systems, one per step of the seed's combat flow."""

from __future__ import annotations

import esper

from arena.content.maps import MapDef
from arena.content.werewolf import Maneuver
from arena.ecs.components import Identity, Position, Status
from arena.ecs.ruleset import Ctx, StepResult
from arena.ecs.werewolf.components import Health, Plan, Traits, TurnClock
from arena.ecs.werewolf.health import level_name, penalty
from arena.rules.actions import Attack, Move, Wait
from arena.rules.dice import roll_open, roll_storyteller
from arena.rules.events import Event
from arena.rules.grid import Grid, adjacent, reachable
from arena.rules.views import Choice, Decision

STEP_INITIATIVE = "1. Initiative"
STEP_SEGMENTS = "3. Fastest first"
MOVE_SPEED = 4


def roster() -> list[tuple[int, Identity]]:
    """Every combatant entity with its identity, in roster order."""
    return sorted(esper.get_component(Identity), key=lambda pair: pair[1].roster)


def active(ent: int) -> bool:
    """True if the combatant can act."""
    return esper.component_for_entity(ent, Status).active


def wound_penalty(ent: int) -> int:
    """Dice the combatant's wounds take off every pool."""
    return penalty(len(esper.component_for_entity(ent, Health).boxes))


def initiative(ctx: Ctx) -> StepResult:
    """Roll Wits + Alertness at difficulty 4; successes are the segment acted on."""
    events: list[Event] = []
    for ent, ident in roster():
        plan = esper.component_for_entity(ent, Plan)
        plan.declared.clear()
        plan.segments = []
        if not active(ent):
            continue
        traits = esper.component_for_entity(ent, Traits).values
        base = traits["wits"] + traits["alertness"]
        pool = max(0, base - wound_penalty(ent))
        roll = roll_storyteller(ctx.dice, pool, 4)
        ctx.rolls.append(roll)
        plan.initiative = roll.net
        plan.segments = [] if roll.botch else [roll.net]
        where = "botched: no action this turn" if roll.botch else f"acts on segment {roll.net}"
        events.append(
            Event(
                "initiative_rolled",
                ctx.clock.round,
                STEP_INITIATIVE,
                f"{ident.name} rolls initiative: {roll.net} successes, {where}.",
                why=f"Wits + Alertness = {base}, wound penalty {wound_penalty(ent)}, "
                f"{pool} dice at difficulty 4: {list(roll.faces)}",
                actor=ident.cid,
                roll=roll,
            )
        )
    clock = esper.get_component(TurnClock)[0][1]
    clock.segment = max((s for _, p in esper.get_component(Plan) for s in p.segments), default=None)
    return StepResult(tuple(events))


def segments(ctx: Ctx) -> StepResult:
    """Play the segments from the highest down to 0; same-segment actions are simultaneous."""
    clock = esper.get_component(TurnClock)[0][1]
    events: list[Event] = []
    while clock.segment is not None and clock.segment >= 0:
        seg = clock.segment
        acting = [
            (ent, ident)
            for ent, ident in roster()
            if active(ent) and seg in esper.component_for_entity(ent, Plan).segments
        ]
        waiting = tuple(
            _decision(ctx, ent, ident, seg)
            for ent, ident in acting
            if seg not in esper.component_for_entity(ent, Plan).declared
        )
        if waiting:
            return StepResult(tuple(events), waiting)
        events += _resolve_segment(ctx, seg, acting)
        clock.segment = seg - 1
    clock.segment = None
    return StepResult(tuple(events))


def _grid(ctx: Ctx) -> Grid:
    return Grid(ctx.catalog.get("arenas", "maps", ctx.scenario.map, MapDef).rows)


def _decision(ctx: Ctx, ent: int, ident: Identity, seg: int) -> Decision:
    pos = esper.component_for_entity(ent, Position).cell
    traits = esper.component_for_entity(ent, Traits)
    choices: list[Choice] = []
    for other, oid in roster():
        if oid.side == ident.side or not active(other):
            continue
        if adjacent(pos, esper.component_for_entity(other, Position).cell):
            for means in traits.maneuvers:
                choices.append(
                    Choice(
                        f"{means}:{oid.cid}",
                        f"{means.capitalize()} {oid.name}",
                        Attack(ident.cid, oid.cid, means),
                        tags=("attack",),
                        target=oid.cid,
                    )
                )
    taken = [
        esper.component_for_entity(e, Position).cell
        for e, i in roster()
        if e != ent and esper.component_for_entity(e, Status).state != "fled"
    ]
    for cell, cost in reachable(_grid(ctx), pos, MOVE_SPEED, taken).items():
        if cost:
            choices.append(
                Choice(
                    f"move:{cell[0]},{cell[1]}",
                    f"Move to {cell}",
                    Move(ident.cid, cell),
                    tags=("move",),
                    cell=cell,
                )
            )
    choices.append(Choice("wait", "Wait", Wait(ident.cid), tags=("default",)))
    return Decision(
        ident.cid, "action", STEP_SEGMENTS, f"{ident.name}: action on segment {seg}", tuple(choices)
    )


def _resolve_segment(ctx: Ctx, seg: int, acting: list[tuple[int, Identity]]) -> list[Event]:
    """All rolls of the segment first, then all results together."""
    events: list[Event] = []
    hits: list[tuple[int, int, int]] = []  # (target entity, damage levels, attacker entity)
    by_id = {i.cid: e for e, i in roster()}
    for ent, ident in acting:
        cmd = esper.component_for_entity(ent, Plan).declared[seg]
        match cmd:
            case Attack(target=target, means=means):
                events += _attack(ctx, ent, ident, by_id[target], means, hits)
            case Move(to=to):
                pos = esper.component_for_entity(ent, Position)
                pos.x, pos.y = to
                events.append(
                    Event(
                        "moved",
                        ctx.clock.round,
                        STEP_SEGMENTS,
                        f"{ident.name} moves to {to}.",
                        actor=ident.cid,
                        terse=False,
                    )
                )
            case _:
                events.append(
                    Event(
                        "waited",
                        ctx.clock.round,
                        STEP_SEGMENTS,
                        f"{ident.name} waits.",
                        actor=ident.cid,
                        terse=False,
                    )
                )
    for hit, levels, _attacker in hits:
        events += _wound(ctx, hit, levels)
    return events


def _attack(
    ctx: Ctx, ent: int, ident: Identity, target: int, means: str, hits: list[tuple[int, int, int]]
) -> list[Event]:
    man = ctx.catalog.get("werewolf", "maneuvers", means, Maneuver)
    traits = esper.component_for_entity(ent, Traits).values
    tname = esper.component_for_entity(target, Identity).name
    rnd = ctx.clock.round
    pool = max(0, traits["dexterity"] + traits[man.ability] - wound_penalty(ent))
    roll = roll_storyteller(ctx.dice, pool, man.difficulty)
    ctx.rolls.append(roll)
    why = (
        f"Dexterity + {man.ability.capitalize()} = {pool} dice at difficulty "
        f"{man.difficulty}: {list(roll.faces)}"
    )
    if roll.net == 0:
        what = "botches" if roll.botch else "misses"
        return [
            Event(
                "attack_missed",
                rnd,
                "3.1 Attack",
                f"{ident.name} {what} {tname}.",
                why=why,
                actor=ident.cid,
                roll=roll,
            )
        ]
    events = [
        Event(
            "attack_hit",
            rnd,
            "3.1 Attack",
            f"{ident.name}'s {man.name} hits {tname} with {roll.net} successes.",
            why=why,
            actor=ident.cid,
            roll=roll,
        )
    ]
    dmg_pool = traits["strength"] + man.damage_bonus + roll.net - 1
    dmg = roll_open(ctx.dice, dmg_pool)
    ctx.rolls.append(dmg)
    events.append(
        Event(
            "damage_rolled",
            rnd,
            "3.2 Damage",
            f"Damage: {dmg.net} successes from {dmg_pool} dice.",
            why=f"Strength {traits['strength']} + {man.damage_bonus} + "
            f"{roll.net - 1} extra successes, difficulty 6, 10s rerolled: "
            f"{list(dmg.faces)}",
            actor=ident.cid,
            roll=dmg,
        )
    )
    soak_pool = esper.component_for_entity(target, Traits).values["stamina"]
    soak = roll_open(ctx.dice, soak_pool)
    ctx.rolls.append(soak)
    levels = max(0, dmg.net - soak.net)
    events.append(
        Event(
            "damage_soaked",
            rnd,
            "3.3 Soak",
            f"{tname} soaks {soak.net}: {levels} levels of {man.damage_type}.",
            why=f"Stamina {soak_pool} dice at difficulty 6, 10s rerolled: {list(soak.faces)}",
            actor=tname,
            roll=soak,
        )
    )
    if levels:
        hits.append((target, levels, ent))
    return events


def _wound(ctx: Ctx, target: int, levels: int) -> list[Event]:
    health = esper.component_for_entity(target, Health)
    health.boxes += ["bashing"] * levels
    ident = esper.component_for_entity(target, Identity)
    name = level_name(len(health.boxes))
    events = [
        Event(
            "wounded", ctx.clock.round, "6. Health", f"{ident.name} is now {name}.", actor=ident.cid
        )
    ]
    if len(health.boxes) >= 7:
        esper.component_for_entity(target, Status).state = "incapacitated"
        events.append(
            Event(
                "incapacitated",
                ctx.clock.round,
                "6. Health",
                f"{ident.name} is Incapacitated and out of the fight.",
                actor=ident.cid,
            )
        )
    return events
