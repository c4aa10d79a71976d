"""Jumping over low obstacles: where a jump may land, and the jump itself at its segment."""

from __future__ import annotations

from typing import Final

import esper

from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import lost_data
from arena.ecs.werewolf.components import Act, Slot
from arena.ecs.werewolf.rolls import full_pool
from arena.ecs.werewolf.spawn import step_toward
from arena.ecs.werewolf.steps import OTHER, event, need
from arena.rules.events import Datum, Event, EventKind
from arena.rules.grid import Cell, distance
from arena.rules.obstacles import Jump, jump, jump_landings
from arena.rules.phrase import Phrase

_KINDS: dict[str, EventKind] = {
    "landed": "jumped",
    "short": "jump_stopped",
    "botched": "jump_botched",
}
"""The event of each way a jump comes out."""


def cells_per_success(ctx: Ctx, ent: int) -> int:
    """Cells each success of a jump carries in the combatant's form now."""
    return lookup.form_def(ctx, lookup.body(ent).form).jump


def landings(ctx: Ctx, ent: int) -> tuple[Cell, ...]:
    """Cells just past a low obstacle that the best roll of its Strength could carry it to."""
    if not lookup.remembered(_LOW, _has_low, ctx):
        return ()  # a map without a low obstacle has nothing to jump: every menu asks
    reach = full_pool(ctx, ent, Act("jump")) * cells_per_success(ctx, ent)
    if reach < 2:
        return ()  # the nearest landing is two cells away: over the obstacle, onto the floor
    here, taken = lookup.cell(ent), tuple(lookup.taken_cells(ent))
    return lookup.remembered(("jumps", here, reach, taken), _landings, ctx, here, reach, taken)


_LOW: Final = ("has_low_obstacle",)


def _has_low(ctx: Ctx) -> bool:
    grid = lookup.grid(ctx)
    return any(grid.is_low((x, y)) for y, row in enumerate(grid.rows) for x in range(len(row)))


def _landings(ctx: Ctx, here: Cell, reach: int, taken: tuple[Cell, ...]) -> tuple[Cell, ...]:
    return jump_landings(lookup.grid(ctx), here, reach, taken)


def jump_over(ctx: Ctx, ent: int, slot: Slot) -> list[Event]:
    """Resolve a declared jump with its roll: land, stop before the obstacle, or fall prone."""
    act = need(slot.act, "slot_act")
    goal = need(act.cell, "act_cell")
    who = lookup.ident(ent)
    start = lookup.cell(ent)
    if lookup.body(ent).held_by:
        text = Phrase("blocked_words", (who.name, "jump", goal))
        lost = lost_data(slot, "blocked")
        return [event(ctx, "action_lost", OTHER, text, actor=who.cid, data=lost)]
    roll = need(slot.roll, "slot_roll")
    per = cells_per_success(ctx, ent)
    result = _result(ctx, ent, slot)
    if result.outcome == "botched":
        lookup.body(ent).prone = True
    pos = esper.component_for_entity(ent, Position)
    pos.x, pos.y = result.cell
    turned = step_toward(start, goal)
    if turned != (0, 0):
        lookup.body(ent).facing = turned  # it faces the way it jumped [ruling]
    data: dict[str, Datum] = {
        "from": start,
        "to": goal,
        "cell": result.cell,
        "outcome": result.outcome,
        "successes": roll.net,
        "per_success": per,
        "reach": result.reach,
    }
    text = Phrase("jump_words", (who.name, result.outcome, start, result.cell, goal))
    why = Phrase(
        "jump_why", (slot.why, Phrase("faces", (roll,)), per, result.reach, distance(start, goal))
    )
    kind = _KINDS[result.outcome]
    return [event(ctx, kind, OTHER, text, why=why, actor=who.cid, data=data)]


def _result(ctx: Ctx, ent: int, slot: Slot) -> Jump:
    """Where the jump its slot rolled for ends, before it takes effect."""
    act, roll = need(slot.act, "slot_act"), need(slot.roll, "slot_roll")
    return jump(
        lookup.grid(ctx),
        lookup.cell(ent),
        need(act.cell, "act_cell"),
        successes=roll.net,
        botch=roll.botch,
        cells_per_success=cells_per_success(ctx, ent),
        taken=lookup.taken_cells(ent),
    )


def landing(ctx: Ctx, ent: int, slot: Slot) -> Cell:
    """The cell a rolled jump ends on: its own when it stops at once or botches."""
    return _result(ctx, ent, slot).cell
