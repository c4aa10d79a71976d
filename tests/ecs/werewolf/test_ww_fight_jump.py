"""Jumping over low obstacles (rules/arena.md): Strength at difficulty 3, cells per success by
form, landing on free floor or stopping before the obstacle, a botch leaving the jumper prone."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, RiggedRoll, ScenarioDef
from arena.engine import Fight
from arena.rules.events import Event
from arena.rules.grid import Grid, line_of_sight, reachable
from arena.rules.obstacles import jump
from arena.rules.views import Decision

# The counter (x = 3) runs wall to wall: nobody walks round it. 1 stands two cells west of it;
# 2 far east; 4 stands where a jump from 1 would land (4, 1); 5 next to the counter.
JUMP_MAP = MapDef(
    "Counter",
    (
        "###########",
        "#1.=.....2#",
        "#..=......#",
        "#..=5.....#",
        "#..=.4....#",
        "###########",
    ),
)
STRENGTH = {"tom": 3, "ahroun_crinos": 7, "ahroun_hispo": 6, "ahroun_lupus": 4}
"""Strength in the form each sheet starts in: the dice a jump rolls."""


@pytest.fixture(scope="module")
def jump_catalog(ww_catalog: Catalog) -> Catalog:
    sections = dict(ww_catalog.sections)
    maps = {**ww_catalog.section("arenas", "maps"), "counter": JUMP_MAP}
    sections[("arenas", "maps")] = maps
    return dataclasses.replace(ww_catalog, sections=sections)


def _fight(catalog: Catalog, template: str, faces: Sequence[int], *, blocker: int = 0) -> Fight:
    combatants = [
        CombatantDef("j", template, "north", 1, "human", overrides={"rage": 0}),
        CombatantDef("d", "dummy", "south", 2, "human"),
    ]
    if blocker:
        combatants.append(CombatantDef("b", "dummy", "south", blocker, "human"))
    scenario = ScenarioDef(
        name="jump",
        ruleset="werewolf",
        combatants=tuple(combatants),
        map="counter",
        rigged=(RiggedRoll("j", "other", tuple(faces)),),
        seed=4,
        max_rounds=2,
    )
    fight = Fight(scenario, catalog)
    fight.start()
    return fight


def _jump(fight: Fight, key: str) -> Event:
    """Play until the jumper's jump resolves: it jumps, everyone else waits or says no."""
    for _ in range(100):
        done = [e for e in fight.events if e.kind.startswith("jump")]
        if done:
            return done[0]
        asked = fight.pending()[0]
        if asked.actor == "j" and asked.kind == "action":
            choice = asked.choice(key)
            assert choice is not None, [c.key for c in asked.choices]
        elif asked.kind == "rage":
            choice = asked.choice("rage:0")
        elif asked.kind in ("willpower", "reaction", "stun"):
            choice = asked.choice("forgo")
        else:
            choice = next(c for c in asked.choices if "default" in c.tags)
        assert choice is not None
        fight.apply(choice.command)
    raise AssertionError("the jump never resolved")


def _faces(template: str, successes: int) -> tuple[int, ...]:
    return (9,) * successes + (2,) * (STRENGTH[template] - successes)


@pytest.mark.parametrize(
    ("template", "successes", "kind", "cell"),
    [
        ("tom", 3, "jumped", (4, 1)),  # Homid: 3 successes carry 3 cells, the landing is 3 off
        ("tom", 2, "jump_stopped", (2, 1)),  # 2 cells fall short: it stops before the counter
        ("tom", 0, "jump_stopped", (1, 1)),  # no success carries it nowhere: it stays put
        ("ahroun_crinos", 2, "jumped", (4, 1)),  # Crinos: 2 cells a success
        ("ahroun_hispo", 2, "jumped", (4, 1)),
        ("ahroun_lupus", 2, "jumped", (4, 1)),
        ("ahroun_lupus", 1, "jump_stopped", (2, 1)),  # 1 success: 2 cells, still short of 3
    ],
)
def test_jump_each_success_carries_one_cell_or_two_in_crinos_hispo_lupus(
    jump_catalog: Catalog, template: str, successes: int, kind: str, cell: tuple[int, int]
) -> None:
    fight = _fight(jump_catalog, template, _faces(template, successes))
    jumped = _jump(fight, "jump:4,1")
    per = 1 if template == "tom" else 2
    assert jumped.kind == kind
    assert jumped.data["successes"] == successes
    assert jumped.data["per_success"] == per
    assert jumped.data["reach"] == successes * per
    assert jumped.data["cell"] == cell
    assert fight.view().combatant("j").pos == cell
    assert f"at difficulty 3 (jump 3): [{', '.join(map(str, _faces(template, successes)))}]" in (
        jumped.why
    )


def test_jump_landing_taken_stops_before_the_obstacle() -> None:
    # 3 successes would carry Tom to (4, 1), but someone stands there by the time he jumps:
    # the jump must land on free floor, so he stops on the last floor before the counter.
    grid = Grid(JUMP_MAP.rows)
    result = jump(
        grid, (1, 1), (4, 1), successes=3, botch=False, cells_per_success=1, taken=[(4, 1)]
    )
    assert (result.outcome, result.cell, result.reach) == ("short", (2, 1), 3)
    # Right against the counter, stopping before it is staying put.
    result = jump(grid, (2, 1), (4, 1), successes=1, botch=False, cells_per_success=1, taken=[])
    assert (result.outcome, result.cell) == ("short", (2, 1))


def test_jump_is_not_offered_onto_a_taken_landing(jump_catalog: Catalog) -> None:
    fight = _fight(jump_catalog, "tom", _faces("tom", 3), blocker=5)  # b stands at (4, 3)
    asked = _asked(fight)
    keys = [c.key for c in asked.choices]
    assert "jump:4,1" in keys
    assert "jump:4,2" in keys
    assert "jump:4,3" not in keys


def test_jump_botch_leaves_the_jumper_prone_in_its_own_cell(jump_catalog: Catalog) -> None:
    fight = _fight(jump_catalog, "tom", (1, 2, 2))
    jumped = _jump(fight, "jump:4,1")
    assert jumped.kind == "jump_botched"
    assert jumped.data["cell"] == (1, 1)
    assert jumped.text == "Tom botches the jump toward (4, 1) and falls prone at (1, 1)."
    me = fight.view().combatant("j")
    assert me.pos == (1, 1)
    assert me.werewolf is not None
    assert me.werewolf.prone


def _asked(fight: Fight) -> Decision:
    """Play until the jumper is asked for an action; the others wait."""
    for _ in range(20):
        asked = fight.pending()[0]
        if asked.actor == "j" and asked.kind == "action":
            return asked
        choice = asked.choice("rage:0") or next(c for c in asked.choices if "default" in c.tags)
        fight.apply(choice.command)
    raise AssertionError("the jumper is never asked")


def test_low_obstacle_blocks_walking_not_line_of_sight(jump_catalog: Catalog) -> None:
    asked = _asked(_fight(jump_catalog, "tom", _faces("tom", 3)))
    walks = [c.cell for c in asked.choices if c.key.startswith("move:")]
    assert walks
    assert all(cell is not None and cell[0] < 3 for cell in walks)
    assert asked.resolver is not None
    assert all(cell[0] < 3 for cell in asked.resolver.move_cells())
    jumps = [c.cell for c in asked.choices if c.key.startswith("jump:")]
    assert (4, 1) in jumps
    assert all(cell is not None and cell[0] > 3 for cell in jumps)
    grid = Grid(JUMP_MAP.rows)
    assert not grid.walkable((3, 1))
    assert line_of_sight(grid, (1, 1), (9, 1))  # over the counter
    assert (4, 1) not in reachable(grid, (1, 1), 20, ())


# 3 stands beside the jumper's spawn, on its side of the counter.
BESIDE_MAP = MapDef(
    "Counter, guarded",
    (
        "###########",
        "#1.=.....2#",
        "#.3=......#",
        "#..=......#",
        "###########",
    ),
)


def _guarded(catalog: Catalog, jump_faces: Sequence[int]) -> Fight:
    sections = dict(catalog.sections)
    sections[("arenas", "maps")] = {**catalog.section("arenas", "maps"), "guarded": BESIDE_MAP}
    guarded = dataclasses.replace(catalog, sections=sections)
    scenario = ScenarioDef(
        name="jump away",
        ruleset="werewolf",
        combatants=(
            CombatantDef("j", "tom", "north", 1, "human", overrides={"rage": 0}),
            CombatantDef("d", "dummy", "south", 2, "human"),
            CombatantDef("e", "dummy", "south", 3, "human"),
        ),
        map="guarded",
        rigged=(
            RiggedRoll("j", "initiative", (9, 9, 9, 9)),  # segment 4: it acts first
            RiggedRoll("d", "initiative", (1, 2)),  # both dummies botch: neither has acted
            RiggedRoll("e", "initiative", (1, 2)),
            RiggedRoll("j", "other", tuple(jump_faces)),
        ),
        seed=4,
        max_rounds=1,
    )
    fight = Fight(scenario, guarded)
    fight.start()
    return fight


def _jump_away(fight: Fight) -> list[str]:
    """Jump over the counter; the guard takes any free attack offered. The kinds asked."""
    asked_kinds: list[str] = []
    for _ in range(100):
        if any(e.kind.startswith("jump") for e in fight.events):
            return asked_kinds
        asked = fight.pending()[0]
        asked_kinds.append(asked.kind)
        if asked.actor == "j" and asked.kind == "action":
            choice = asked.choice("jump:4,1")
        elif asked.kind == "rage":
            choice = asked.choice("rage:0")
        elif asked.kind in ("willpower", "reaction", "stun"):
            choice = asked.choice("forgo")
        else:
            choice = next(c for c in asked.choices if "default" in c.tags)
        assert choice is not None, [c.key for c in asked.choices]
        fight.apply(choice.command)
    raise AssertionError("the jump never resolved")


def test_free_attack_when_leaving_by_a_jump(ww_catalog: Catalog) -> None:
    # A jump out of a cell beside an enemy who has not acted leaves it, as a walk does.
    fight = _guarded(ww_catalog, _faces("tom", 3))
    asked = _jump_away(fight)
    assert "free_attack" in asked
    kinds = [e.kind for e in fight.events]
    taken = kinds.index("free_attack_taken")
    assert taken < kinds.index("jumped")
    assert fight.events[taken].actor == "e"


def test_a_botched_jump_leaves_nobody_so_no_free_attack(ww_catalog: Catalog) -> None:
    fight = _guarded(ww_catalog, (1, 2, 2))
    asked = _jump_away(fight)
    assert "free_attack" not in asked
    assert [e.kind for e in fight.events if e.kind.startswith(("jump", "free_attack"))] == [
        "jump_botched"
    ]
