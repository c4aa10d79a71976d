"""A batch's fights given out to worker processes in chunks, gathered back in seed order."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from arena.content.loader import Catalog

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

Progress = Callable[[int], None]
"""Told how many fights have finished so far."""

AHEAD: Final = 2
"""Chunks given out per worker beyond the ones collected: none waits, few are in flight."""
POLL: Final = 0.05
"""Seconds between looks at a stop request while a chunk is being played."""
PACE: Final = 0.25
"""Seconds of fights a chunk should hold: a slow scenario's chunks stay small, so progress
moves and a stop leaves few finished fights out."""


class Pending(Protocol[T_co]):
    """A chunk given out and not yet collected: a process pool's result, or a cluster's."""

    def ready(self) -> bool:
        """True once the chunk's results (or its error) are in."""
        ...

    def wait(self, timeout: float) -> None:
        """Wait at most ``timeout`` seconds for the chunk."""
        ...

    def get(self) -> T_co:
        """The chunk's results, waiting for them; raises the chunk's error."""
        ...


class Halt(Protocol):
    """The workers' view of a stop request: once set, each ends its chunk after its fight."""

    def set(self) -> None:
        """Tell the workers to stop."""
        ...


W_contra = TypeVar("W_contra", contravariant=True)


class Task(Protocol[W_contra, T_co]):
    """Plays fights ``start`` to ``stop - 1`` of some work; ``halted`` may cut the chunk short."""

    def __call__(
        self,
        work: W_contra,
        catalog: Catalog,
        start: int,
        stop: int,
        halted: Callable[[], bool] | None = None,
        /,
    ) -> Sequence[T_co]:
        """The chunk's results, in fight order."""
        ...


Submit = Callable[[tuple[int, int]], Pending[list[T]]]
"""Gives a chunk ``(start, stop)`` out to a worker."""


@dataclass(frozen=True, slots=True)
class Here(Generic[T]):
    """The first fights of a batch, played in the batch's own process."""

    fights: int
    """How many of the first fights are played here."""
    play: Callable[[int], Sequence[T]]
    """Plays fights 0 to ``count - 1``, in order; fewer once the batch is asked to stop."""


class Stop:
    """A request to stop a batch between two fights, and what stopping had to leave out."""

    __slots__ = ("asked", "left_out")

    def __init__(self) -> None:
        """Not asked yet."""
        self.asked = False
        """Set (by Ctrl-C) to stop the batch once each fight being played has finished."""
        self.left_out = 0
        """Fights finished after one not played, in seed order: left out of the batch's results.

        Counting them would make the figures depend on which worker was quicker.
        """


def chunk_size(fights: int, jobs: int) -> int:
    """The most fights in a chunk of a batch.

    Small enough that progress moves and the workers share the tail evenly; large enough that
    sending results back costs little next to playing the fights.
    """
    return max(1, min(100, fights // (max(1, jobs) * 16)))


class _Out(Generic[T]):
    """The chunks given out to workers and not yet collected, oldest first, sized to the pace."""

    def __init__(
        self, submit: Submit[T], fights: int, most: int, pace: float, start: int = 0
    ) -> None:
        self.submit = submit
        self.pace = pace
        self.fights = fights
        self.most = most
        self.next = start
        self.size = 1  # until the pace is known
        self.started = time.perf_counter()
        self.chunks: deque[tuple[int, Pending[list[T]]]] = deque()

    def give_out(self) -> None:
        """Give the next chunk, if any, to a worker."""
        if self.next >= self.fights:
            return
        chunk = (self.next, min(self.fights, self.next + self.size))
        self.next = chunk[1]
        self.chunks.append((chunk[1] - chunk[0], self.submit(chunk)))

    def paced(self, done: int, workers: int) -> None:
        """Size the next chunks from the fights done so far: ``pace`` seconds, at most double."""
        per_worker = done / max(1e-9, time.perf_counter() - self.started) / workers
        self.size = max(1, min(self.most, 2 * self.size, int(per_worker * self.pace)))


def gather(
    submit: Submit[T],
    *,
    fights: int,
    most: int,
    workers: int,
    progress: Progress | None,
    stop: Stop,
    halt: Halt,
    pace: float = PACE,
    here: Here[T] | None = None,
) -> Iterator[T]:
    """Play fights 0 to ``fights - 1`` on workers, a chunk per task, and yield them in order.

    Chunk boundaries follow the pace, never the results: every fight has its own seed. Once
    ``stop`` is asked, ``halt`` tells the workers to end their chunks after the fights they are
    playing; the fights before the first one not played are yielded, and those after it only
    counted in ``stop.left_out``, so the results are always the first fights of the batch.

    Args:
        submit: gives a chunk ``(start, stop)`` to a worker, which plays it and returns its
            results, fewer once halted.
        fights: how many fights the batch has.
        most: the most fights in a chunk (see `chunk_size`).
        workers: the workers playing chunks.
        progress: told the number of fights yielded after each chunk.
        stop: a request to stop between fights, looked at while the fights are played.
        halt: the workers' view of a stop request.
        pace: seconds of fights a chunk should hold, once the pace is known.
        here: the first fights, played in this process while the workers start on the next
            (a first figure waits for no worker); fewer once ``stop`` is asked.
    """
    head = 0 if here is None else min(fights, here.fights)
    out: _Out[T] = _Out(submit, fights, most, pace, head)
    for _ in range(AHEAD * workers):
        out.give_out()
    done = 0
    if here is not None and head:
        played = here.play(head)
        yield from played
        done = len(played)
        if progress is not None:
            progress(done)
        if done < head:  # stopped in the first fights: whatever the workers finish is after a gap
            halt.set()
            for _, result in out.chunks:
                stop.left_out += len(result.get())
            return
    while out.chunks and not stop.asked:
        _, result = out.chunks[0]
        # A little at a time, so a stop request is seen while a chunk is being played.
        while not result.ready() and not stop.asked:
            result.wait(POLL)
        if stop.asked:
            break
        out.chunks.popleft()
        results = result.get()
        yield from results
        done += len(results)
        out.paced(done - head, workers)  # the workers' pace: the first fights were here
        out.give_out()
        if progress is not None:
            progress(done)
    if stop.asked:
        halt.set()
        yield from _what_finished(out, stop)


def _what_finished(out: _Out[T], stop: Stop) -> Iterator[T]:
    """After a stop: the chunks given out, each cut short; only the unbroken run from the start."""
    broken = False
    while out.chunks:
        planned, result = out.chunks.popleft()
        results = result.get()  # its worker ends it after the fight it is playing
        if broken:
            stop.left_out += len(results)
            continue
        yield from results
        broken = len(results) < planned
