"""Interval maths against published values; streaming means and exact quantiles."""

from __future__ import annotations

import pytest

from arena.sim.stats import Interval, IntHistogram, Moments, wilson


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857-872, method 3 (Wilson score):
        (81, 263, 0.2553, 0.3662),  # a proportion near 0.3
        (15, 148, 0.0624, 0.1605),  # a small proportion
        (0, 20, 0.0, 0.1611),  # none: the lower end is exactly 0
        (1, 29, 0.0061, 0.1718),  # one success
        (5, 10, 0.2366, 0.7634),  # a half: symmetric about 0.5
        (10, 10, 0.7225, 1.0),  # all: mirror image of 0 of 10
    ],
)
def test_wilson_matches_published_intervals(
    successes: int, trials: int, low: float, high: float
) -> None:
    interval = wilson(successes, trials)
    assert (round(interval.low, 4), round(interval.high, 4)) == (low, high)
    assert interval.estimate == successes / trials


def test_wilson_of_no_trials_is_the_whole_range() -> None:
    assert wilson(0, 0) == Interval(0.0, 0.0, 1.0)


@pytest.mark.parametrize(("successes", "trials"), [(-1, 5), (6, 5)])
def test_wilson_refuses_impossible_counts(successes: int, trials: int) -> None:
    with pytest.raises(ValueError, match="0 <= successes <= trials"):
        wilson(successes, trials)


def test_moments_mean_variance_and_interval() -> None:
    m = Moments()
    for value in (2, 4, 4, 4, 5, 5, 7, 9):
        m.add(value)
    assert m.count == 8
    assert m.mean == 5.0
    assert m.variance == pytest.approx(32 / 7)  # sum of squared deviations 32, n - 1 = 7
    half = 1.959963984540054 * (32 / 7 / 8) ** 0.5
    assert m.interval() == Interval(5.0, pytest.approx(5 - half), pytest.approx(5 + half))


def test_moments_of_constant_values_have_a_point_interval() -> None:
    m = Moments()
    for _ in range(5):
        m.add(0)
    assert m.interval() == Interval(0.0, 0.0, 0.0)
    assert m.interval().contains(0.0)


@pytest.mark.parametrize(
    ("values", "q", "expected"),
    [
        ([1, 2, 3, 4], 0.5, 2.5),  # even count: halfway between the middle two
        ([1, 2, 3, 4], 0.9, 3.7),  # interpolated like numpy's default
        ([5, 1, 3], 0.5, 3.0),  # odd count: the middle value, whatever the order added
        ([4, 4, 4, 9], 0.5, 4.0),  # repeats
        ([2, 2, 2, 2, 2, 2, 2, 2, 2, 12], 0.9, 3.0),  # 90th percentile of nine 2s and a 12
        ([], 0.5, 0.0),  # empty
    ],
)
def test_histogram_quantiles(values: list[int], q: float, expected: float) -> None:
    h = IntHistogram()
    for v in values:
        h.add(v)
    assert h.quantile(q) == pytest.approx(expected)


def test_histogram_memory_grows_with_distinct_values_only() -> None:
    h = IntHistogram()
    for i in range(20_000):
        h.add(i % 7)
    assert len(h.counts) == 7
    assert h.total == 20_000
    assert h.mean() == pytest.approx(sum(i % 7 for i in range(20_000)) / 20_000)
