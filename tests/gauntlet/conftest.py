"""Fixtures for the gauntlet's tests: the offer screen's odds held until a test lets them go."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from arena.ui import gauntlet_offers


class HeldPool(Executor):
    """Takes the odds' parts and plays them in this process, only when `release` is called."""

    def __init__(self) -> None:
        self.held: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.held.append((future, fn, args))
        return future

    def release(self) -> None:
        """Play every part held (in the order asked), each future then holding its answer."""
        held, self.held = self.held, []
        for future, fn, args in held:
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn(*args))
                except Exception as err:  # handed to whoever waits on the future
                    future.set_exception(err)


@pytest.fixture(autouse=True)
def held_pool(monkeypatch: pytest.MonkeyPatch) -> HeldPool:
    """No worker process starts in a UI test: the odds wait until the test releases them."""
    pool = HeldPool()
    monkeypatch.setattr(gauntlet_offers, "odds_pool", lambda: pool)
    return pool
