"""Reach on the grid: cheapest steps, rough ground at two, walls and others in the way."""

from __future__ import annotations

import random
from collections.abc import Iterable

from arena.rules.grid import Cell, Grid, neighbours, reachable

ROUGH_PATCH = Grid(
    (
        "#######",
        "#..~..#",
        "#.#~#.#",
        "#..~..>",
        "#######",
    )
)


def _reference(grid: Grid, start: Cell, steps: int, blocked: Iterable[Cell]) -> dict[Cell, int]:
    """The plain search reach is held to: relax every neighbour until nothing gets cheaper."""
    taken = set(blocked)
    best = {start: 0}
    frontier = [start] if grid.walkable(start) else []
    while frontier:
        nxt = []
        for cell in frontier:
            for n in neighbours(cell):
                cost = best[cell] + grid.step_cost(n)
                if not grid.walkable(n) or cost > steps or n in taken:
                    continue
                if n not in best or cost < best[n]:
                    best[n] = cost
                    nxt.append(n)
        frontier = nxt
    ranked = sorted((cost, y, x) for (x, y), cost in best.items())
    return {(x, y): cost for cost, y, x in ranked}


def test_reach_costs_two_onto_rough_ground_and_goes_round_it_when_cheaper() -> None:
    found = reachable(ROUGH_PATCH, (1, 1), 4, ())
    assert found[(3, 1)] == 3  # two steps onto the rough cell after one
    assert found[(4, 1)] == 4  # across it: no cheaper way round
    assert found[(3, 3)] == 4  # from the floor beside it, not down the rough column
    assert (5, 1) not in found
    assert (6, 3) not in found
    assert list(found)[:4] == [(1, 1), (2, 1), (1, 2), (1, 3)]  # by cost, then row, column


def test_reach_stops_at_walls_others_and_the_edge_of_the_map() -> None:
    found = reachable(ROUGH_PATCH, (5, 3), 2, [(5, 2)])
    assert found == {(5, 3): 0, (4, 3): 1, (6, 3): 1}  # the rough column costs a third step
    assert reachable(ROUGH_PATCH, (0, 0), 5, ()) == {(0, 0): 0}  # a wall: nowhere to go
    assert reachable(ROUGH_PATCH, (9, 9), 5, ()) == {(9, 9): 0}  # off the map
    assert reachable(ROUGH_PATCH, (1, 1), 0, ()) == {(1, 1): 0}


def test_reach_matches_the_plain_search_on_random_maps_in_the_same_order() -> None:
    rng = random.Random(27)
    for _ in range(400):
        width, height = rng.randint(1, 14), rng.randint(1, 9)
        rows = tuple(
            "".join(rng.choice("....~#=>1") for _ in range(rng.randint(max(1, width - 2), width)))
            for _ in range(height)
        )
        grid = Grid(rows)
        for _ in range(4):
            start = (rng.randint(-1, width + 1), rng.randint(-1, height + 1))
            steps = rng.randint(-1, 12)
            blocked = [
                (rng.randint(-2, width + 2), rng.randint(-2, height + 2))
                for _ in range(rng.randint(0, 6))
            ]
            found = reachable(grid, start, steps, blocked)
            assert list(found.items()) == list(_reference(grid, start, steps, blocked).items())
