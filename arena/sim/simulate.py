"""A whole batch: play it, stream its statistics, and report, even when interrupted."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import TYPE_CHECKING

from arena.content.loader import Catalog
from arena.sim.aggregate import BatchStats, PairedStats
from arena.sim.batch import run_batch
from arena.sim.chunks import Progress, Stop
from arena.sim.maps import MapSpread
from arena.sim.plan import BatchPlan
from arena.sim.report import Report, build_report, maps_about

if TYPE_CHECKING:
    from arena.sim.cluster import Cluster


@dataclass(frozen=True, slots=True)
class Outcome:
    """A batch's report, and whether Ctrl-C stopped it early."""

    report: Report
    interrupted: bool


def simulate(
    plan: BatchPlan,
    catalog: Catalog,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    cluster: Cluster | None = None,
    running: Callable[[int, dict[str, int]], None] | None = None,
) -> Outcome:
    """Play a batch and report on it; memory stays flat however many fights it has.

    The first Ctrl-C stops the batch between two fights (and the workers with it); the report
    then covers the fights that finished before the first one not played, in seed order, so
    its figures are those of a batch of that many fights; it counts the others finished as
    ``left_out``. A second Ctrl-C raises KeyboardInterrupt at once.

    Args:
        plan: the batch.
        catalog: the content.
        jobs: worker processes (1 plays in this process).
        progress: told the number of finished fights now and then.
        cluster: a Dask cluster to play on instead of local processes (the same report).
        running: told the fights counted so far and each side's wins after each fight, in
            seed order (the figures a batch of that many fights would report).

    Returns:
        The report.

    Raises:
        SimError: a fight stopped on a bad scripted or rigged command.
    """
    sides = tuple(dict.fromkeys(c.side for c in plan.base.scenario.combatants))
    base = BatchStats(sides)
    varied = BatchStats(sides) if plan.varied is not None else None
    paired = PairedStats(sides) if plan.varied is not None else None
    spread = MapSpread(sides, plan.maps.per_map) if plan.maps is not None else None
    with ctrl_c() as stop:
        fights = run_batch(plan, catalog, jobs, progress, stop, cluster)
        try:
            # The batch itself stops on Ctrl-C, after the fights being played: take them all.
            for first, second in fights:
                base.add(first)
                if running is not None:
                    running(base.fights, dict(base.wins))
                if spread is not None:
                    spread.add(first.winner)
                if second is not None and varied is not None and paired is not None:
                    varied.add(second)
                    paired.add(first, second)
        finally:
            fights.close()  # stops the worker processes, whatever happened
    report = build_report(plan, base, varied, paired, left_out=stop.left_out)
    report["maps"] = None if spread is None else {**maps_about(plan), **spread.report()}
    return Outcome(report, report["interrupted"])


@contextmanager
def ctrl_c() -> Iterator[Stop]:
    """Turn Ctrl-C or SIGTERM into a request to stop between fights, no fight counted by half."""
    stop = Stop()
    if threading.current_thread() is not threading.main_thread():
        yield stop  # only the main thread may set signal handlers; leave Ctrl-C alone
        return

    def asked(signum: int, frame: FrameType | None) -> None:
        if stop.asked:
            raise KeyboardInterrupt  # a second Ctrl-C: stop at once
        stop.asked = True

    # A polite kill (SIGTERM) is asked to stop as Ctrl-C is: the report of what finished.
    previous = {number: signal.signal(number, asked) for number in _STOP_SIGNALS}
    try:
        yield stop
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


_STOP_SIGNALS = (signal.SIGINT, *([signal.SIGTERM] if hasattr(signal, "SIGTERM") else []))
"""The signals that stop a batch between fights."""
