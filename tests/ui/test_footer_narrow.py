"""From 76 columns (the fight's least width) to 79, a fight's footer keeps ^q Quit whole:
the palette's key gives way, and comes back at 80."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from arena.ui.app import ArenaApp
from tests.ui.conftest import TOM_WINS, duel, make_app, pick, sorcerer_duel


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
@pytest.mark.parametrize("width", [76, 79])
async def test_quit_reads_whole_on_a_narrow_fight(
    catalog: Catalog, saves: Path, width: int, ruleset: str
) -> None:
    fight = duel(catalog) if ruleset == "werewolf" else sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(width, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        keys = list(app.screen.query(FooterKey))
        quit_key = next(k for k in keys if k.action == "app.quit" or "quit" in k.action)
        assert quit_key.region.width > 0
        assert quit_key.region.right <= width, (quit_key.region, width)
        assert all(k.region.right <= width for k in keys if k.region.width)
        # None drawn over another (the palette's key, docked right, covered "Quit").
        shown = [k for k in keys if k.region.width]
        for i, one in enumerate(shown):
            for other in shown[i + 1 :]:
                assert not one.region.overlaps(other.region), (one.description, other.description)


async def test_the_palettes_key_shows_at_80_until_e_needs_its_room(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = list(app.screen.query(FooterKey))
        # Tom's choices are open: e (the whole explanation) takes the palette's room.
        assert [k.description for k in keys if k.key == "e"] == ["Explain"]
        assert not any(k.has_class("-command-palette") for k in keys)
        await pilot.resize_terminal(92, 24)
        await pilot.pause()
        keys = list(app.screen.query(FooterKey))
        assert any(k.key == "e" for k in keys)
        assert any(k.has_class("-command-palette") for k in keys)
        await pilot.resize_terminal(80, 24)
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        await pilot.pause()
        # The fight is over, its deciding roll on screen: no choice open, no e, the palette back.
        assert fight.over
        keys = list(app.screen.query(FooterKey))
        assert not any(k.key == "e" for k in keys)
        assert any(k.has_class("-command-palette") for k in keys)


async def test_e_with_no_choice_open_says_so(catalog: Catalog, saves: Path) -> None:
    # Vilna is the player's and botches: Tom (the AI, slow here) decides first.
    fight = scenario_fight(catalog, "werewolf-duel", human="vilna", rigged=TOM_WINS)
    app = ArenaApp(catalog, saves=saves, pace=30, hold=0, fight=fight, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.driver.human_decision() is None  # type: ignore[attr-defined]
        assert not any(k.key == "e" for k in app.screen.query(FooterKey))
        await pilot.press("e")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert said == ["Nothing to explain: no choice of yours is open."], said
