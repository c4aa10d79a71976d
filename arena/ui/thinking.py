"""An expert opponent's look-ahead, worked out on a worker process so the keys stay free.

esper is global state, so the UI thread and its threads never run a fight: the decision's
moment goes to a worker, which replays it and gives the answer the fight's own process would.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from arena.engine import Command, Decision, Fight
from arena.engine.thinking import answer_at, asked
from arena.ui.pools import kept, real_stderr, started, stop

_pool: list[Executor] = kept([])


def pool() -> Executor:
    """The worker process an expert thinks on (one: a fight waits for one answer at a time).

    It is not made to yield the processor as the forecast's are: the player waits for it.
    """
    return started(_pool, 1)


async def think(fight: Fight, decision: Decision) -> tuple[Command, str]:
    """The AI's answer to a decision that takes a look-ahead, and why, from the worker.

    Raises:
        Exception: whatever the worker raised (the screen shows it as the engine failing).
    """
    moment, actor, budget = asked(fight, decision)
    with real_stderr():
        future = pool().submit(answer_at, moment, actor, budget)
    try:
        return await asyncio.wrap_future(future)
    finally:
        if not future.done():
            # The screen left: the answer is not wanted, and a long look-ahead (the budget
            # goes up to a minute) must not hold the worker from the next fight.
            stop(_pool)
