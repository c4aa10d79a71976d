"""Streaming statistics: proportions with Wilson intervals, means, exact integer quantiles."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Final

Z95: Final = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with a 95% confidence interval."""

    estimate: float
    low: float
    high: float

    def contains(self, value: float) -> bool:
        """True when value lies inside the interval (ends included)."""
        return self.low <= value <= self.high


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval for a proportion.

    Args:
        successes: how many trials succeeded.
        trials: how many trials there were.
        z: the normal quantile; 95% two-sided by default.

    Returns:
        The observed proportion and its interval; (0, 0, 1) when there were no trials.

    Raises:
        ValueError: successes is negative or more than trials.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # The interval always contains p; rounding must not push an end past it or out of [0, 1].
    return Interval(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


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
