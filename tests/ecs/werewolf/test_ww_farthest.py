"""Backing away from several enemies: the cell farthest from the nearest of them (`_farthest`)."""

from __future__ import annotations

import random

import pytest

from arena.ecs.werewolf.moves import _farthest, farthest_within
from arena.rules.grid import distance


def reference(cells: dict[tuple[int, int], int], spots: list[tuple[int, int]]) -> tuple[int, int]:
    """The rule as written: farthest from the nearest spot, then cheapest, by row, by column."""
    return min(
        cells,
        key=lambda c: (-min(distance(c, s) for s in spots), cells[c], c[1], c[0]),
    )


@pytest.mark.parametrize("seed", range(40))
def test_backing_away_from_several_enemies_takes_the_cell_farthest_from_the_nearest(
    seed: int,
) -> None:
    rng = random.Random(seed)
    here = (rng.randrange(5, 15), rng.randrange(5, 15))
    cells = {
        (here[0] + dx, here[1] + dy): rng.randrange(1, 4)
        for dx in range(-4, 5)
        for dy in range(-4, 5)
        if (dx or dy) and rng.random() < 0.7
    }
    spots = [(rng.randrange(0, 20), rng.randrange(0, 20)) for _ in range(rng.randrange(2, 5))]
    assert _farthest(cells, spots) == reference(cells, spots)


@pytest.mark.parametrize("seed", range(60))
def test_backing_away_ring_by_ring_finds_the_cell_the_rule_finds(seed: int) -> None:
    # A reach map lies within its steps of where the mover stands; several enemies, near or
    # far, on any side: the rings around the nearest one find the rule's own cell.
    rng = random.Random(seed)
    steps = rng.randrange(1, 7)
    here = (rng.randrange(8, 16), rng.randrange(8, 16))
    cells = {
        (here[0] + dx, here[1] + dy): rng.randrange(1, 4)
        for dx in range(-steps, steps + 1)
        for dy in range(-steps, steps + 1)
        if (dx or dy) and rng.random() < 0.6
    }
    if not cells:
        cells = {(here[0] + 1, here[1]): 1}
    spots = [(rng.randrange(0, 24), rng.randrange(0, 24)) for _ in range(rng.randrange(2, 6))]
    assert farthest_within(cells, spots, here, steps) == reference(cells, spots)
