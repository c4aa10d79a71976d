"""The grid in Sorcerer terms: reach and closing in, shooting ranges, moves, hops, Contain."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from arena.content.sorcerer import Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.queries import cell, demon, grid, occupied, task
from arena.rules.grid import (
    Band,
    Cell,
    Grid,
    distance,
    line_of_sight,
    neighbours,
    range_band,
    reachable,
)
from arena.rules.sorcerer import hop_range


def allowed(ent: int, to: Cell) -> bool:
    """Whether a contained demon may stand there (always true for everyone else)."""
    state = demon(ent)
    if state is None or state.contained_at is None:
        return True
    return distance(state.contained_at, to) <= state.contain_radius


def shot_band(ctx: Ctx, f: Fighter, target: Fighter, w: Weapon) -> Band:
    """A ranged attack's band, or ``out_of_range`` (also when a wall blocks the line of sight)."""
    here, there = (f.pos.x, f.pos.y), (target.pos.x, target.pos.y)
    if not line_of_sight(grid(ctx), here, there):
        return "out_of_range"
    band = range_band(distance(here, there), w.range)
    if not w.firearm and band == "beyond":
        return "out_of_range"  # only firearms shoot beyond their range, at a penalty
    return band


def closing_cells(
    ctx: Ctx, f: Fighter, blocked: frozenset[Cell] | None = None
) -> Mapping[Cell, int]:
    """Cells an attacker can close in to, with the steps each costs (shared: read only).

    `blocked`: the cells others stand on, when already read (None: read them here).
    """
    steps, here = task(ctx, "close_in").cells, (f.pos.x, f.pos.y)
    if blocked is None:
        blocked = frozenset(occupied(but=f.ent))
    return _closing(grid(ctx).rows, here, steps, in_the_way(blocked, here, steps))


def in_the_way(blocked: frozenset[Cell], start: Cell, steps: int) -> frozenset[Cell]:
    """The blocked cells a walk of `steps` from `start` could meet: those that many cells off.

    A step moves a cell at most, so a cell farther changes nothing the walk reaches: left out
    of the situation a walk is kept by, fights where others stand elsewhere share it.
    """
    x, y = start
    near = [c for c in blocked if -steps <= c[0] - x <= steps and -steps <= c[1] - y <= steps]
    return blocked if len(near) == len(blocked) else frozenset(near)


@lru_cache(maxsize=4096)
def _closing(
    rows: tuple[str, ...], start: Cell, steps: int, blocked: frozenset[Cell]
) -> dict[Cell, int]:
    """`reach` as a lookup, made once for a situation: every reader only reads it."""
    return dict(reach(rows, start, steps, blocked))


def reach(
    rows: tuple[str, ...], start: Cell, steps: int, blocked: frozenset[Cell]
) -> tuple[tuple[Cell, int], ...]:
    """`reachable` on a map, as (cell, steps) pairs.

    Not remembered here: its two readers (`_closing`, `moves_from`) each remember their own
    answers, and never ask the same walk (closing in and moving go different distances).
    """
    return tuple(reachable(Grid(rows), start, steps, blocked).items())


def attack_cell(
    ctx: Ctx, f: Fighter, target: Fighter, w: Weapon, near: Mapping[Cell, int] | None = None
) -> Cell | None:
    """Where the attacker attacks from: where it stands, or a cell it closes in to; None: out.

    Melee reaches the target from at most `reach` cells, after closing in up to the
    ``close_in`` task's cells (`near`, when already known); a ranged attack needs line of
    sight and range from where it is.
    """
    here, there = (f.pos.x, f.pos.y), (target.pos.x, target.pos.y)
    if w.range > 0:
        return here if shot_band(ctx, f, target, w) != "out_of_range" else None
    gap = distance(here, there)
    if gap <= w.reach:
        return here
    if gap > w.reach + task(ctx, "close_in").cells:
        return None  # every step moves a cell at most: no closing in gets it within reach
    found = closing_cells(ctx, f) if near is None else near
    tx, ty, r = there[0], there[1], w.reach
    # The cells within reach of the target form a square: look those up when there are fewer
    # of them than cells to close in to (the minimum below does not depend on the order).
    if (2 * r + 1) ** 2 < len(found):
        costs = [
            (spot, found[spot])
            for y in range(ty - r, ty + r + 1)
            for x in range(tx - r, tx + r + 1)
            if (spot := (x, y)) in found
        ]
    else:
        costs = [(spot, cost) for spot, cost in found.items() if distance(spot, there) <= r]
    # Asked once, not for every cell: only a demon may be held.
    free = f.demon is None or f.demon.contained_at is None
    spots = [
        (cost, abs(spot[0] - tx) + abs(spot[1] - ty), spot[1], spot[0])
        for spot, cost in costs
        if cost and (free or allowed(f.ent, spot))
    ]
    # The fewest steps, then the straightest line to the target, then row and column.
    best = min(spots, default=None)
    return None if best is None else (best[3], best[2])


MoveKey = tuple[tuple[str, ...], Cell, int, frozenset[Cell]]
"""What a move's reach depends on: the map, where it starts, how far, who stands in the way
(`in_the_way`: only those near enough to be met)."""


def move_key(ctx: Ctx, ent: int, blocked: frozenset[Cell] | None = None) -> MoveKey:
    """The situation an other-task move starts from.

    `blocked`: the cells others stand on, when already read (None: read them here).
    """
    if blocked is None:
        blocked = frozenset(occupied(but=ent))
    here, steps = cell(ent), task(ctx, "move").cells
    return grid(ctx).rows, here, steps, in_the_way(blocked, here, steps)


@lru_cache(maxsize=4096)
def moves_from(key: MoveKey) -> tuple[Cell, ...]:
    """Cells a move reaches from a situation, nearest first (the start left out)."""
    return tuple([c for c, cost in reach(*key) if cost])


def move_cells(ctx: Ctx, ent: int) -> tuple[Cell, ...]:
    """Cells an other-task move reaches this round, nearest first."""
    found = moves_from(move_key(ctx, ent))
    if contained(ent):
        return tuple(c for c in found if allowed(ent, c))
    return found


def contained(ent: int) -> bool:
    """A demon held by Contain: it may not leave its area."""
    state = demon(ent)
    return state is not None and state.contained_at is not None


def hop_cells(ctx: Ctx, ent: int) -> list[Cell]:
    """Cells a demon's Hop reaches: up to Power away, over anything, onto free floor."""
    state = demon(ent)
    if state is None or "hop" not in state.abilities:
        return []
    here, reach, g = cell(ent), hop_range(state.power), grid(ctx)
    taken = set(occupied(but=ent))
    found = [
        (x, y)
        for y in range(here[1] - reach, here[1] + reach + 1)
        for x in range(here[0] - reach, here[0] + reach + 1)
        if (x, y) != here and g.walkable((x, y)) and (x, y) not in taken and allowed(ent, (x, y))
    ]
    return sorted(found, key=lambda c: (distance(here, c), c[1], c[0]))


def beside(ctx: Ctx, ent: int) -> Cell:
    """A free floor cell next to a combatant (or the nearest free one) for a summoned demon."""
    g, taken = grid(ctx), set(occupied())
    for spot in neighbours(cell(ent)):
        if g.walkable(spot) and spot not in taken:
            return spot
    far = reachable(g, cell(ent), g.width + g.height, ())
    return next((c for c in far if c not in taken), cell(ent))
