"""Low obstacles on the grid: where a jump may land, where it ends, what a climb crosses."""

from __future__ import annotations

from arena.rules.grid import Grid, distance, line_of_sight, reachable
from arena.rules.obstacles import climb_cells, climbed_over, jump, jump_landings

TABLE = Grid(
    (
        "#########",
        "#.......#",
        "#..==...#",
        "#.......#",
        "#########",
    )
)


def test_low_obstacle_blocks_walking_not_line_of_sight() -> None:
    assert not TABLE.walkable((3, 2))
    assert TABLE.is_low((3, 2))
    assert (3, 2) not in reachable(TABLE, (1, 2), 10, ())
    assert (5, 2) in reachable(TABLE, (1, 2), 10, ())  # round the table
    assert line_of_sight(TABLE, (1, 2), (6, 2))


def test_jump_landings_lie_just_past_an_obstacle_within_reach() -> None:
    assert jump_landings(TABLE, (2, 2), 1, ()) == ()  # nothing lies 1 cell past it
    assert (5, 2) in jump_landings(TABLE, (2, 2), 3, ())
    assert (5, 2) not in jump_landings(TABLE, (2, 2), 2, ())
    assert (5, 2) not in jump_landings(TABLE, (2, 2), 3, [(5, 2)])  # taken
    open_floor = Grid(("#####", "#...#", "#####"))
    assert jump_landings(open_floor, (1, 1), 9, ()) == ()


def test_jump_lands_stops_short_or_botches() -> None:
    landed = jump(TABLE, (2, 2), (5, 2), successes=3, botch=False, cells_per_success=1, taken=())
    assert (landed.outcome, landed.cell, landed.reach) == ("landed", (5, 2), 3)
    twice = jump(TABLE, (2, 2), (5, 2), successes=2, botch=False, cells_per_success=2, taken=())
    assert (twice.outcome, twice.cell, twice.reach) == ("landed", (5, 2), 4)
    short = jump(TABLE, (1, 2), (5, 2), successes=2, botch=False, cells_per_success=1, taken=())
    assert (short.outcome, short.cell) == ("short", (2, 2))
    botched = jump(TABLE, (1, 2), (5, 2), successes=0, botch=True, cells_per_success=2, taken=())
    assert (botched.outcome, botched.cell) == ("botched", (1, 2))


def test_climb_crosses_one_low_obstacle_in_a_straight_line() -> None:
    assert climb_cells(TABLE, (2, 2), ()) == ()  # two cells of table: a climb crosses one
    assert climb_cells(TABLE, (3, 1), ()) == ((3, 3), (5, 3))  # straight down, or diagonally
    assert climbed_over((3, 1), (3, 3)) == (3, 2)
    assert climb_cells(TABLE, (3, 1), [(3, 3)]) == ((5, 3),)


def test_jump_each_success_carries_one_cell_even_when_it_falls_short() -> None:
    # Two cells from the table, no success carries the jumper nowhere: it stays put, not
    # walking up to the table; one success carries it one cell, to the table's edge.
    none = jump(TABLE, (1, 2), (5, 2), successes=0, botch=False, cells_per_success=1, taken=())
    assert (none.outcome, none.cell, none.reach) == ("short", (1, 2), 0)
    one = jump(TABLE, (1, 2), (5, 2), successes=1, botch=False, cells_per_success=1, taken=())
    assert (one.outcome, one.cell, one.reach) == ("short", (2, 2), 1)
    far = Grid(("#########", "#.....=.#", "#########"))
    two = jump(far, (1, 1), (7, 1), successes=1, botch=False, cells_per_success=2, taken=())
    assert (two.outcome, two.cell) == ("short", (3, 1))  # 2 cells of 4 up to the obstacle


def test_outside_the_map_is_wall_and_distance_counts_diagonals_as_one() -> None:
    """A cell off any edge (a short row's end too) reads as wall; distance is the larger step."""
    grid = Grid(("#####", "#..>#", "#=~", "#####"))
    assert grid.glyph((3, 1)) == ">"
    assert grid.glyph((1, 2)) == "="
    for off in [(-1, 1), (1, -1), (5, 1), (3, 2), (0, 4), (9, 9)]:
        assert grid.glyph(off) == "#"
    assert grid.floor() == ("#####", "#..>#", "#=~", "#####")
    assert Grid(("#1.2#",)).floor() == ("#...#",)
    for a, b, steps in [
        ((0, 0), (3, 1), 3),
        ((3, 1), (0, 0), 3),
        ((2, 5), (4, 1), 4),
        ((1, 1), (1, 1), 0),
    ]:
        assert distance(a, b) == steps
