"""An anytime forecast: continuations in chunks of a fixed order, a figure after each chunk.

The first chunk is small and played in the asking process at once, so a first figure comes
while the workers start or replay the moment; later ones grow. A figure is only ever taken
over the first chunks in their order, and the rule that stops (the interval within `WITHIN`
either side, or `MOST` continuations) is looked at only between chunks: the figures depend on
the continuations' numbers alone, never on where a chunk was played or which worker finished
first, so one process and several give the same ones.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Final

from arena.engine.forecast import Chance, Winners, chance

FIRST: Final = (4, 4, 8, 16, 32, 32, 64, 64)
"""The sizes of the first chunks: a first figure from 4 continuations, then doubling.

Four, not more: the first chunk is played in the asking process, and four continuations of a
gang fight's first round (about 25 ms each for Sorcerer) fit the first figure's 0.3 s."""
STEADY: Final = 128
"""The size of every chunk after `FIRST`."""
MOST: Final = 2_000
"""Continuations at most: the forecast stops there however wide its interval."""
WITHIN: Final = 0.03
"""The forecast stops once its 95% interval is within this either side (3 points)."""


def chunks(most: int = MOST) -> tuple[range, ...]:
    """Continuations ``0 .. most - 1`` in the fixed chunks a forecast plays them in."""
    found: list[range] = []
    start = 0
    sizes = iter(FIRST)
    while start < most:
        size = next(sizes, STEADY)
        found.append(range(start, min(most, start + size)))
        start += size
    return tuple(found)


def settled(got: Chance, within: float = WITHIN) -> bool:
    """True once the interval is within ``within`` either side (never with no continuation)."""
    # A hair over: an interval of exactly 6 points is within 3 either side, float or not.
    return got.fights > 0 and (got.high - got.low) / 2 <= within + 1e-12


@dataclass(frozen=True, slots=True)
class Reading:
    """The chance so far, and whether the forecast has stopped there."""

    chance: Chance
    final: bool


class Tally:
    """The winners taken in so far, chunk by chunk in order, and the figure they give."""

    def __init__(self, side: str, *, most: int = MOST, within: float = WITHIN) -> None:
        """Count for ``side`` up to ``most`` continuations; ``within`` 0 never stops early."""
        self.side = side
        self.most = most
        self.within = within
        self.plan: tuple[range, ...] = chunks(most)
        self.won: Winners = []
        self._next = iter(self.plan)

    def next_part(self) -> range | None:
        """The next chunk to ask for, in order (None when all are asked)."""
        return next(self._next, None)

    def add(self, winners: Winners) -> Reading:
        """Take in the next chunk's winners (the chunks in order); the figure they give."""
        self.won += winners
        got = chance(self.side, self.won)
        final = len(self.won) >= self.most or (self.within > 0 and settled(got, self.within))
        return Reading(got, final)


def stream(
    submit: Callable[[range], Future[Winners]],
    side: str,
    *,
    most: int = MOST,
    within: float = WITHIN,
    ahead: int = 2,
    here: Callable[[range], Winners] | None = None,
) -> Iterator[Reading]:
    """The forecast's readings, one a chunk, until it stops; the chunks run through ``submit``.

    Up to ``ahead`` chunks are asked for at once (one per worker keeps each busy); the
    readings come in the chunks' order whatever order they finish in. Chunks not yet begun
    when the forecast stops (or the caller stops reading) are cancelled. ``here`` plays the
    first chunk in this process, once the next ones are asked for: the first figure waits for
    no worker.
    """
    tally = Tally(side, most=most, within=within)
    pending: deque[Future[Winners]] = deque()
    first = tally.next_part() if here is not None else None

    def top_up() -> None:
        while len(pending) < max(1, ahead):
            part = tally.next_part()
            if part is None:
                return
            pending.append(submit(part))

    try:
        top_up()
        if here is not None and first is not None:
            reading = tally.add(here(first))
            yield reading
            if reading.final:
                return
        while pending:
            reading = tally.add(pending.popleft().result())
            yield reading
            if reading.final:
                return
            top_up()
    finally:
        for future in pending:
            future.cancel()


def done(value: Winners) -> Future[Winners]:
    """A future already holding its winners: a chunk played in this process."""
    future: Future[Winners] = Future()
    future.set_result(value)
    return future
