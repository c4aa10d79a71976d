"""The cyclic collector is held off while a fight is played, in a batch and in a forecast."""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

from arena.content.loader import Catalog
from arena.engine import Fight, loop
from arena.engine.collector import between_fights
from arena.engine.forecast import choice_winners, forecast, warm_up
from arena.sim import batch, simulate
from tests.sim.plans import shipped_plan


@pytest.fixture
def enabled() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_held_off_in_a_fight_and_runs_again_after(enabled: None) -> None:
    with between_fights():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_already_off_stays_off(enabled: None) -> None:
    gc.disable()
    with between_fights():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_a_fight_that_fails_turns_the_collector_back_on(enabled: None) -> None:
    with pytest.raises(RuntimeError), between_fights():
        raise RuntimeError
    assert gc.isenabled()


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether the collector was on each time a fight's loop ran."""
    found: list[bool] = []
    run = loop.Controllers.run

    def watched(self: loop.Controllers, **kwargs: object) -> object:
        found.append(gc.isenabled())
        return run(self, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(loop.Controllers, "run", watched)
    return found


def test_a_batchs_fights_are_played_with_the_collector_off(
    catalog: Catalog, enabled: None, seen: list[bool]
) -> None:
    plan = shipped_plan(catalog, "werewolf-duel", 3)
    assert simulate(plan, catalog).report["fights"] == 3
    assert seen == [False, False, False]
    assert gc.isenabled()


def test_a_forecasts_continuations_are_played_with_the_collector_off(
    catalog: Catalog, enabled: None, seen: list[bool]
) -> None:
    with Fight(catalog.scenarios["werewolf-duel"], catalog, seed=2) as fight:
        fight.start()
        assert forecast(fight, "north", continuations=3).fights == 3
        assert seen == [False] * 3
        actor = fight.pending()[0].actor
        assert choice_winners(fight, actor, range(2))
        assert not any(seen)
    assert gc.isenabled()


def frozen_count(
    work: object,
    catalog: Catalog,
    start: int,
    stop: int,
    halted: object = None,
) -> list[int]:
    """How many objects the collector leaves out, once per fight (a task for `run_chunks`)."""
    return [gc.get_freeze_count()] * (stop - start)


def test_a_batchs_workers_leave_what_they_keep_out_of_the_collectors_walks(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "start_method", lambda: "fork")
    plan = shipped_plan(catalog, "werewolf-duel", 8)
    before = gc.get_freeze_count()
    counts = list(batch.run_chunks(frozen_count, None, plan, catalog, 2))
    assert len(counts) == 8
    assert min(counts) > before + 10_000  # the content and the modules, in each worker
    assert gc.get_freeze_count() == before  # the batch's own process is left as it was


def test_a_forecast_worker_leaves_what_it_keeps_out_of_the_collectors_walks() -> None:
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert pool.submit(gc.get_freeze_count).result() == 0
        pool.submit(warm_up, "werewolf").result()
        assert pool.submit(gc.get_freeze_count).result() > 10_000
