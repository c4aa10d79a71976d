"""The cyclic collector is held off while a fight is played, in a batch and in a forecast."""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest

from arena.content.loader import Catalog
from arena.engine import Fight, loop
from arena.engine.collector import between_fights, set_aside_while
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
def unfrozen() -> Iterator[None]:
    """No object set aside before the test, nor after it (a caller's process as it starts)."""
    kept = gc.get_freeze_count()
    gc.unfreeze()
    yield
    gc.unfreeze()
    if kept:
        gc.freeze()


def frozen_each(
    work: object,
    catalog: Catalog,
    start: int,
    stop: int,
    halted: object = None,
) -> list[int]:
    """How many objects the collector leaves out, once per fight, played in this process."""
    return [gc.get_freeze_count()] * (stop - start)


def test_a_batch_played_here_sets_aside_what_was_alive_and_gives_it_back(
    catalog: Catalog, enabled: None, unfrozen: None
) -> None:
    plan = shipped_plan(catalog, "werewolf-duel", 3)
    counts = list(batch.run_chunks(frozen_each, None, plan, catalog, 1))
    assert len(counts) == 3
    assert min(counts) > 10_000  # the content and the modules, during the batch
    assert gc.get_freeze_count() == 0  # the caller's process is left as it was


def test_a_batch_stopped_early_gives_back_what_it_set_aside(
    catalog: Catalog, enabled: None, unfrozen: None
) -> None:
    plan = shipped_plan(catalog, "werewolf-duel", 3)
    fights = batch.run_chunks(frozen_each, None, plan, catalog, 1)
    assert next(fights) > 10_000
    fights.close()
    assert gc.get_freeze_count() == 0


def test_a_process_that_sets_objects_aside_itself_is_left_alone(
    enabled: None, unfrozen: None
) -> None:
    gc.freeze()  # a front end's own
    kept = gc.get_freeze_count()
    with set_aside_while():
        assert gc.get_freeze_count() == kept
    assert gc.get_freeze_count() == kept


def test_a_process_without_the_collector_sets_nothing_aside(unfrozen: None) -> None:
    was = gc.isenabled()
    gc.disable()
    try:
        with set_aside_while():
            assert gc.get_freeze_count() == 0
    finally:
        if was:
            gc.enable()


def test_a_batch_played_here_keeps_the_simulated_figures(
    catalog: Catalog, enabled: None, unfrozen: None
) -> None:
    plan = shipped_plan(catalog, "werewolf-duel", 4)
    gc.freeze()  # as a front end would: the batch then sets nothing aside of its own
    try:
        aside = simulate(plan, catalog).report
    finally:
        gc.unfreeze()
    assert simulate(plan, catalog).report == aside


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


def test_a_forecast_played_here_sets_aside_what_was_alive_and_gives_it_back(
    catalog: Catalog, enabled: None, unfrozen: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    aside: list[int] = []
    run = loop.Controllers.run

    def watched(self: loop.Controllers, **kwargs: object) -> object:
        aside.append(gc.get_freeze_count())
        return run(self, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(loop.Controllers, "run", watched)
    with Fight(catalog.scenarios["werewolf-duel"], catalog, seed=2) as fight:
        fight.start()
        assert forecast(fight, "north", continuations=2).fights == 2
        actor = fight.pending()[0].actor
        assert choice_winners(fight, actor, range(1))
    assert len(aside) >= 3
    assert min(aside) > 10_000  # the content, the modules and the fight, while they play
    assert gc.get_freeze_count() == 0  # the caller's process is left as it was
