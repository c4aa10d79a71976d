"""At 80x24 the look line keeps who plays the combatant (hot-seat) when its health is long:
the health, shown on the card as well, gives way rather than the player's name."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from arena.cli.scenarios import scenario_fight_for
from arena.content.loader import Catalog, default_content_root
from arena.ui.arena_screen import ArenaScreen
from arena.ui.curtain import CurtainScreen
from arena.ui.grid_map import GridMap
from tests.ui.conftest import make_app
from tests.ui.test_fight_at_80x24 import SMALL, flat, seen


def _hurt_duel(tmp_path: Path) -> Path:
    """The Sorcerer duel with Rook hurt from the start: a long health on the look line."""
    text = (default_content_root() / "scenarios" / "sorcerer-duel.yaml").read_text()
    text = text.split("\nexpect:")[0].replace(
        "spawn: 1,", "spawn: 1, damage: {lasting: 1, temporary: 2},"
    )
    path = tmp_path / "hurt-duel.yaml"
    path.write_text(text)
    return path


async def test_the_look_line_names_the_player_over_a_long_health(
    catalog: Catalog, saves: Path, tmp_path: Path
) -> None:
    fight = scenario_fight_for(catalog, str(_hurt_duel(tmp_path)), hot_seat=True)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        rook = fight.view().combatant("rook")
        assert "temporary 2" in rook.health  # long: the line wraps past its two rows
        screen.query_one(GridMap).place_cursor(rook.pos)
        screen._update_look(fight.view())
        await pilot.pause()
        look = flat(seen(screen.query_one("#look", Static)))
        assert "Rook (north), active" in look
        assert "played by player 1" in look, look
        # A short health keeps its place on the line.
        mara = fight.view().combatant("mara")
        screen.query_one(GridMap).place_cursor(mara.pos)
        screen._update_look(fight.view())
        await pilot.pause()
        look = flat(seen(screen.query_one("#look", Static)))
        assert f"active, {mara.health} · played by player 2" in look, look
