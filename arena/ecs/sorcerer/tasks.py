"""Step 4 for other tasks: aim, move, Hop, flee, climb, a scenario's tasks, total defense."""

from __future__ import annotations

import esper

from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer import attacks
from arena.ecs.sorcerer.challenge import challenge_against
from arena.ecs.sorcerer.crossing import climb, work_task
from arena.ecs.sorcerer.data import Data
from arena.ecs.sorcerer.geometry import hop_cells, move_cells
from arena.ecs.sorcerer.obstacles import climbs
from arena.ecs.sorcerer.queries import (
    OUT,
    STEP_REACTIONS,
    cell,
    entity,
    event,
    fighter,
    fighters,
    grid,
    ident,
    in_fight,
    name,
    plan,
    round_state,
    set_status,
    status,
    task,
    weapon,
)
from arena.rules.actions import Attack, Move
from arena.rules.commands import Command
from arena.rules.dice import Contest, resolve_contest
from arena.rules.events import Event, EventKind
from arena.rules.grid import distance
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import (
    TOTAL_DEFENSE_BONUS,
    ChallengeLevel,
    Rollover,
    challenge_pool,
)
from arena.rules.sorcerer.commands import Aim, Climb, Flee, Hop, TotalDefense, WorkTask


def resolve(ctx: Ctx, ent: int, cmd: Command) -> list[Event]:
    """Carry out an other task, aim or total defense at its place in the order."""
    plan(ent).done = True
    match cmd:
        case Aim():
            return _aim(ctx, ent, cmd)
        case Move(to=to):
            return _move(ctx, ent, to, list(move_cells(ctx, ent)), "moved", "sorc_moves")
        case Hop(to=to):
            return _move(ctx, ent, to, hop_cells(ctx, ent), "hopped", "sorc_hops")
        case Flee():
            return _flee(ctx, ent)
        case Climb(to=to):
            # Climbing out of an enemy's reach lets it react first, as a move does.
            legal = to in climbs(ctx, ent)
            return [*(_disengage(ctx, ent, to) if legal else []), *climb(ctx, ent, cmd)]
        case WorkTask():
            return work_task(ctx, ent, cmd)
        case TotalDefense():
            text = Phrase("sorc_total_defense_held", (name(ent),))
            data: Data = {"bonus": TOTAL_DEFENSE_BONUS}
            return [
                event(
                    ctx,
                    "total_defense_held",
                    STEP_REACTIONS,
                    text,
                    actor=ent,
                    terse=False,
                    data=data,
                )
            ]
    text = Phrase("sorc_does_nothing", (name(ent),))
    data = {"kind": cmd.kind, "reason": "nothing"}
    return [event(ctx, "action_failed", STEP_REACTIONS, text, actor=ent, data=data)]


def challenge(ctx: Ctx, ent: int, level: ChallengeLevel) -> tuple[Contest, Text, list[Event], Data]:
    """The actor's performance against a challenge's pool: the contest, why, events, its data."""
    return challenge_against(ctx, ent, challenge_pool(level, ctx.options), level)


def _unrolled(what: str) -> tuple[Contest, Text, list[Event], Data]:
    """A task (its template id) that needs no roll: it succeeds with one victory."""
    why = Phrase("sorc_needs_no_roll", (Phrase(what),))
    return resolve_contest((1,), ()), why, [], {"level": "none"}


def _aim(ctx: Ctx, ent: int, cmd: Aim) -> list[Event]:
    level = task(ctx, "aim").challenge
    target, w = entity(cmd.target), weapon(ctx, cmd.means)
    found = _unrolled("sorc_aiming") if level == "none" else challenge(ctx, ent, level)
    contest, why, events, data = found
    data = {**data, "weapon": cmd.means, "rollover": 0}
    if contest.winner != "first":
        text = Phrase("sorc_aim_lost", (name(ent), w.name, name(target)))
        return [
            *events,
            event(ctx, "aimed", STEP_REACTIONS, text, why=why, actor=ent, roll=contest, data=data),
        ]
    rs = round_state()
    rs.rollovers = (
        *rs.rollovers,
        Rollover(ident(ent).cid, "aim", cmd.target, contest.victories, ctx.clock.round),
    )
    text = Phrase(
        "sorc_aimed", (name(ent), w.name, name(target), Phrase("dice", (contest.victories,)))
    )
    data["rollover"] = contest.victories
    return [
        *events,
        event(
            ctx,
            "aimed",
            STEP_REACTIONS,
            text,
            why=why,
            actor=ent,
            target=target,
            roll=contest,
            data=data,
        ),
    ]


def _move(
    ctx: Ctx,
    ent: int,
    to: tuple[int, int],
    legal: list[tuple[int, int]],
    kind: EventKind,
    said: str,
) -> list[Event]:
    start = cell(ent)
    data: Data = {"from": start, "to": to}
    if to not in legal:
        text = Phrase("sorc_move_blocked", (name(ent), to))
        return [event(ctx, "move_blocked", STEP_REACTIONS, text, actor=ent, data=data)]
    events = _disengage(ctx, ent, to) if kind == "moved" else []
    if not in_fight(ent):
        text = Phrase("sorc_move_lost", (name(ent), status(ent), to))
        lost = {"kind": "move", "status": status(ent)}
        return [*events, event(ctx, "action_lost", STEP_REACTIONS, text, actor=ent, data=lost)]
    pos = esper.component_for_entity(ent, Position)
    pos.x, pos.y = to
    text = Phrase(said, (name(ent), start, to))
    exit_note = Phrase("sorc_exit_note") if grid(ctx).is_exit(to) else ""
    return [
        *events,
        event(
            ctx,
            kind,
            STEP_REACTIONS,
            text,
            why=Phrase("sorc_other_task_why", (exit_note,)),
            actor=ent,
            data={**data, "exit": grid(ctx).is_exit(to)},
        ),
    ]


def _disengage(ctx: Ctx, ent: int, to: tuple[int, int]) -> list[Event]:
    """Leaving the reach of an enemy who has yet to carry out its attack on the mover.

    That attack comes now, before the move, and the mover defends as one who has acted.
    """
    events: list[Event] = []
    mover = fighter(ent)
    me, here = mover.who.cid, (mover.pos.x, mover.pos.y)
    for o in fighters():
        p = o.plan
        cmd = p.command
        if cmd is None or cmd.kind != Attack.kind or p.done or o.status.state in OUT:
            continue
        if not isinstance(cmd, Attack) or cmd.target != me:
            continue
        reach = (o.arms[cmd.means] if cmd.means in o.arms else weapon(ctx, cmd.means)).reach
        there = (o.pos.x, o.pos.y)
        if not reach or distance(there, here) > reach:
            continue
        if distance(there, to) <= reach or mover.status.state in OUT:
            continue
        other = o.ent
        events.append(
            event(
                ctx,
                "disengaged",
                STEP_REACTIONS,
                Phrase("sorc_disengaged", (name(ent), name(other), name(other), name(other))),
                why=Phrase("sorc_disengaged_why"),
                actor=ent,
                target=other,
                data={"attacker": ident(other).cid, "to": to},
            )
        )
        events += attacks.resolve(ctx, fighter(other), cmd, simultaneous=False)[0]
    return events


def _flee(ctx: Ctx, ent: int) -> list[Event]:
    level = task(ctx, "flee").challenge
    if not grid(ctx).is_exit(cell(ent)):
        text = Phrase("sorc_not_at_exit", (name(ent),))
        data: Data = {"at_exit": False}
        return [event(ctx, "flee_failed", STEP_REACTIONS, text, actor=ent, data=data)]
    found = _unrolled("sorc_fleeing") if level == "none" else challenge(ctx, ent, level)
    contest, why, events, data = found
    data = {**data, "at_exit": True}
    kind: EventKind
    if contest.winner != "first":
        text = Phrase("sorc_flee_failed", (name(ent),))
        kind = "flee_failed"
    else:
        set_status(ent, "fled")
        text, kind = Phrase("sorc_fled", (name(ent),)), "fled"
    flight = event(ctx, kind, STEP_REACTIONS, text, why=why, actor=ent, roll=contest, data=data)
    return [*events, flight]
