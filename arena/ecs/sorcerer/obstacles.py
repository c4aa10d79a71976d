"""Low obstacles and a scenario's own tasks in Sorcerer terms: what one may cross or work."""

from __future__ import annotations

from arena.content.scenario import TaskSpot
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.geometry import allowed
from arena.ecs.sorcerer.queries import cell, grid, occupied, round_state
from arena.rules.grid import Cell
from arena.rules.obstacles import at_task, climb_cells, climbs_from


def climbs(ctx: Ctx, ent: int) -> tuple[Cell, ...]:
    """Cells a climb takes the combatant to: straight over a neighbouring low obstacle."""
    where, here = grid(ctx), cell(ent)
    if not climbs_from(where, here):
        return ()  # no low obstacle at hand: who stands where need not be looked at
    found = climb_cells(where, here, occupied(but=ent))
    return tuple([c for c in found if allowed(ent, c)])


def task_spot(ctx: Ctx, tid: str) -> TaskSpot | None:
    """The scenario's task of this id, or None."""
    return next((t for t in ctx.scenario.tasks if t.id == tid), None)


def open_tasks(ctx: Ctx, ent: int) -> tuple[TaskSpot, ...]:
    """The scenario's tasks the combatant may state now: not yet won, and at hand."""
    if not ctx.scenario.tasks:
        return ()  # most scenarios set none
    won = round_state().tasks_won
    here = cell(ent)
    return tuple(
        t for t in ctx.scenario.tasks if t.id not in won and at_task(here, (t.cell[0], t.cell[1]))
    )


def task_name(spot: TaskSpot) -> str:
    """What people call a task: its name, or its id."""
    return spot.name or spot.id
