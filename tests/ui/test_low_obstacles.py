"""The map draws a low obstacle '=' in its own style, and the look line names it."""

from __future__ import annotations

from pathlib import Path

from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import INLINE_MAP, CombatantDef, ScenarioDef, TaskSpot
from arena.engine import Fight
from arena.engine.setup import scenario_fight
from arena.rules.sorcerer.commands import Climb
from arena.ui.choice_keys import marks_for
from arena.ui.grid_map import TERRAIN, GridMap
from tests.ui.conftest import make_app, pick
from tests.ui.test_fight_layout import screen_lines


def test_low_obstacle_has_its_own_glyph_and_style() -> None:
    assert TERRAIN["="] == ("= ", "low")
    assert "grid-map--low" in GridMap.COMPONENT_CLASSES


async def test_the_map_draws_the_diner_counter_as_low_obstacles(
    catalog: Catalog, saves: Path
) -> None:
    fight = scenario_fight(catalog, "werewolf-diner", human="tom")
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        drawn = "\n".join(screen_lines(app))
        assert drawn.count("=") >= 7  # the counter, wall to wall, and the tables
        assert app.screen.query_one(GridMap).cell_text((8, 1)) == "low obstacle"


def _counter_fight(catalog: Catalog) -> Fight:
    """Rook (the player) beside a counter, the till on it; Mara beyond, played by the AI."""
    scenario = ScenarioDef(
        name="counter",
        ruleset="sorcerer",
        combatants=(
            CombatantDef("rook", "rook", "north", 1, "human"),
            CombatantDef("mara", "mara", "south", 2, "ai:nearest"),
        ),
        map=INLINE_MAP,
        inline_map=MapDef("Counter", ("#########", "#.1=...2#", "#..=....#", "#########")),
        tasks=(TaskSpot("till", (3, 2), 3, "the till"),),
    )
    return Fight(scenario, catalog)


def test_the_menu_offers_the_climb_and_the_task_with_their_dice(catalog: Catalog) -> None:
    fight = _counter_fight(catalog)
    fight.start()
    (asked,) = [d for d in fight.pending() if d.actor == "rook"]
    climb, task = asked.choice("climb:4,1"), asked.choice("task:till")
    assert climb is not None
    assert task is not None
    assert climb.label == "Climb over to (4, 1)"
    assert task.label == "Task: the till (against 3 dice)"
    assert marks_for(asked, fight.view())[(4, 1)] == "move"  # the map marks where it climbs to


async def test_a_person_climbs_from_the_menu(catalog: Catalog, saves: Path) -> None:
    fight = _counter_fight(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        (asked,) = [d for d in fight.pending() if d.actor == "rook"]
        await pick(pilot, asked, "Climb over to (4, 1)")
        await pilot.pause()
        assert Climb("rook", (4, 1)) in fight.commands
