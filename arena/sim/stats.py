"""Streaming statistics: proportions with Wilson intervals, means, exact integer quantiles."""

from __future__ import annotations

import math
from collections import Counter

from arena.rules.proportion import Z95 as Z95
from arena.rules.proportion import Interval as Interval
from arena.rules.proportion import wilson as wilson


class Moments:
    """Count, mean and variance of a stream of numbers (Welford's method: stable, O(1) memory)."""

    __slots__ = ("_m2", "count", "mean")

    def __init__(self) -> None:
        self.count = 0
        """How many values were added."""
        self.mean = 0.0
        """Their mean (0 when there are none)."""
        self._m2 = 0.0

    def add(self, value: float) -> None:
        """Add one value."""
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._m2 += delta * (value - self.mean)

    @property
    def variance(self) -> float:
        """The sample variance (0 with fewer than two values)."""
        return self._m2 / (self.count - 1) if self.count > 1 else 0.0

    def interval(self, z: float = Z95) -> Interval:
        """The mean with its normal-approximation interval, mean ± z·s/√n."""
        if self.count == 0:
            return Interval(0.0, 0.0, 0.0)
        half = z * math.sqrt(self.variance / self.count)
        return Interval(self.mean, self.mean - half, self.mean + half)


class IntHistogram:
    """Exact counts of small integers (fight lengths): memory grows with distinct values only."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: Counter[int] = Counter()
        """Value → how many times it was added."""

    def add(self, value: int) -> None:
        """Add one value."""
        self.counts[value] += 1

    @property
    def total(self) -> int:
        """How many values were added."""
        return sum(self.counts.values())

    def mean(self) -> float:
        """The mean (0 when empty)."""
        total = self.total
        return sum(v * c for v, c in self.counts.items()) / total if total else 0.0

    def quantile(self, q: float) -> float:
        """The q-quantile, interpolated between order statistics like ``numpy.quantile``.

        Args:
            q: from 0 to 1; 0.5 is the median.

        Returns:
            The quantile (0 when empty).
        """
        total = self.total
        if total == 0:
            return 0.0
        pos = q * (total - 1)
        below = math.floor(pos)
        low, high = self._nth(below), self._nth(min(below + 1, total - 1))
        return low + (high - low) * (pos - below)

    def _nth(self, index: int) -> int:
        """The value at a 0-based index of the sorted values."""
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if index < seen:
                return value
        raise IndexError(index)
