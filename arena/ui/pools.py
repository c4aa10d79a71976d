"""The worker processes the UI starts: started on first use, stopped when the app quits.

Forecasts, the gauntlet offers' odds and an expert's look-ahead each keep a pool here.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Final

NICER: Final = 10
"""How far a worker lowers its priority below the UI's."""

_kept: list[list[Executor]] = []
_starting = threading.RLock()
"""Held while a pool starts or a worker is handed standard error: a pool may be started
ahead, on a thread of its own, while a key asks for it."""


def started(
    pool: list[Executor], workers: int, initializer: Callable[[], object] | None = None
) -> Executor:
    """A holder's pool (see `kept`), started on first use.

    Spawned, not forked: the UI has threads, and a fork copies them half-way.
    """
    with _starting:
        if not pool:
            context = multiprocessing.get_context("spawn")
            pool.append(
                ProcessPoolExecutor(
                    max_workers=workers, mp_context=context, initializer=initializer
                )
            )
        return pool[0]


def yield_cpu() -> None:
    """A worker's start: let the UI's process come first for the processor.

    Here, in a module a worker imports quickly: it is unpickled before the worker's first task.
    """
    if hasattr(os, "nice"):
        os.nice(NICER)


@contextmanager
def real_stderr() -> Iterator[None]:
    """The process's own standard error while a worker starts.

    A started worker is handed its file descriptor, and the UI (or its tests) may have put a
    stream without one in its place.
    """
    with _starting:  # one swap at a time, or a thread could put back the other's stream
        held = sys.stderr
        if sys.__stderr__ is not None:
            sys.stderr = sys.__stderr__
        try:
            yield
        finally:
            sys.stderr = held


def kept(pool: list[Executor]) -> list[Executor]:
    """A module's holder of its started pool (at most one), to be stopped with the app."""
    _kept.append(pool)
    return pool


def stop_all() -> None:
    """Stop every started pool's processes at once, dropping the work in hand.

    The app is quitting and nothing waits for a forecast any more; shut down politely, a pool
    would run each part it had begun to its end first (seconds, with the screen already gone).
    """
    for pool in _kept:
        stop(pool)


def stop(pool: list[Executor]) -> None:
    """Stop one holder's started pool at once, dropping its work; the next use starts anew."""
    while pool:
        executor = pool.pop()
        # Ended before the shutdown, so the shutdown has nothing left to wait for.
        for process in list((getattr(executor, "_processes", None) or {}).values()):
            process.terminate()
        executor.shutdown(wait=True, cancel_futures=True)
