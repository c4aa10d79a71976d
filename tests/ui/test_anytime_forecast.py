"""The anytime forecast on screen: a first figure from the first chunk, sharpened as chunks come."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from arena.content.loader import Catalog
from arena.engine.anytime import chunks
from arena.engine.coach import coach_moment
from arena.engine.copies import moment_of
from arena.engine.forecast import chance, warm_up, winners_at
from arena.ui import forecast_panel
from arena.ui.app import ArenaApp
from arena.ui.forecast_panel import ForecastPanel
from tests.ui.conftest import duel, make_app, pick, sorcerer_duel

SLOW = pytest.mark.slow  # the other ruleset's screen: seconds more, the same panel


class OneByOne(Executor):
    """Workers that play a chunk only when the test lets them, one at a time, in order."""

    def __init__(self) -> None:
        self.asked: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.asked.append((future, fn, args))
        return future

    async def finish_first(self, pilot: Pilot[None]) -> None:
        """Let the oldest chunk asked finish, then let the panel take it in and redraw."""
        future, fn, args = self.asked.pop(0)
        if not future.cancelled():
            future.set_result(fn(*args))
        await pilot.pause()
        await pilot.pause()


@pytest.fixture
def one_by_one(monkeypatch: pytest.MonkeyPatch) -> OneByOne:
    pool = OneByOne()
    monkeypatch.setattr(forecast_panel, "_pool", [pool])
    return pool


async def _first_figure(pilot: Pilot[None], panel: ForecastPanel, tries: int = 300) -> None:
    """Wait while the first chunk is played in this process, a continuation at a time."""
    for _ in range(tries):
        if panel.chance is not None or "No forecast" in str(panel.render()):
            return
        await pilot.pause(0.01)


@pytest.mark.parametrize(
    "make",
    [pytest.param(duel, id="werewolf"), pytest.param(sorcerer_duel, id="sorcerer", marks=SLOW)],
)
async def test_the_panels_first_figure_appears_before_the_last_continuation_finishes(
    catalog: Catalog, tmp_path: Path, one_by_one: OneByOne, make: Callable[[Catalog], Any]
) -> None:
    fight = make(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(ForecastPanel)
        panel.continuations = 40  # chunks of 4, 4, 8, 16 and 8
        panel.within = 0  # never stops early: every chunk is played
        await pilot.press("f")
        assert panel.display
        plan = chunks(40)
        # The chunks after the first asked at once, in order, so each worker is busy; not all.
        asked = [args[1] for _, _, args in one_by_one.asked]
        assert asked == list(plan[1 : forecast_panel.WORKERS + 2])
        await _first_figure(pilot, panel)
        # The first figure is shown while the other chunks are still being played.
        assert panel.chance is not None
        assert panel.chance.fights == 4
        assert not panel.final
        text = str(panel.render())
        assert "4 continuations so far" in text
        assert "95%:" in text
        assert panel.border_subtitle == "sharpening: 4/40…"
        seen = [4]
        while one_by_one.asked:
            await one_by_one.finish_first(pilot)
            seen.append(panel.chance.fights)
        assert seen == [4, 8, 16, 32, 40]  # one figure a chunk, in the chunks' order
        assert panel.final
        assert "40 continuations)" in str(panel.render())


async def test_the_panels_first_figure_comes_from_continuations_played_in_its_own_process(
    catalog: Catalog, tmp_path: Path, one_by_one: OneByOne
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(ForecastPanel)
        panel.continuations = 40
        panel.within = 0
        await pilot.press("f")
        side = fight.view().combatant("tom").side
        moment = moment_of(fight, side, 40, as_seen=True)
        await _first_figure(pilot, panel)
        # No worker has played a continuation yet, and none was asked for the first four.
        assert one_by_one.asked
        assert all(not future.done() for future, _, _ in one_by_one.asked)
        assert all(args[1].start >= 4 for _, _, args in one_by_one.asked)
        # The figure is that of the workers' own first four continuations of the moment.
        assert panel.chance == chance(side, winners_at(moment, range(4)))
        while one_by_one.asked:
            await one_by_one.finish_first(pilot)
        # The whole stream is one process's: the 40 continuations as a worker plays them.
        assert panel.chance == chance(side, winners_at(moment, range(40)))


async def test_the_forecast_stops_once_its_interval_is_within_three_points(
    catalog: Catalog, tmp_path: Path, one_by_one: OneByOne
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(ForecastPanel)
        panel.within = 0.5  # any interval is narrow enough: the first figure is the last
        await pilot.press("f")
        await _first_figure(pilot, panel)  # played here: no worker is waited for
        assert panel.final
        assert panel.chance is not None
        assert panel.chance.fights == 4
        await pilot.pause()
        # Chunks asked ahead and not yet begun are called off.
        assert all(future.cancelled() for future, _, _ in one_by_one.asked)


def test_the_summary_lists_the_players_costliest_ranked_choices(catalog: Catalog) -> None:
    from arena.engine.coach import Coaching, rank
    from arena.ui.summary_screen import costs_text

    fight = duel(catalog)
    fight.start()
    found = [("Claw Vilna", ["north"] * 4), ("Step back", ["north", "south", "south", "south"])]
    odds = rank("north", ["claw:vilna", "move:1,1"], found)
    dear = Coaching("tom", "north", "action", 2, 5, 4, odds, taken="move:1,1")
    text = costs_text(fight, [dear, dataclasses.replace(dear, taken="claw:vilna")])
    assert text.splitlines() == [
        "Coach: your costliest choices (chance to win with the best → as taken)",
        "Turn 2, Tom: Step back 100% → 25%, best Claw Vilna",
    ]
    fine = costs_text(fight, [dataclasses.replace(dear, taken="claw:vilna")])
    assert fine == "Coach: none of your 1 ranked choices cost a point."
    assert costs_text(fight, []) == ""
    fight.close()


async def test_hiding_a_sharpening_forecast_stops_it_and_f_starts_it_anew(
    catalog: Catalog, tmp_path: Path, one_by_one: OneByOne
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(ForecastPanel)
        panel.within = 0
        await pilot.press("f")
        await _first_figure(pilot, panel)
        await one_by_one.finish_first(pilot)
        assert not panel.final
        await pilot.press("f")  # hidden while it sharpens
        await pilot.pause()
        assert not panel.display
        assert all(future.cancelled() for future, _, _ in one_by_one.asked)
        one_by_one.asked.clear()
        await pilot.press("f")  # shown again: asked anew, from the chunk after the first
        assert one_by_one.asked[0][2][1] == range(4, 8)


async def _asked_at_open(pilot: Pilot[None], one_by_one: OneByOne, tries: int = 50) -> list[Any]:
    """What the workers were asked once the screen is drawn and any start ahead is done."""
    for _ in range(tries):  # the start runs on a thread of its own, after the first draw
        await pilot.pause(0.02)
        if len(one_by_one.asked) >= forecast_panel.WORKERS:
            break
    return [fn for _, fn, _ in one_by_one.asked]


async def test_a_fight_screen_starts_the_forecast_workers_as_it_opens(
    catalog: Catalog, tmp_path: Path, one_by_one: OneByOne
) -> None:
    fight = duel(catalog)
    app = ArenaApp(
        catalog, saves=tmp_path, pace=0, hold=0, fight=fight, preferences=None, warm=True
    )
    async with app.run_test(size=(80, 24)) as pilot:
        # Each worker loads the content before anyone presses f.
        assert await _asked_at_open(pilot, one_by_one) == [warm_up] * forecast_panel.WORKERS
        one_by_one.asked.clear()
        await pilot.press("f")  # the first f: its chunks go to the workers already started
        assert one_by_one.asked[0][2][1] == range(4, 8)
        assert forecast_panel.pool() is one_by_one


async def test_without_the_warm_start_no_worker_starts_before_the_first_f(
    catalog: Catalog, tmp_path: Path, one_by_one: OneByOne
) -> None:
    app = make_app(catalog, tmp_path, duel(catalog))  # as tests open screens: no processes
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _asked_at_open(pilot, one_by_one, tries=10) == []


async def test_the_coach_in_the_background_ranks_each_decision_for_the_summary(
    catalog: Catalog, tmp_path: Path, one_by_one: OneByOne
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.coach.per_choice = 1  # type: ignore[attr-defined]
        assert one_by_one.asked == []  # off until c
        await pilot.press("c")
        await pilot.pause()
        assert [fn.func for _, fn, _ in one_by_one.asked] == [coach_moment]
        await one_by_one.finish_first(pilot)  # ranked while the player thinks
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        first = screen.coached  # type: ignore[attr-defined]
        assert [(c.round, c.taken, c.continuations) for c in first] == [(1, "move:5,3", 1)]
        assert {c.key for c in first[0].choices} >= {"move:5,3"}
        # The next decision is asked at once; picked before its ranking came in, it is left out.
        await pilot.pause()
        assert [fn.func for _, fn, _ in one_by_one.asked] == [coach_moment]
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        assert one_by_one.asked[0][0].cancelled()
        assert len(screen.coached) == 1  # type: ignore[attr-defined]
