"""The worker processes the UI starts for forecasts, and stopping them when it quits."""

from __future__ import annotations

from concurrent.futures import Executor

_kept: list[list[Executor]] = []


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
