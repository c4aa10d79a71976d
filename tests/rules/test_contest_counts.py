"""The contests' counts made ahead equal the exact count, and the odds are read from them."""

from __future__ import annotations

import pytest

from arena.rules import odds as odds_module
from arena.rules.contest_counts import COUNTS, TOP
from arena.rules.odds import contest_odds


def _row(first: int, second: int) -> tuple[int, ...]:
    """The exact count of a contest as the table holds it: by result, from -second to first.

    To make the table again: ``repr(_row(a, b))`` for every ``TOP >= a >= b >= 0``.
    """
    counts = odds_module._contest_counts(first, second)
    return tuple([counts.get(v, 0) for v in range(-second, first + 1)])


def test_contest_counts_made_ahead_equal_the_exact_count() -> None:
    """Every pair of pools up to the table's top, larger pool first, and nothing else."""
    pairs = [(a, b) for a in range(TOP + 1) for b in range(a + 1)]
    assert sorted(COUNTS) == pairs
    for a, b in pairs:
        assert COUNTS[a, b] == _row(a, b), (a, b)
        assert sum(COUNTS[a, b]) == 10 ** (a + b)


@pytest.mark.parametrize(("first", "second"), [(0, 0), (3, 2), (2, 3), (12, 12), (12, 5), (1, 11)])
def test_contest_odds_within_the_table_are_read_not_counted(
    monkeypatch: pytest.MonkeyPatch, first: int, second: int
) -> None:
    """The same odds as the count gives, without counting (a larger pool is still counted)."""
    contest_odds.cache_clear()
    counted: list[tuple[int, int]] = []
    real = odds_module._contest_counts
    try:
        monkeypatch.setattr(odds_module, "COUNTS", {})
        fresh = contest_odds(first, second)
        contest_odds.cache_clear()
        monkeypatch.undo()
        monkeypatch.setattr(
            odds_module, "_contest_counts", lambda a, b: counted.append((a, b)) or real(a, b)
        )
        read = contest_odds(first, second)
        assert read == fresh
        assert counted == []
        assert contest_odds(TOP + 1, 1).first == TOP + 1
        assert counted == [(TOP + 1, 1)]
    finally:
        contest_odds.cache_clear()
