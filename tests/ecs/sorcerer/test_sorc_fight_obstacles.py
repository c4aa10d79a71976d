"""Other tasks on the map (rules/sorcerer.md §3, rules/arena.md): climbing over a low obstacle
as a challenge against 2 dice, and a scenario's own tasks as challenges against their pools."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, ScenarioDef, TaskSpot
from arena.engine import Fight
from arena.rules.events import Event

# The counter (x = 3) runs wall to wall. 1 stands next to it; 2 far east; 3 west of it, next
# to nobody; 4 beside 1; the till (a task) sits on the counter at (3, 2), next to 1.
COUNTER = MapDef(
    "Counter",
    (
        "##########",
        "#41=.....#",
        "#..=.....#",
        "#3.=...2.#",
        "##########",
    ),
)
TILL = TaskSpot("till", (3, 2), 3, "the till")


@pytest.fixture(scope="module")
def counter_catalog(sorc_catalog: Catalog) -> Catalog:
    sections = dict(sorc_catalog.sections)
    sections[("arenas", "maps")] = {**sorc_catalog.section("arenas", "maps"), "counter": COUNTER}
    return dataclasses.replace(sorc_catalog, sections=sections)


def _fight(
    catalog: Catalog, rigged: Sequence[int], *, shooter: bool = False, spawn: int = 2
) -> Fight:
    scenario = ScenarioDef(
        name="counter",
        ruleset="sorcerer",
        combatants=(
            CombatantDef("b", "brawler", "north", 1, "human", name="B"),
            CombatantDef("m", "shooter" if shooter else "mage", "south", spawn, "human", name="M"),
        ),
        map="counter",
        options={"role_play_max": 0},
        rigged=tuple(rigged),
        when_rigged_runs_out="error",
        tasks=(TILL,),
    )
    fight = Fight(scenario, catalog)
    fight.start()
    return fight


def _of(events: Sequence[Event], *kinds: str) -> list[Event]:
    return [e for e in events if e.kind in kinds]


@pytest.mark.parametrize(
    ("faces", "kind", "cell", "text"),
    [
        # B's performance [9 9 9] beats the climb's 2 dice [1 1]: over the counter.
        ([9, 9, 9], "climbed", (4, 1), "B climbs over from (2, 1) to (4, 1)."),
        # B's [2 2 2] loses to [9 9]: it stays where it was.
        (
            [2, 2, 2],
            "climb_failed",
            (2, 1),
            "B fails to climb over toward (4, 1) and stays at (2, 1).",
        ),
    ],
)
def test_climb_is_a_challenge_against_a_difficulty_pool_of_2(
    counter_catalog: Catalog,
    sorc: Any,
    faces: list[int],
    kind: str,
    cell: tuple[int, int],
    text: str,
) -> None:
    against = [1, 1] if kind == "climbed" else [9, 9]
    # Order: B's Stamina 3, then M's total defense (Stamina 3 + 2); then the climb's 2 dice.
    fight = _fight(counter_catalog, [*faces, 1, 1, 1, 1, 1, *against])
    choice = sorc.decision(fight, "b").choice("climb:4,1")
    assert choice is not None
    assert choice.rolls[0].opposing == 2
    events = sorc.play(fight, ("b", "climb:4,1"), ("m", "total_defense"))
    (climb,) = _of(events, "climbed", "climb_failed")
    assert climb.kind == kind
    assert climb.text == text
    assert climb.data["level"] == "moderate"
    assert climb.data["over"] == (3, 1)
    assert climb.data["challenge"] == tuple(against)
    assert climb.data["winner"] == ("performance" if kind == "climbed" else "challenge")
    assert fight.view().combatant("b").pos == cell


@pytest.mark.parametrize(
    ("faces", "against", "kind"),
    [
        ([9, 9, 9], [1, 1, 1], "task_won"),
        ([2, 2, 2], [9, 9, 9], "task_failed"),
    ],
)
def test_scenario_task_is_a_challenge_against_its_pool(
    counter_catalog: Catalog, sorc: Any, faces: list[int], against: list[int], kind: str
) -> None:
    fight = _fight(counter_catalog, [*faces, 1, 1, 1, 1, 1, *against, 1, 1, 1, 1, 1, 1, 1, 1])
    choice = sorc.decision(fight, "b").choice("task:till")
    assert choice is not None
    assert choice.rolls[0].opposing == 3  # the till's own pool
    events = sorc.play(fight, ("b", "task:till"), ("m", "total_defense"))
    (done,) = _of(events, "task_won", "task_failed")
    assert done.kind == kind
    assert done.data["task"] == "till"
    assert done.data["pool"] == 3
    assert done.text == f"B {'succeeds at' if kind == 'task_won' else 'fails at'} the till."
    keys = [c.key for c in sorc.decision(fight, "b").choices]
    # A won task is done for the fight; a lost one may be tried again.
    assert ("task:till" in keys) == (kind == "task_failed")


def test_scenario_task_is_offered_only_next_to_its_cell(counter_catalog: Catalog) -> None:
    fight = _fight(counter_catalog, [])
    m_keys = [c.key for c in fight.pending()[1].choices]
    assert fight.pending()[1].actor == "m"
    assert "task:till" not in m_keys  # M stands at (7, 3), far from (3, 2)
    assert not [k for k in m_keys if k.startswith("climb:")]


def test_low_obstacle_blocks_walking_not_line_of_sight(counter_catalog: Catalog) -> None:
    fight = _fight(counter_catalog, [], shooter=True)
    b_keys = [c for c in fight.pending()[0].choices if c.key.startswith("move:")]
    assert b_keys
    assert all(c.cell is not None and c.cell[0] < 3 for c in b_keys)  # nobody walks over
    m_choices = [c.key for c in fight.pending()[1].choices]
    assert "attack:b:pistol" in m_choices  # it shoots over the counter


def test_climbing_out_of_reach_brings_the_enemys_attack_first(
    counter_catalog: Catalog, sorc: Any
) -> None:
    # B [9 9 9] climbs away before M [5 5 5] has acted: M's declared attack on B comes first,
    # B defending as one who has acted (Stamina [1 1 1]); then B climbs, [9 9 9] against the
    # climb's 2 dice and the 4 its wound (4 damage after its roll) hands the challenge: [1] x 6.
    fight = _fight(counter_catalog, [9, 9, 9, 5, 5, 5, 1, 1, 1, *[1] * 6], spawn=4)
    events = sorc.play(fight, ("b", "climb:4,1"), ("m", "attack:b:fists"))
    kinds = [e.kind for e in events if e.kind in ("disengaged", "attack_hit", "climbed")]
    assert kinds == ["disengaged", "attack_hit", "climbed"]
    assert fight.view().combatant("b").pos == (4, 1)
