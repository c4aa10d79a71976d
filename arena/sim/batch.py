"""Running a batch: fights on worker processes, results back in seed order, one chunk at a time."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from arena.content.errors import ContentError
from arena.content.loader import Catalog, load_catalog
from arena.engine import Controllers, DiceExhausted, Fight, IllegalCommand, ScriptError
from arena.engine.anytime import FIRST
from arena.engine.collector import between_fights, kept_for_good, set_aside_while
from arena.engine.expert import set_budget
from arena.sim.chunks import Here, Pending, Progress, Stop, Task, chunk_size, gather
from arena.sim.errors import SimError
from arena.sim.maps import map_params, setup_on_map
from arena.sim.origin import Origin, continuation
from arena.sim.plan import BatchPlan, derive_seed, new_fight
from arena.sim.summary import FightSummary, summarize_ending
from arena.sim.vary import Setup

if TYPE_CHECKING:
    from arena.sim.cluster import Cluster

Pair = tuple[FightSummary, FightSummary | None]
"""One seed's fight as planned, and the same seed's fight with the changes (if any)."""


W = TypeVar("W")
T = TypeVar("T")


@dataclass(slots=True)
class _Worker:
    """What one process keeps between chunks: the task, its work and its own catalog."""

    task: Task[Any, Any]
    work: object
    catalog: Catalog


_worker: _Worker | None = None
_worker_error = ""
_halt: Event | None = None
"""In a worker: set by the batch's process when the batch is to stop."""


def default_jobs() -> int:
    """One worker per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def play(setup: Setup, catalog: Catalog, seed: int) -> FightSummary:
    """Play one fight of a batch to its end; every decision goes to its AI (people too).

    Raises:
        SimError: the fight stopped on a scripted, rigged or illegal command.
    """
    with between_fights():  # the fight is gone (by its counts) before the collector may run
        return _to_the_end(new_fight(setup, catalog, seed), seed, "the fight")


def play_on(origin: Origin, catalog: Catalog, seed: int) -> FightSummary:
    """Play one continuation of a saved fight to its end, with its own dice from ``seed``.

    Raises:
        SimError: the save does not load, or the fight stopped on an illegal command.
    """
    with between_fights():
        return _to_the_end(continuation(origin, catalog, seed), seed, "the continuation")


def _to_the_end(fight: Fight, seed: int, what: str) -> FightSummary:
    """Let the AI answer every decision until the fight ends, then summarize it.

    The summary reads the fight's ending, as its last view would show it: that view is
    never made.
    """
    try:
        Controllers(fight, watch=True, reasons=False).run()
        ending = fight.ending()
    except (ScriptError, DiceExhausted, IllegalCommand) as err:
        raise SimError(f"{what} with seed {seed} stopped: {err}") from None
    finally:
        fight.close(last_view=False)
    return summarize_ending(seed, ending, fight.events)


def play_chunk(
    plan: BatchPlan,
    catalog: Catalog,
    start: int,
    stop: int,
    halted: Callable[[], bool] | None = None,
) -> list[Pair]:
    """Play fights ``start`` to ``stop - 1`` of a plan, with and without its changes.

    Args:
        plan: the batch.
        catalog: the content.
        start: the first fight's index.
        stop: one past the last fight's index.
        halted: asked before each fight; once it says True, the fights played so far are
            returned, the first ones of the chunk in order.
    """
    set_budget(plan.ai_budget)
    pairs: list[Pair] = []
    drawn: tuple[int, Setup, Setup | None] | None = None  # the map in play, made once
    for index in range(start, stop):
        if halted is not None and halted():
            break
        seed = derive_seed(plan.seed, index)
        if plan.origin is not None:
            pairs.append((play_on(plan.origin, catalog, seed), None))
            continue
        base, other = plan.base, plan.varied
        if plan.maps is not None:
            number = index // plan.maps.per_map
            if drawn is None or drawn[0] != number:
                params = map_params(plan.maps, plan.seed, number)
                drawn = (number, setup_on_map(base, params), other and setup_on_map(other, params))
            base, other = drawn[1], drawn[2]
        varied = None if other is None else play(other, catalog, seed)
        pairs.append((play(base, catalog, seed), varied))
    return pairs


def run_batch(
    plan: BatchPlan,
    catalog: Catalog,
    jobs: int,
    progress: Progress | None = None,
    stop: Stop | None = None,
    cluster: Cluster | None = None,
) -> Generator[Pair, None, None]:
    """Play a plan's fights and yield their summaries in seed order, as they finish.

    With one job the fights run in this process; with more, on worker processes that each
    get the catalog once (forked with this one's, or spawned to load their own); with a
    cluster, on its workers. Once ``stop`` is asked, every fight being played finishes, no
    other starts, and the fights finished before the first one not played are yielded; those
    after it are only counted, in ``stop.left_out``. Closing the iterator early (or a second
    interrupt) stops the workers at once.

    Args:
        plan: the batch.
        catalog: the content, for fights played in this process.
        jobs: how many processes play fights (without a cluster).
        progress: told the number of finished fights after each chunk.
        stop: a request to stop between fights, looked at while the fights are played.
        cluster: a Dask cluster to play the chunks on, instead of local processes.
    """
    # Continuations of a save show a forecast as they come: its first figure waits for no worker.
    here = FIRST[0] if plan.origin is not None else 0
    yield from run_chunks(play_chunk, plan, plan, catalog, jobs, progress, stop, cluster, here)


def run_chunks(
    task: Task[W, T],
    work: W,
    plan: BatchPlan,
    catalog: Catalog,
    jobs: int,
    progress: Progress | None = None,
    stop: Stop | None = None,
    cluster: Cluster | None = None,
    here: int = 0,
) -> Generator[T, None, None]:
    """Play ``work``'s fights 0 to ``plan.fights - 1`` with ``task``, a chunk at a time, in order.

    As `run_batch` does, for any kind of work: a batch, or a sweep's grid.

    Args:
        task: plays a chunk of ``work`` (a module-level function, so workers can find it).
        work: what the task plays: sent to each worker once.
        plan: the batch behind the work: its count, content and look-ahead budget.
        catalog: the content, for fights played in this process.
        jobs: how many processes play fights (without a cluster).
        progress: told the number of finished indices after each chunk.
        stop: a request to stop between fights.
        cluster: a Dask cluster to play the chunks on, instead of local processes.
        here: with worker processes, how many of the first fights this process plays itself
            (before forked workers start, or while spawned ones do; the results are the same).
    """
    stop = Stop() if stop is None else stop
    if cluster is not None:
        yield from cluster.run(task, work, plan, progress, stop)
        return
    size = chunk_size(plan.fights, jobs)
    if jobs <= 1 or plan.fights <= here:
        with set_aside_while():  # as a worker keeps its content out of the collector's walks
            for index in range(plan.fights):
                if stop.asked:
                    return
                # One fight at a time, so the batch may stop between any two.
                yield from task(work, catalog, index, index + 1, None)
                if progress is not None and ((index + 1) % size == 0 or index + 1 == plan.fights):
                    progress(index + 1)
        return
    method = start_method()
    played: list[T] = []
    if here > 0 and method == "fork":
        # Workers fork in milliseconds: the first fights are played before, so the first
        # figure shares the cores with no worker, and each worker inherits what they warmed
        # (odds tables, the AI's modules) instead of paying for it. Spawned workers load the
        # content for a while: the first fights are played as they do.
        played += task(work, catalog, 0, here, lambda: stop.asked)
        if stop.asked:  # stopped in the first fights: no worker is started
            yield from played
            return
    # A forked worker inherits the parent's modules and catalog; a spawned one loads its own.
    inherited = catalog if method == "fork" else None
    workers = min(jobs, -(-plan.fights // size))
    context = multiprocessing.get_context(method)
    halt = context.Event()  # set once the batch is to stop: each worker ends its chunk
    pool = context.Pool(
        workers, initializer=_init_worker, initargs=(task, work, plan, inherited, halt)
    )

    def submit(chunk: tuple[int, int]) -> Pending[list[T]]:
        return pool.apply_async(_run_chunk, (chunk,))

    def first(count: int) -> Sequence[T]:
        return [*played, *task(work, catalog, len(played), count, lambda: stop.asked)]

    try:
        yield from gather(
            submit,
            fights=plan.fights,
            most=size,
            workers=workers,
            progress=progress,
            stop=stop,
            halt=halt,
            here=Here(here, first) if here > 0 else None,
        )
        pool.close()
    finally:
        # Every worker ends the chunk it plays after its fight, and those left in the queue at
        # once; then each is told to stop as the pool's own way is. Workers are never killed:
        # one killed while it held a queue's lock would leave the others, or this process,
        # waiting on it for ever.
        halt.set()
        pool.close()
        pool.join()


def start_method() -> str:
    """How worker processes start: ``fork`` where it is safe, else ``spawn``.

    Forking is quick (no imports, no content to load) but safe only from a process with a
    single thread: a lock held by another thread would stay locked in the child for ever.
    """
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _init_worker(
    task: Task[Any, Any], work: object, plan: BatchPlan, inherited: Catalog | None, halt: Event
) -> None:
    global _worker, _worker_error, _halt
    # The parent alone answers Ctrl-C: it tells the workers to stop through ``halt``.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGTERM too (sent to the whole process group, say): the parent is told as well and stops
    # the batch through ``halt``, as for Ctrl-C.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _halt = halt
    if inherited is not None:
        _worker = _Worker(task, work, inherited)
        kept_for_good()  # a worker keeps what it was given until it ends
        return
    # An initializer that raises makes the pool start a new worker forever: keep the error
    # and raise it from the first chunk instead, where the parent sees it.
    try:
        catalog = load_catalog(Path(plan.content_root))
    except ContentError as err:
        _worker_error = f"a worker could not load the content: {err}"
        return
    if catalog.digest != plan.content_digest:
        _worker_error = "the content on disk changed after the batch was planned; run it again"
        return
    _worker = _Worker(task, work, catalog)
    kept_for_good()


def _halted() -> bool:
    return _halt is not None and _halt.is_set()


def _run_chunk(chunk: tuple[int, int]) -> list[Any]:
    if _worker is None:
        raise SimError(_worker_error or "a worker was not set up")
    return list(_worker.task(_worker.work, _worker.catalog, *chunk, _halted))
