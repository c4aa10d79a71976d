"""Each combatant told apart on the map and its panel; '@' (you) only for the person asked."""

from __future__ import annotations

from pathlib import Path

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from arena.ui.grid_map import marks_of
from tests.ui.conftest import make_app
from tests.ui.test_fight_layout import screen_lines


def test_combatants_sharing_a_glyph_are_numbered_and_only_the_person_asked_is_you(
    catalog: Catalog,
) -> None:
    fight = scenario_fight(catalog, "werewolf-thugs", human="ahroun")
    fight.start()
    view = fight.view()
    marks = marks_of(view, frozenset({"ahroun"}))
    assert marks["ahroun"] == "@"
    shared = [marks[c.id] for c in view.combatants if c.glyph == "t"]
    assert shared == [f"t{n}" for n in range(1, len(shared) + 1)]
    assert len(shared) > 1
    # Hot-seat: two people, only the one asked now is '@'; the other keeps their glyph.
    duel = scenario_fight(catalog, "werewolf-duel", human="tom")
    duel.start()
    people = frozenset(c.id for c in duel.view().combatants)
    assert marks_of(duel.view(), people, "vilna") == {"tom": "T", "vilna": "@"}
    assert "@" not in marks_of(duel.view(), people).values()


async def test_the_map_draws_each_thug_with_its_number(catalog: Catalog, saves: Path) -> None:
    fight = scenario_fight(catalog, "werewolf-thugs", human="ahroun")
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        drawn = "\n".join(screen_lines(app))
        for n in (1, 2, 3):
            assert f"t{n}" in drawn
