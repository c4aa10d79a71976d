"""Each choice's forecast: the panel ranks them by chance to win, and keys work meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from arena.ui import forecast_panel
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.forecast_panel import ForecastPanel
from arena.ui.grid_map import GridMap
from tests.ui.conftest import duel, make_app, pick


class HeldPool(Executor):
    """A worker that starts nothing until the test lets it: the UI must not wait for it."""

    def __init__(self) -> None:
        self.asked: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.asked.append((future, fn, args))
        return future

    def release(self) -> None:
        """Do the work asked (here, between the app's own turns), and hand back the results."""
        for future, fn, args in self.asked:
            if not future.cancelled():  # a newer forecast called it off: never run
                future.set_result(fn(*args))
        self.asked.clear()

    async def answer(self, pilot: Pilot[None]) -> None:
        """Release the work asked, and let the panel take the results in and redraw."""
        self.release()
        await pilot.pause()  # the forecast's worker takes the results
        await pilot.pause()  # the panel redraws

    async def answer_all(self, pilot: Pilot[None]) -> None:
        """Release run after run until nothing more is asked: the ranking is whole."""
        while self.asked:
            await self.answer(pilot)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> HeldPool:
    pool = HeldPool()
    monkeypatch.setattr(forecast_panel, "_pool", [pool])
    monkeypatch.setattr(forecast_panel, "PER_CHOICE", 6)
    return pool


async def test_keys_work_while_each_choice_is_forecast(
    catalog: Catalog, tmp_path: Path, held: HeldPool
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("F")
        panel = app.screen.query_one(ForecastPanel)
        assert panel.display
        # Asked of the workers, not computed here: the first runs of continuations, in parts.
        first = sorted(n for _, _, (_, numbers) in held.asked for n in numbers)
        assert first == [0]  # a tenth of 6, at least one: a first ranking comes soon
        grid = app.screen.query_one(GridMap)
        before = grid.cursor
        await pilot.press("l", "l", "j")  # the look cursor moves while the worker computes
        assert grid.cursor == (before[0] + 2, before[1] + 1)
        assert panel.ranked == []
        assert "computing" in str(panel.render())
        asked: list[int] = []
        while held.asked:  # each run in turn, split among the workers: ranked after each
            runs = [numbers for _, _, (_, numbers) in held.asked]
            assert len(runs) == min(forecast_panel.WORKERS, sum(map(len, runs)))
            asked += [n for numbers in runs for n in numbers]
            await held.answer(pilot)
            assert panel.ranked
            if len(asked) == 1:  # 80x24 shows a few choices: F again shows them all
                assert panel.border_subtitle == "F again: all · 1/6…"
        assert sorted(asked) == list(range(6))  # every continuation once
        assert "so far" not in str(panel.border_subtitle)
        (decision,) = fight.pending()
        assert len(panel.ranked) == len(decision.choices)
        shown = str(panel.render()).splitlines()
        assert shown[0] == "Chance to win if Tom picks (turn 1):"
        key, share = shown[1].split()[:2]  # each line: the choice's key, then its chance
        assert key.startswith("[")
        assert share.endswith("%")
        assert len(shown) == 1 + len(decision.choices)  # all of them: "F again" shows them whole
        shares = [c.share for _, c in panel.ranked]
        assert shares == sorted(shares, reverse=True)


async def test_a_presenter_watching_forecasts_whoever_decides(
    catalog: Catalog, tmp_path: Path, held: HeldPool
) -> None:
    fight = scenario_fight(catalog, "werewolf-duel")
    # Slow paced, the AI waits: the presenter looks at the decision at hand.
    app = ArenaApp(catalog, saves=tmp_path, pace=10, fight=fight, watch=True, preferences=None)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, ArenaScreen)
        waiting = app.screen.driver.waiting_on()
        assert waiting is not None
        await pilot.press("F")
        await held.answer_all(pilot)
        panel = app.screen.query_one(ForecastPanel)
        name = fight.view().combatant(waiting.actor).name
        assert str(panel.render()).startswith(f"Chance to win if {name} picks (turn 1):\n")
        assert "%" in str(panel.render())


async def test_a_ranking_goes_once_its_decision_is_answered(
    catalog: Catalog, tmp_path: Path, held: HeldPool
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("F")
        await held.answer(pilot)  # a first ranking: its keys are this decision's
        panel = app.screen.query_one(ForecastPanel)
        assert panel.ranked
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.pause()
        assert panel.ranked == []  # gone with its decision, not shown under "computing…"
        assert "%" not in str(panel.render())
        await held.answer(pilot)  # what was still asked for it changes nothing now
        assert panel.ranked == []
        assert "Chance to win if" not in str(panel.render())


async def test_a_rough_ranking_says_so_and_a_hidden_one_comes_back_as_it_was(
    catalog: Catalog, tmp_path: Path, held: HeldPool
) -> None:
    from arena.ui.ranking_screen import RankingScreen

    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("F")
        await held.answer(pilot)  # the first run only: 1 of 6 continuations a choice
        await pilot.press("F")  # the whole ranking, while it is still rough
        screen = app.screen
        assert isinstance(screen, RankingScreen)
        assert screen.text.endswith("(rough: 1/6 continuations a choice so far; it sharpens)")
        await pilot.press("escape")
        await held.answer_all(pilot)
        panel = app.screen.query_one(ForecastPanel)
        panel.continuations = 6  # the side's chance f shows, quickly
        ranking = list(panel.ranked)
        await pilot.press("f", "f")  # the side's chance, then the panel hidden
        await held.answer_all(pilot)
        assert not panel.display
        await pilot.press("F")  # the same decision: shown again, nothing asked of the workers
        assert panel.display
        assert panel.ranked == ranking
        assert not held.asked


async def test_f_over_a_ranking_shows_the_chance_again_and_f_again_hides_it(
    catalog: Catalog, tmp_path: Path, held: HeldPool
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        panel = app.screen.query_one(ForecastPanel)
        panel.continuations = 6  # a quick chance
        await pilot.press("f", "F")  # F before the chance is in: both are computed
        await held.answer_all(pilot)
        ranking = str(panel.render())
        assert ranking.startswith("Chance to win if Tom picks (turn 1):\n")  # not overwritten
        await pilot.press("p", "p")  # the screen redrawn: the ranking stays, nothing anew
        assert str(panel.render()) == ranking
        assert not held.asked
        await pilot.press("f")  # back to the side's chance, computed meanwhile
        assert panel.display
        assert str(panel.render()).startswith("Tom wins ")
        assert "continuations" in str(panel.render())
        assert not held.asked
        await pilot.press("f")  # and f again hides the panel
        assert not panel.display
        await pilot.press("F")  # the same decision's ranking, as it was
        assert panel.display
        assert str(panel.render()) == ranking
        assert not held.asked
        await pilot.press("f")
        assert str(panel.render()).startswith("Tom wins ")
        assert not held.asked


async def test_the_whole_ranking_at_80_columns_says_what_its_gaps_and_stars_mean(
    catalog: Catalog, tmp_path: Path, held: HeldPool
) -> None:
    from textual.containers import VerticalScroll

    from arena.ui.ranking_screen import RankingScreen

    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("F")
        await held.answer_all(pilot)
        panel = app.screen.query_one(ForecastPanel)
        # The cut panel's border has room only for how to see the rest, not for the legend.
        assert "beyond noise" not in str(panel.border_subtitle)
        await pilot.press("F")
        screen = app.screen
        assert isinstance(screen, RankingScreen)
        box = screen.query_one("#ranking", VerticalScroll)
        assert box.border_subtitle == f"{len(panel.ranked)} choices · gap to best, *: beyond noise"


async def test_the_rankings_legend_fits_the_panels_edge_at_120_columns(
    catalog: Catalog, tmp_path: Path, held: HeldPool
) -> None:
    # "each choice, 100 continuations · gap to best, *: beyo…": the star's meaning was cut.
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("F")
        await held.answer_all(pilot)
        panel = app.screen.query_one(ForecastPanel)
        # The edge a ranking the panel holds whole shows (this one's 12 choices are cut).
        subtitle = panel._texts["choices"][1]
        assert subtitle.endswith("continuations · gap to best, *: beyond noise")
        assert len(subtitle) + 6 <= panel.outer_size.width  # its corners, dashes and spaces
