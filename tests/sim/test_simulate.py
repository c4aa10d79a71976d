"""Whole batches on the shipped content: reproducible, paired, interruptible, every scenario."""

from __future__ import annotations

import dataclasses
import os
import signal
import threading

import pytest

from arena.content.loader import Catalog, default_content_root
from arena.sim import BatchPlan, SimError, batch, simulate
from arena.sim.chunks import Stop
from tests.sim.plans import shipped_plan

ROOT = default_content_root()
SCENARIOS = sorted(p.stem for p in (ROOT / "scenarios").glob("*.yaml"))


def _plan(catalog: Catalog, name: str, fights: int, *changes: str, seed: int = 5) -> BatchPlan:
    return shipped_plan(catalog, name, fights, *changes, seed=seed)


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_shipped_scenario_runs_as_a_batch(catalog: Catalog, name: str) -> None:
    report = simulate(_plan(catalog, name, 6), catalog).report
    assert report["fights"] == 6
    base = report["base"]
    outcomes = sum(w["count"] for w in base["wins"].values()) + base["draws"]["count"]
    assert outcomes == 6
    assert sum(base["rounds"]["histogram"].values()) == 6


def test_the_same_batch_gives_the_same_report(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 12 fights are 12 chunks on two workers (see chunk_size): enough to interleave them.
    plan = _plan(catalog, "werewolf-duel", 12, "vilna.dexterity=2")
    first = simulate(plan, catalog).report
    assert simulate(plan, catalog).report == first
    # Worker processes change nothing, however they start.
    for method in ("fork", "spawn"):
        monkeypatch.setattr(batch, "start_method", lambda m=method: m)
        assert simulate(plan, catalog, jobs=2).report == first, method


def test_another_base_seed_gives_other_fights(catalog: Catalog) -> None:
    one = simulate(_plan(catalog, "werewolf-duel", 10, seed=1), catalog).report
    two = simulate(_plan(catalog, "werewolf-duel", 10, seed=2), catalog).report
    assert one["base"]["dice"] != two["base"]["dice"]


def test_a_change_that_cannot_matter_differs_by_nothing(catalog: Catalog) -> None:
    # Setting Tom's strength to the value it already has: every seed plays the same fight.
    strength = dict(_first_traits(catalog))["strength"]
    report = simulate(_plan(catalog, "werewolf-duel", 60, f"tom.strength={strength}"), catalog)
    diff = report.report["difference"]
    for side in ("north", "south"):
        assert diff["wins"][side] == {"rate": 0.0, "low": 0.0, "high": 0.0}
    assert report.report["varied"] == report.report["base"]


def test_a_much_stronger_fighter_wins_more(catalog: Catalog) -> None:
    changes = ("tom.strength=8", "tom.dexterity=8", "tom.stamina=8")
    report = simulate(_plan(catalog, "werewolf-duel", 80, *changes), catalog).report
    north = report["difference"]["wins"]["north"]
    assert north["low"] > 0.2  # the whole interval is a large gain
    assert report["varied"]["wins"]["north"]["rate"] > report["base"]["wins"]["north"]["rate"]
    assert report["difference"]["wins"]["south"]["high"] < 0


def test_ctrl_c_stops_between_fights_and_reports_what_finished(catalog: Catalog) -> None:
    seen: list[int] = []

    def interrupt_once(done: int) -> None:
        seen.append(done)
        if len(seen) == 1:
            os.kill(os.getpid(), signal.SIGINT)

    before = signal.getsignal(signal.SIGINT)  # ignored, when the tests run in the background
    outcome = simulate(_plan(catalog, "werewolf-duel", 400), catalog, progress=interrupt_once)
    assert outcome.interrupted
    report = outcome.report
    assert report["interrupted"]
    # Ctrl-C came between two fights: no other starts after it.
    assert (report["fights"], report["left_out"]) == (seen[0], 0)
    assert report["planned"] == 400
    assert sum(report["base"]["rounds"]["histogram"].values()) == report["fights"]
    assert signal.getsignal(signal.SIGINT) is before  # the handler is put back


def test_a_halted_chunk_gives_its_first_fights_as_a_whole_chunk_does(catalog: Catalog) -> None:
    plan = _plan(catalog, "werewolf-duel", 10, "tom.brawl=4")
    asked: list[int] = []

    def halted() -> bool:
        asked.append(1)
        return len(asked) > 3  # asked before each fight: three are played

    whole = batch.play_chunk(plan, catalog, 4, 9)
    assert batch.play_chunk(plan, catalog, 4, 9, halted=halted) == whole[:3]


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_a_stop_on_workers_keeps_the_first_fights_and_counts_the_rest(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    monkeypatch.setattr(batch, "start_method", lambda: method)
    plan = _plan(catalog, "werewolf-duel", 400)
    stop = Stop()

    def ask_to_stop(done: int) -> None:
        stop.asked = True  # as Ctrl-C does, once the first chunk is back

    pairs = list(batch.run_batch(plan, catalog, 2, ask_to_stop, stop))
    assert 0 < len(pairs) < 400
    # The first fights of the batch, whatever the workers had reached: as one job plays them.
    assert pairs == list(batch.run_batch(dataclasses.replace(plan, fights=len(pairs)), catalog, 1))


def _first_traits(catalog: Catalog) -> tuple[tuple[str, int], ...]:
    from arena.engine import Fight

    with Fight(catalog.scenarios["werewolf-duel"], catalog) as fight:
        fight.start()
        return fight.view().combatant("tom").traits


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # the content on disk is not what the batch was planned against
        ({"content_digest": "0" * 64}, "the content on disk changed after the batch was planned"),
        # a worker cannot load the content at all
        ({"content_root": "/no/such/content"}, "a worker could not load the content"),
    ],
)
def test_a_worker_without_the_right_content_stops_the_batch(
    catalog: Catalog, change: dict[str, str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "start_method", lambda: "spawn")  # spawned workers load content
    plan = dataclasses.replace(_plan(catalog, "werewolf-duel", 4), **change)
    with pytest.raises(SimError, match=message):
        simulate(plan, catalog, jobs=2)


def test_workers_are_spawned_while_other_threads_run() -> None:
    # Forking copies only the calling thread; a lock another thread holds would never open.
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert batch.start_method() == "spawn"
    finally:
        release.set()
        other.join()
