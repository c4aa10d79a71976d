"""Quitting stops the forecasts' worker processes at once, work in hand and all."""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from arena.ui import pools


def test_stopping_does_not_wait_for_work_in_hand() -> None:
    started: list[Executor] = pools.kept([])
    context = multiprocessing.get_context("spawn")
    executor = ProcessPoolExecutor(max_workers=2, mp_context=context)
    started.append(executor)
    running = [executor.submit(time.sleep, 60) for _ in range(4)]  # a minute's work each
    while not any(f.running() for f in running):
        time.sleep(0.01)
    begun = time.monotonic()
    pools.stop_all()
    assert time.monotonic() - begun < 10  # not the minute a polite shutdown waits
    assert started == []  # the next forecast starts a new pool
    assert all(f.done() for f in running)
