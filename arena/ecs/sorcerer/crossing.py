"""Step 4 for climbing over a low obstacle and a scenario's own tasks: challenges both."""

from __future__ import annotations

import esper

from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.challenge import challenge_against
from arena.ecs.sorcerer.data import Data
from arena.ecs.sorcerer.obstacles import climbs, open_tasks, task_name, task_spot
from arena.ecs.sorcerer.queries import (
    STEP_REACTIONS,
    cell,
    event,
    in_fight,
    name,
    round_state,
    status,
    task,
)
from arena.rules.dice import resolve_contest
from arena.rules.events import Event, EventKind
from arena.rules.obstacles import climbed_over
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import assemble_pool, challenge_pool
from arena.rules.sorcerer.commands import Climb, WorkTask


def climb(ctx: Ctx, ent: int, cmd: Climb) -> list[Event]:
    """Climb over one low obstacle: a challenge; a win puts the climber past it."""
    start, to = cell(ent), cmd.to
    data: Data = {"from": start, "to": to, "over": climbed_over(start, to)}
    if to not in climbs(ctx, ent):
        text = Phrase("blocked_words", (name(ent), "climb", to))
        return [event(ctx, "move_blocked", STEP_REACTIONS, text, actor=ent, data=data)]
    if not in_fight(ent):  # an enemy's reaction to its leaving took it out first
        text = Phrase("lost_words", (name(ent), status(ent), to))
        lost = {"kind": cmd.kind, "status": status(ent)}
        return [event(ctx, "action_lost", STEP_REACTIONS, text, actor=ent, data=lost)]
    level = task(ctx, "climb").challenge
    events: list[Event] = []
    rolled: Data = {"level": level}
    why: Text = ""
    if level == "none":  # content may make climbing free: it then needs no roll
        contest = resolve_contest((1,), ())
    else:
        pool = challenge_pool(level, ctx.options)
        contest, why, events, rolled = challenge_against(ctx, ent, pool, level)
    won = contest.winner == "first"
    if won:
        pos = esper.component_for_entity(ent, Position)
        pos.x, pos.y = to
    text = Phrase("climb_words", (name(ent), won, start, to))
    kind: EventKind = "climbed" if won else "climb_failed"
    return [
        *events,
        event(
            ctx,
            kind,
            STEP_REACTIONS,
            text,
            why=why,
            actor=ent,
            roll=contest,
            data={**data, **rolled},
        ),
    ]


def work_task(ctx: Ctx, ent: int, cmd: WorkTask) -> list[Event]:
    """A scenario's task: a challenge against its pool; a win marks it done for the fight."""
    spot = task_spot(ctx, cmd.task)
    data: Data = {"task": cmd.task}
    if spot is None or spot not in open_tasks(ctx, ent):
        what = cmd.task if spot is None else task_name(spot)
        text = Phrase("task_gone_words", (name(ent), what))
        lost = {**data, "kind": cmd.kind, "reason": "task_gone"}
        return [event(ctx, "action_failed", STEP_REACTIONS, text, actor=ent, data=lost)]
    pool = assemble_pool(task_name(spot), spot.pool)
    contest, why, events, rolled = challenge_against(ctx, ent, pool, "task")
    won = contest.winner == "first"
    if won:
        rs = round_state()
        rs.tasks_won = (*rs.tasks_won, spot.id)
    text = Phrase("task_words", (name(ent), task_name(spot), won))
    kind: EventKind = "task_won" if won else "task_failed"
    data = {**data, "cell": (spot.cell[0], spot.cell[1]), "pool": spot.pool, **rolled}
    return [
        *events,
        event(ctx, kind, STEP_REACTIONS, text, why=why, actor=ent, roll=contest, data=data),
    ]
