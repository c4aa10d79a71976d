"""A person's moves: the menu offers every reachable cell, the very set `move:X,Y` accepts."""

from __future__ import annotations

import dataclasses
import heapq
import io
import re

import pytest

from arena.cli.plain import PlainFight
from arena.cli.scenarios import with_people
from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.engine import Fight, move_groups
from arena.rules.views import Decision

Cell = tuple[int, int]

# 1 in the open, 2 far in a corner (more than 8 cells from 1), 3 by a wall and rough ground.
OPEN = MapDef(
    "Open",
    (
        "###########################",
        "#2........................#",
        *["#.........................#"] * 8,
        "#............1............#",
        *["#.........................#"] * 9,
        "###########################",
    ),
)
ROUGH = MapDef(
    "Rough",
    (
        "###########################",
        "#2.........~~~............#",
        "#..........~~~............#",
        "#.....#....~~~............#",
        "#.....#....~~~............#",
        "#.....#.3..~~~............#",
        "#.....####.~~~............#",
        "#..........~~~............#",
        "#.........................#",
        "#.........~~..............#",
        "###########################",
    ),
)
FORMS = {"homid": ("ahroun", 4), "crinos": ("ahroun_crinos", 5), "hispo": ("ahroun_hispo", 7),
         "lupus": ("ahroun_lupus", 8)}  # fmt: skip


@pytest.fixture(scope="module")
def move_catalog(ww_catalog: Catalog) -> Catalog:
    sections = dict(ww_catalog.sections)
    maps = {**ww_catalog.section("arenas", "maps"), "open": OPEN, "rough": ROUGH}
    sections[("arenas", "maps")] = maps
    return dataclasses.replace(ww_catalog, sections=sections)


def _scenario(map_id: str, template: str, spawn: int) -> ScenarioDef:
    return ScenarioDef(
        name="moves",
        ruleset="werewolf",
        combatants=(
            CombatantDef("wolf", template, "a", spawn, "human", overrides={"rage": 0}),
            CombatantDef("dummy", "dummy", "b", 2, "human"),
        ),
        map=map_id,
        seed=1,
        max_rounds=2,
    )


def _action(fight: Fight, who: str) -> Decision:
    """Play to the combatant's first action decision, everyone else waiting."""
    fight.start()
    while True:
        mine = [d for d in fight.pending() if d.actor == who and d.kind == "action"]
        if mine:
            return mine[0]
        d = fight.pending()[0]
        fight.apply(next(c for c in d.choices if "default" in c.tags).command)


def _expected(rows: tuple[str, ...], start: Cell, steps: int, taken: set[Cell]) -> set[Cell]:
    """The rules' reach worked out here: 8 neighbours, walls and others block, ~ costs 2."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, (x, y) = heapq.heappop(queue)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy)
                glyph = rows[n[1]][n[0]]
                if n == (x, y) or glyph == "#" or n in taken:
                    continue
                step = cost + (2 if glyph == "~" else 1)
                if step <= steps and step < best.get(n, steps + 1):
                    best[n] = step
                    heapq.heappush(queue, (step, n))
    return set(best) - {start}


def _accepted(decision: Decision, rows: tuple[str, ...]) -> set[Cell]:
    cells = [(x, y) for y, row in enumerate(rows) for x in range(len(row))]
    return {c for c in cells if decision.choice(f"move:{c[0]},{c[1]}") is not None}


CASES = [("open", form, 1) for form in FORMS] + [("rough", form, 3) for form in FORMS]


@pytest.mark.parametrize(("map_id", "form", "spawn"), CASES)
def test_move_menu_offers_every_cell_the_engine_accepts(
    move_catalog: Catalog, map_id: str, form: str, spawn: int
):
    template, speed = FORMS[form]
    fight = Fight(_scenario(map_id, template, spawn), move_catalog)
    decision = _action(fight, "wolf")
    rows = OPEN.rows if map_id == "open" else ROUGH.rows
    view = fight.view()
    here = view.combatant("wolf").pos
    taken = {c.pos for c in view.combatants if c.id != "wolf"}
    expected = _expected(rows, here, speed, taken)
    offered = decision.move_cells()
    assert offered == _accepted(decision, rows) == expected
    if map_id == "open":  # nothing in the way: the whole square of the form's speed
        assert len(offered) == (2 * speed + 1) ** 2 - 1
    # Grouped by distance, the menu stays a few lines long.
    groups = move_groups(here, offered)
    assert [g.away for g in groups] == list(range(1, groups[-1].away + 1))
    assert groups[-1].away == speed or map_id == "rough"
    # A cell the menu groups rather than lists is a move like any other.
    far = groups[-1].cells[-1]
    fight.apply(decision.choice(f"move:{far[0]},{far[1]}").command)  # type: ignore[union-attr]
    while "moved" not in [e.kind for e in fight.events] and fight.pending():
        d = fight.pending()[0]
        fight.apply(next(c for c in d.choices if "default" in c.tags).command)
    assert fight.view().combatant("wolf").pos == far


def test_rough_ground_costs_two_steps_in_the_move_menu(move_catalog: Catalog):
    # Homid Ahroun at (8, 5): the rough band begins 3 cells east; crossing it costs double.
    fight = Fight(_scenario("rough", "ahroun", 3), move_catalog)
    cells = _action(fight, "wolf").move_cells()
    assert (11, 5) in cells  # 3 steps onto the first rough column: 1 + 1 + 2
    assert (12, 5) not in cells  # 1 + 1 + 2 + 2 = 6 steps
    assert (7, 6) not in cells  # the wall
    assert (5, 5) not in cells  # behind the wall: 6 steps round it
    assert (5, 2) in cells  # round the wall's top: 4 steps


def test_move_menu_in_hot_seat_plain_play_offers_every_reachable_cell(move_catalog: Catalog):
    scenario = with_people(
        _scenario("rough", "ahroun_crinos", 3), human=None, watch=False, hot_seat=True
    )
    fight = Fight(scenario, move_catalog)
    decision = _action(fight, "wolf")
    accepted = _accepted(decision, ROUGH.rows)
    here = fight.view().combatant("wolf").pos
    # The farthest cell east: no listed move goes there, the menu offers it all the same.
    far = max(accepted)
    assert far not in {c.cell for c in decision.choices}
    out = io.StringIO()
    assert PlainFight(fight, out).play(io.StringIO(f"{far[0]},{far[1]}\n")) == 1
    lines = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("or move (type the cell):"))
    printed: set[Cell] = set()
    groups = 0
    for line in lines[start + 1 :]:
        found = re.fullmatch(r"\s*\d+\s+(\d+) away: (.*)", line)
        # A long group folds at 80 columns: its cells go on in lines hung under it.
        more = groups and re.fullmatch(r"\s+\d+,\d+(?:,? \d+,\d+)*,?", line)
        if found is None and not more:
            break
        groups += found is not None
        cells = found.group(2) if found is not None else line
        printed |= {(int(x), int(y)) for x, y in re.findall(r"(\d+),(\d+)", cells)}
    assert printed == accepted
    assert groups == len(move_groups(here, accepted)) <= 5  # a line per distance: Crinos 5
    moves = [c for c in fight.commands if c.actor == "wolf" and c.kind == "move"]
    assert [c.to for c in moves] == [far]  # type: ignore[attr-defined]


def test_the_away_move_goes_farthest_from_the_nearest_enemy_then_cheapest_then_by_row() -> None:
    from arena.ecs.werewolf.moves import _farthest

    cells = {(5, 5): 1, (5, 1): 2, (5, 3): 1, (1, 5): 1, (1, 1): 1}
    # (5, 5) and (1, 5) lie 4 from the nearest spot and cost 1: the first column wins the tie.
    assert _farthest(cells, [(1, 1), (3, 1)]) == (1, 5)
    assert _farthest({(5, 4): 1, (1, 4): 1}, [(3, 0)]) == (1, 4)
    assert _farthest({(5, 5): 2, (1, 5): 1}, [(3, 1)]) == (1, 5)  # cheaper first
    assert _farthest({(1, 5): 1, (5, 5): 2}, [(3, 1)]) == (1, 5)
    assert _farthest({(4, 5): 1, (1, 4): 1}, [(1, 1)]) == (4, 5)  # farther first
    # Measured from the nearest spot: 3 from (5, 9) beats 1 from (1, 1).
    assert _farthest({(2, 2): 1, (5, 6): 1}, [(5, 9), (1, 1)]) == (5, 6)
    assert _farthest({(1, 6): 1, (1, 5): 1}, [(8, 5)]) == (1, 5)  # then the lower row


def test_a_move_toward_a_foe_ends_nearest_it_then_straightest_cheapest_by_row() -> None:
    import random

    from arena.ecs.werewolf.moves import _farthest, best_toward, best_within, farthest_within
    from arena.rules.grid import Grid, reachable

    open_floor = Grid(("#########", "#.......#", "#.......#", "#.......#", "#########"))
    cells = {c: cost for c, cost in reachable(open_floor, (1, 2), 2, ()).items() if cost}
    # (3, 2) is 2 from the foe at (5, 2), as are (3, 1) and (3, 3): the straight one wins.
    assert best_within(cells, (5, 2), (1, 2), 2) == (3, 2)
    assert best_within(cells, (5, 0), (1, 2), 2) == (3, 1)  # 2 away, 3 steps without diagonals
    assert best_within({}, (5, 2), (1, 2), 2) is None
    # Ring by ring, it finds what ranking every cell finds, on any map.
    rng = random.Random(29)
    for _ in range(300):
        width, height = rng.randint(3, 20), rng.randint(3, 10)
        rows = tuple("".join(rng.choice("......~#=>") for _ in range(width)) for _ in range(height))
        here, steps = (rng.randint(0, width - 1), rng.randint(0, height - 1)), rng.randint(0, 7)
        found = reachable(Grid(rows), here, steps, [(rng.randint(0, width), 1)])
        reach = {c: cost for c, cost in found.items() if cost}
        for _ in range(4):
            goal = (rng.randint(-3, width + 3), rng.randint(-3, height + 3))
            assert best_within(reach, goal, here, steps) == best_toward(reach, goal)
            if reach:  # the away move, from one enemy and from two
                spots = [goal, (rng.randint(0, width), rng.randint(0, height))]
                assert farthest_within(reach, spots[:1], here, steps) == _farthest(reach, spots[:1])
                assert farthest_within(reach, spots, here, steps) == _farthest(reach, spots)
