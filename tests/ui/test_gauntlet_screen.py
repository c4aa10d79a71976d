"""The gauntlet in the UI: start a run from the title menu, see the offer, pick a fight."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Controllers
from arena.gauntlet import new_run
from arena.gauntlet.saves import load_run
from arena.gauntlet.scores import add_score
from arena.ui.app import ArenaApp
from arena.ui.gauntlet_arena import GauntletArena
from arena.ui.gauntlet_run import RUN_FILE, GauntletScreen
from arena.ui.gauntlet_screen import GauntletSetupScreen
from arena.ui.gauntlet_text import danger_word
from arena.ui.order_track import OrderTrack
from arena.ui.title_screen import SCORES_AFTER, TitleScreen
from tests.ui.conftest import make_app

SIZE = (100, 36)


def screen_words(app: ArenaApp) -> str:
    """The screen's text as a person reads it (the screenshot's spaces made plain)."""
    return app.export_screenshot().replace("&#160;", " ")


async def test_a_run_starts_from_the_title_offers_three_fights_and_one_is_fought(
    catalog: Catalog, saves: Path
) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, GauntletSetupScreen)
        app.screen.action_start()
        await pilot.pause()
        run = app.screen
        assert isinstance(run, GauntletScreen)
        assert len(run.offers) == 3
        text = screen_words(app)
        assert "Fight 1 of 7" in text
        assert "danger" in text
        assert "unhurt" in text
        assert load_run(saves / RUN_FILE, catalog).records == ()  # saved before it
        await pilot.press("1")
        await pilot.pause()
        arena = app.screen
        assert isinstance(arena, GauntletArena)
        assert arena.driver.humans  # the character is in the person's hands
        assert arena.driver.fight.scenario.name == run.offers[0].group.name
        await pilot.press("q")  # not before the fight is over
        assert app.screen is arena
        Controllers(arena.driver.fight, watch=True, reasons=False).run()  # the AI plays it out
        arena.refresh_fight()
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is run
        assert len(run.state.records) == 1
        assert "Fight 1: " in screen_words(app)


async def test_the_title_menu_shows_the_high_scores(catalog: Catalog, saves: Path) -> None:
    state = new_run(catalog, "werewolf", 7)
    add_score(saves, state, "Ahroun")
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 30)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.pause(SCORES_AFTER)  # read once the first frame is drawn
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Gauntlet high scores" in screen_words(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_title_box_keeps_three_high_scores_whole(
    catalog: Catalog, saves: Path, size: tuple[int, int]
) -> None:
    for seed in (7, 8, 9):
        add_score(saves, new_run(catalog, "werewolf", seed), "Ahroun")
    app = make_app(catalog, saves)
    async with app.run_test(size=size) as pilot:
        await pilot.pause(SCORES_AFTER)
        await app.workers.wait_for_complete()
        await pilot.pause()
        box = app.screen.query_one("#title-box").region
        scores = app.screen.query_one("#scores").region
        # The box's bottom border is on screen, above the footer, and the table inside it.
        assert box.bottom <= size[1] - 1
        assert scores.height == 4
        assert box.y < scores.y
        assert scores.bottom < box.bottom
        assert not app.screen.query_one("#title-box").show_vertical_scrollbar


def test_danger_words_by_place_in_the_ranking() -> None:
    ranking = [10, 20, 30, 40, 50]
    assert [danger_word(d, ranking) for d in ranking] == [
        "easy",
        "fair",
        "hard",
        "very hard",
        "deadly",
    ]


async def test_a_gauntlet_fight_over_says_q_goes_back_to_the_gauntlet(
    catalog: Catalog, saves: Path
) -> None:
    # The order track said "q: title menu", while q went back to the gauntlet.
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, GauntletSetupScreen)
        app.screen.action_start()
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        arena = app.screen
        assert isinstance(arena, GauntletArena)
        Controllers(arena.driver.fight, watch=True, reasons=False).run()
        arena.refresh_fight()
        await pilot.pause()
        track = str(arena.query_one(OrderTrack).render())
        assert "q: back to the gauntlet" in track
        assert "title menu" not in track
