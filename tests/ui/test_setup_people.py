"""The new-fight form's people: a person per side, hot-seat at one keyboard."""

from __future__ import annotations

from pathlib import Path

from arena.content.loader import Catalog
from arena.engine.setup import FightSpec
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.curtain import CurtainScreen
from arena.ui.grid_map import GridMap, marks_of
from arena.ui.setup_screen import with_people

SIZE = (100, 40)


def app_for(catalog: Catalog, saves: Path) -> ArenaApp:
    return ArenaApp(catalog, saves=saves, pace=0, preferences=None)


async def test_both_sides_played_by_people_hot_seat(catalog: Catalog, saves: Path) -> None:
    app = app_for(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        form = app.screen
        form.query_one("#ruleset").value = "sorcerer"  # type: ignore[attr-defined]
        await pilot.pause()
        form.query_one("#person-foes").value = True  # type: ignore[attr-defined]
        await pilot.press("ctrl+f")
        await pilot.pause()
        # Sorcerer intentions are secret: the first person is behind the curtain at once.
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        arena = app.screen
        assert isinstance(arena, ArenaScreen)
        fight = arena.driver.fight
        combatants = fight.scenario.combatants
        assert {c.side for c in combatants} == {"player", "opponents"}
        assert all(c.controller == "human" for c in combatants)
        people = sorted(arena.driver.humans)
        assert len(people) == 2
        marks = marks_of(fight.view(), arena.driver.humans, people[0])
        assert marks[people[0]] == "@"  # the person asked now
        assert marks[people[1]] != "@"  # the other is not 'you'; drawn as their own glyph
        # The map draws the person asked now as '@' too, as the panels do.
        grid = arena.query_one(GridMap)
        drawn = "".join(s.text for y in range(grid.size.height) for s in grid.render_line(y))
        assert drawn.count("@") == 1


def test_the_ai_may_play_my_side_too(catalog: Catalog) -> None:
    spec = FightSpec("werewolf", "tom", (("vilna", 1),), "yard", policy="random", seed=3)
    fight = with_people(catalog, spec, mine=False, foes=False)
    assert [c.controller for c in fight.scenario.combatants] == ["ai:random", "ai:random"]
    fight = with_people(catalog, spec, mine=False, foes=True)
    assert [c.controller for c in fight.scenario.combatants] == ["ai:random", "human"]
