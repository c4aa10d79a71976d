"""The offer screen: each offer's chance to win fills in, and the keys work while it computes."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from arena.content.loader import Catalog
from arena.gauntlet import new_run
from arena.ui.gauntlet_arena import GauntletArena
from arena.ui.gauntlet_offers import ODDS_WORKERS
from arena.ui.gauntlet_run import GauntletScreen
from tests.gauntlet.conftest import HeldPool
from tests.ui.conftest import make_app

SIZE = (100, 36)
ODDS = 6


def first_lines(menu: OptionList) -> list[str]:
    """Each offer's first line as a person reads it."""
    return [str(menu.get_option_at_index(i).prompt).split("\n")[0] for i in range(3)]


async def test_the_chance_to_win_fills_in_and_keys_work_meanwhile(
    catalog: Catalog, tmp_path: Path, held_pool: HeldPool
) -> None:
    app = make_app(catalog, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = GauntletScreen(catalog, tmp_path, new_run(catalog, "werewolf", 1), odds=ODDS)
        await app.push_screen(screen)
        await pilot.pause()
        assert len(held_pool.held) == 3 * ODDS_WORKERS  # each offer split between the workers
        menu = screen.query_one("#offers", OptionList)
        assert first_lines(menu)[0] == "1  A thug with a bat (duel) · danger 11, easy …"

        assert menu.highlighted == 0
        await pilot.press("down")  # the odds are still out: the menu answers anyway
        assert menu.highlighted == 1

        held_pool.release()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [(o.odds.wins, o.odds.fights) for o in screen.offers if o.odds] == [
            (6, 6),
            (6, 6),
            (6, 6),
        ]
        assert first_lines(menu) == [
            "1  A thug with a bat (duel) · win ≈ 100% of 6",
            "2  Fomori in the warehouse (gang) · win ≈ 100% of 6",
            "3  The street corner (gang) · win ≈ 100% of 6",
        ]
        assert menu.highlighted == 1


async def test_picking_a_fight_drops_the_odds_still_out(
    catalog: Catalog, tmp_path: Path, held_pool: HeldPool
) -> None:
    app = make_app(catalog, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = GauntletScreen(catalog, tmp_path, new_run(catalog, "werewolf", 1), odds=ODDS)
        await app.push_screen(screen)
        await pilot.pause()
        asked = [future for future, _, _ in held_pool.held]
        await pilot.press("1")
        assert isinstance(app.screen, GauntletArena)
        assert all(future.cancelled() for future in asked)
