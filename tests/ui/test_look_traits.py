"""The look line names traits in whole words a newcomer reads ("Alertness 2", not "Ale 2")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.ui.arena_screen import ArenaScreen
from arena.ui.panels import trait_words
from tests.ui.conftest import duel, make_app, sorcerer_duel
from tests.ui.test_fight_at_80x24 import flat, seen

TRAITS = (("strength", 3), ("dexterity", 3), ("alertness", 2), ("brawl", 3), ("dodge", 1))


def test_trait_words_are_whole_names() -> None:
    assert trait_words(TRAITS) == "Strength 3, Dexterity 3, Alertness 2, Brawl 3, Dodge 1"


def test_trait_words_keep_the_highest_whole_when_room_is_short() -> None:
    assert trait_words(TRAITS, 41) == "Strength 3, Dexterity 3, Brawl 3, +2 more"
    assert trait_words(TRAITS, 5) == "Strength 3, +4 more"  # never a cut name


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
async def test_the_look_line_names_traits_whole_at_120x40(
    catalog: Catalog, saves: Path, ruleset: str
) -> None:
    fight: Fight = duel(catalog) if ruleset == "werewolf" else sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        await pilot.press("right")
        await pilot.press("left")  # back on the player's combatant, looked at
        await pilot.pause()
        shown = flat(seen(screen.query_one("#look", Static)))
        view = fight.view()
        who = next(c for c in view.combatants if c.name in shown)
        best, value = max(who.traits, key=lambda trait: trait[1])
        assert f"{best.capitalize()} {value}" in shown, shown
        # No three-letter stub of a name ("Ale 2") where a whole name belongs.
        for name, value in who.traits:
            stub = f"{name[:3].capitalize()} {value}"
            if len(name) > 3:
                assert not re.search(rf"\b{stub}\b", shown), (stub, shown)
