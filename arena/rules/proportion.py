"""A proportion's 95% Wilson interval: batch reports, forecasts and the coach use the one."""

from __future__ import annotations

import math
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
