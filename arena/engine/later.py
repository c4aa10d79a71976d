"""A random stream seeded only when first drawn from: most AI decisions never draw."""

from __future__ import annotations

import random


class SeededLater(random.Random):
    """`random.Random(seed)`, but the seeding (several microseconds) waits for the first draw.

    Every draw of `random.Random` goes through `random` or `getrandbits`, so seeding there
    gives exactly the stream `random.Random(seed)` gives.
    """

    def __init__(self, seed: int | str, answer: int | None = None) -> None:
        """A stream seeded from ``seed``, or with ``answer`` from ``{seed}/ai/{answer}``.

        The latter is that answer's own stream in a fight of that seed: written out only when
        the stream is first drawn from.
        """
        # Random's own __init__ would seed now; the state is filled in on first use instead.
        self._later: int | str | tuple[int | str, int] | None = (
            seed if answer is None else (seed, answer)
        )
        self.gauss_next = None

    def arm(self, seed: int | str, answer: int | None = None) -> None:
        """Start afresh as `SeededLater(seed, answer)` would: the next draw seeds from it.

        One stream object serves a loop's every answer (an object made each time costs more
        than its few fields): each answer arms it with its own seed, so it draws exactly what a
        new stream would. Most answers never draw: their seed is never written out.
        """
        self._later = seed if answer is None else (seed, answer)
        self.gauss_next = None

    def _ready(self) -> None:
        later = self._later
        if later is not None:
            self._later = None
            if isinstance(later, tuple):  # an answer's own seed, written out only now
                later = f"{later[0]}/ai/{later[1]}"
            super().seed(later)

    def random(self) -> float:
        """The next float in [0, 1)."""
        self._ready()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        """The next `k` random bits."""
        self._ready()
        return super().getrandbits(k)

    def getstate(self) -> tuple[int, ...]:
        """The generator's state (seeded first, so it is the state `Random(seed)` has)."""
        self._ready()
        return super().getstate()

    def seed(self, a: object = None, version: int = 2) -> None:
        """Seed now, as `random.Random.seed` does."""
        self._later = None
        super().seed(a, version)  # type: ignore[arg-type]
