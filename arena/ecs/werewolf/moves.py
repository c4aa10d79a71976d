"""Where a combatant may move: a bounded set of cells toward enemies, toward an exit, or away."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import esper

from arena.content.werewolf import FormDef
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Body, Memo
from arena.ecs.world import TABLES
from arena.rules.fast import quick_init
from arena.rules.grid import Grid, distance, reachable

Cell = tuple[int, int]


MoveWay = Literal["toward", "exit", "away"]
"""Why a move is offered: it closes on an enemy, heads for the exit, or backs away from all."""


@quick_init
@dataclass(frozen=True, slots=True)
class MoveOption:
    """One cell worth offering, and why."""

    cell: Cell
    way: MoveWay
    foe: int = 0
    """The enemy it closes on (``toward`` only)."""


def speed(ctx: Ctx, ent: int) -> int:
    """Cells a move covers in the current form."""
    table = TABLES[esper.current_world]  # read in place: every menu and move
    body: Body = table[ent][Body]
    try:  # `lookup.form_def`'s hit, in place
        found: FormDef = table[lookup.FIGHT][Memo].found[("form_def", body.form)]
    except KeyError:
        found = lookup.form_def(ctx, body.form)
    return found.speed


def exits(grid: Grid) -> list[Cell]:
    """Every exit cell of the map, row by row."""
    return [
        (x, y) for y, row in enumerate(grid.rows) for x, glyph in enumerate(row) if glyph == ">"
    ]


def enemies(ent: int) -> list[int]:
    """Active enemies, nearest first (ties by roster)."""
    # The carried records read in place: asked for every menu and attack.
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]
    people = kept.fighters or lookup.fighters()
    me = kept.by_ent[ent]
    x, y, side = me.pos.x, me.pos.y, me.who.side
    found = []
    for f in people:  # a loop, not a comprehension: asked for every menu and attack
        if f.who.side != side and f.status.state == "active":
            # `distance`, without its calls
            dx, dy = f.pos.x - x, f.pos.y - y
            dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
            found.append((dx if dx > dy else dy, f.who.roster, f.ent))
    found.sort()
    return [e for _, _, e in found]


def nearest_enemy(ent: int) -> int | None:
    """The first of `enemies`: the nearest active enemy (ties by roster), found in one pass."""
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]
    me = kept.by_ent[ent]
    x, y, side = me.pos.x, me.pos.y, me.who.side
    best: tuple[int, int, int] | None = None
    for f in kept.fighters or lookup.fighters():  # as `enemies`, without the list and sort
        if f.who.side != side and f.status.state == "active":
            dx, dy = f.pos.x - x, f.pos.y - y  # `distance`, without its calls
            dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
            rank = (dx if dx > dy else dy, f.who.roster, f.ent)
            if best is None or rank < best:
                best = rank
    return None if best is None else best[2]


def reach_map(ctx: Ctx, ent: int, steps: int) -> dict[Cell, int]:
    """Cells reachable within `steps`, not through walls or others (start excluded).

    A path may cross a fallen combatant's cell but not end there. Worked out once for each
    start and each placing of the others near enough to matter (the result must not be
    changed): a path of `steps` never leaves the square of cells within `steps` of its start,
    so those farther off neither block it nor lie under where it ends.
    """
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]
    me = kept.by_ent[ent]  # `lookup.fighter`, in place
    x, y = me.pos.x, me.pos.y
    near: tuple[tuple[int, int, bool], ...] = ()
    for f in kept.fighters:  # read in place, gathered with ``+=``: asked for every menu
        state = f.status.state
        if f is me or state in lookup.GONE:
            continue
        dx, dy = f.pos.x - x, f.pos.y - y  # `distance`, without its calls
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        if (dx if dx > dy else dy) <= steps:
            near += ((f.pos.x, f.pos.y, state == "active"),)
    key = ("reach", x, y, steps, near)
    return lookup.across(ctx, key, _reach, ctx, ent, steps)


def _placing() -> tuple[tuple[Cell, str], ...]:
    """Where everyone stands and whether they are still up: all a reach map depends on."""
    # The carried records, in roster order, read in place: asked for every menu.
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]
    return tuple([((f.pos.x, f.pos.y), f.status.state) for f in kept.fighters or lookup.fighters()])


def _reach(ctx: Ctx, ent: int, steps: int) -> dict[Cell, int]:
    standing = lookup.taken_cells(ent, fallen=False)
    found = reachable(lookup.grid(ctx), lookup.cell(ent), steps, standing)
    bodies = set(lookup.taken_cells(ent))
    return {c: cost for c, cost in found.items() if cost and c not in bodies}


def best_toward(cells: dict[Cell, int], goal: Cell) -> Cell | None:
    """The reachable cell nearest the goal (then cheapest, then by row and column)."""
    if not cells:
        return None
    gx, gy = goal
    # Nearest first; then the straightest (fewest steps counted without diagonals), cheapest.
    best: tuple[int, int, int, int, int] | None = None
    for (x, y), cost in cells.items():
        dx, dy = x - gx, y - gy  # `abs`, without its calls: every reachable cell of every menu
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        rank = (dx if dx > dy else dy, dx + dy, cost, y, x)
        if best is None or rank < best:
            best = rank
    return None if best is None else (best[4], best[3])


def best_within(cells: dict[Cell, int], goal: Cell, here: Cell, steps: int) -> Cell | None:
    """`best_toward` for a reach map: every cell within `steps` of `here` (none farther).

    Found ring by ring around the goal, the nearest ring first, looking only at the ring's
    cells a reach of `steps` could hold: a handful of cells instead of every reachable one.
    """
    if not cells:
        return None
    gx, gy = goal
    hx, hy = here
    dx, dy = hx - gx, hy - gy  # `distance`, without its calls
    dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
    apart = dx if dx > dy else dy
    # No reachable cell lies nearer the goal than `apart - steps`, nor farther than
    # `apart + steps`; each ring is cut to the square of cells within `steps` of `here`.
    ring = apart - steps if apart > steps else 0
    box = (hx - steps, hx + steps, hy - steps, hy + steps)
    best: tuple[int, int, int, int] | None = None
    while best is None and ring <= apart + steps:
        for x, y in _on_ring(cells, goal, ring, box):
            # Then the straightest (fewest steps without diagonals), cheapest, by row.
            rank = (abs(x - gx) + abs(y - gy), cells[(x, y)], y, x)
            if best is None or rank < best:
                best = rank
        ring += 1
    return None if best is None else (best[3], best[2])


def _on_ring(
    cells: dict[Cell, int], centre: Cell, ring: int, box: tuple[int, int, int, int]
) -> list[Cell]:
    """The cells of `cells` exactly `ring` from `centre`, looked for only inside `box`.

    `box` is (left, right, top, bottom), all included: the square a reach map lies in.
    """
    cx, cy = centre
    left, right, top, bottom = box
    x0, x1 = max(cx - ring, left), min(cx + ring, right)
    y0, y1 = max(cy - ring, top), min(cy + ring, bottom)
    found: list[Cell] = []
    if x0 > x1 or y0 > y1:
        return found
    for y in (cy - ring, cy + ring) if ring else (cy,):  # its top and bottom rows
        if y0 <= y <= y1:
            found += [(x, y) for x in range(x0, x1 + 1) if (x, y) in cells]
    if ring:
        for x in (cx - ring, cx + ring):  # its sides, corners aside
            if x0 <= x <= x1:
                low, high = max(y0, cy - ring + 1), min(y1, cy + ring - 1)
                found += [(x, y) for y in range(low, high + 1) if (x, y) in cells]
    return found


def toward_exit(
    ctx: Ctx, ent: int, steps: int, cells: dict[Cell, int] | None = None
) -> Cell | None:
    """The reachable cell nearest an exit, if the map has one and it brings the combatant closer.

    Args:
        ctx: the fight.
        ent: who moves.
        steps: how far.
        cells: `reach_map` for those steps, if already worked out.
    """
    doors = lookup.remembered(("exits",), exits, lookup.grid(ctx))
    if not doors:
        return None
    here = lookup.cell(ent)
    door = min(doors, key=lambda c: (distance(here, c), c[1], c[0]))
    best = best_within(reach_map(ctx, ent, steps) if cells is None else cells, door, here, steps)
    if best is None or distance(best, door) >= distance(here, door):
        return None
    return best


def move_options(ctx: Ctx, ent: int, steps: int | None = None) -> list[MoveOption]:
    """Moves worth offering: toward each enemy, toward the nearest exit, and away from all.

    Args:
        ctx: the fight.
        ent: who moves.
        steps: how far (the form's speed when None).

    Returns:
        Distinct cells in that order (the same list for the same placing: not to be changed).
    """
    steps = speed(ctx, ent) if steps is None else steps
    key = ("moves", ent, steps, _placing())
    return lookup.across(ctx, key, _options, ctx, ent, steps)


def _options(ctx: Ctx, ent: int, steps: int) -> list[MoveOption]:
    cells = reach_map(ctx, ent, steps)
    here = lookup.cell(ent)
    found: list[MoveOption] = []
    foes = enemies(ent)
    for foe in foes:
        goal = lookup.cell(foe)
        best = best_within(cells, goal, here, steps)
        if best is not None and distance(best, goal) < distance(here, goal):
            found.append(MoveOption(best, "toward", foe))
    door = toward_exit(ctx, ent, steps, cells)
    if door is not None:
        found.append(MoveOption(door, "exit"))
    if foes and cells:
        spots = [lookup.cell(f) for f in foes]
        away = farthest_within(cells, spots, here, steps)
        if _nearest(away, spots) > _nearest(here, spots):
            found.append(MoveOption(away, "away"))
    unique: dict[Cell, MoveOption] = {}
    for option in found:
        unique.setdefault(option.cell, option)
    return list(unique.values())


def _nearest(cell: Cell, spots: list[Cell]) -> int:
    """How far the nearest of the spots is from the cell (`distance`, in a loop in place)."""
    x, y = cell
    near = -1
    for sx, sy in spots:
        dx, dy = sx - x, sy - y
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        away = dx if dx > dy else dy
        if near < 0 or away < near:
            near = away
    return near


def farthest_within(cells: dict[Cell, int], spots: list[Cell], here: Cell, steps: int) -> Cell:
    """`_farthest` for a reach map: every cell within `steps` of `here` (none farther).

    Found ring by ring around a spot, the farthest ring first (`_rings_away` for several).
    """
    if len(spots) != 1:
        return _rings_away(cells, spots, here, steps)
    ((sx, sy),) = spots
    hx, hy = here
    dx, dy = hx - sx, hy - sy  # `distance`, without its calls
    dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
    apart = dx if dx > dy else dy
    box = (hx - steps, hx + steps, hy - steps, hy + steps)
    ring = apart + steps  # no reachable cell lies farther from the spot
    while ring >= 0:
        found = _on_ring(cells, (sx, sy), ring, box)
        if found:
            # Then the cheapest, by row and column.
            _, y, x = min([(cells[(x, y)], y, x) for x, y in found])
            return x, y
        ring -= 1
    return _farthest(cells, spots)  # no cell at all: as `_farthest` answers


def _rings_away(cells: dict[Cell, int], spots: list[Cell], here: Cell, steps: int) -> Cell:
    """`_farthest` from several spots, looking ring by ring around the one nearest `here`.

    A cell is no farther from the nearest spot than from that one: a cell `ring` away from
    it is worth `ring` at most. The rings are looked at from the farthest a reach could hold
    down to the best worth found, so every cell that could equal it is met.
    """
    hx, hy = here
    centre, apart = spots[0], -1
    for sx, sy in spots:  # the spot nearest `here`, the first of equals
        dx, dy = hx - sx, hy - sy  # `distance`, without its calls
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        away = dx if dx > dy else dy
        if apart < 0 or away < apart:
            centre, apart = (sx, sy), away
    box = (hx - steps, hx + steps, hy - steps, hy + steps)
    farthest = -1  # as in `_farthest`: below any cell's distance
    best = (0, 0, 0)
    ring = apart + steps  # no reachable cell lies farther from the spot
    while ring >= 0 and ring >= farthest:
        for x, y in _on_ring(cells, centre, ring, box):
            near = _nearest((x, y), spots)
            rank = (-cells[(x, y)], -y, -x)
            if near > farthest:
                farthest, best = near, rank
            elif near == farthest and rank > best:
                best = rank
        ring -= 1
    if farthest < 0:
        return _farthest(cells, spots)  # no cell at all: as `_farthest` answers
    return -best[2], -best[1]


def _farthest(cells: dict[Cell, int], spots: list[Cell]) -> Cell:
    """The cell farthest from the nearest of the spots (then cheapest, then by row and column)."""
    # The distance is compared first; the rest of the rank only for a cell that equals the
    # farthest so far (every reachable cell of every menu).
    farthest = -1  # below any cell's distance: every cell is 0 or more from a spot
    best = (0, 0, 0)
    if len(spots) == 1:  # one enemy, the commonest case: no loop over the spots
        ((sx, sy),) = spots
        for (x, y), cost in cells.items():
            dx, dy = x - sx, y - sy
            dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
            near = dx if dx > dy else dy
            if near > farthest:
                farthest, best = near, (-cost, -y, -x)
            elif near == farthest and (-cost, -y, -x) > best:
                best = (-cost, -y, -x)
        return -best[2], -best[1]
    for (x, y), cost in cells.items():
        near = -1
        for sx, sy in spots:
            dx, dy = x - sx, y - sy  # `abs`, without its calls, as in `best_toward`
            dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
            away = dx if dx > dy else dy
            if away < farthest:
                near = away  # nearer a spot than the farthest so far: it can neither win nor tie
                break
            if near < 0 or away < near:
                near = away
        if near > farthest:
            farthest, best = near, (-cost, -y, -x)
        elif near == farthest and (-cost, -y, -x) > best:
            best = (-cost, -y, -x)
    return -best[2], -best[1]


def can_reach(ctx: Ctx, ent: int, goal: Cell, steps: int) -> bool:
    """Whether the combatant can get to a cell within `steps` now."""
    return goal in reach_map(ctx, ent, steps)
