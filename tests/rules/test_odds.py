"""Exact odds, checked against the published figures and against brute-force enumeration."""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter

import pytest

from arena.rules import odds as odds_module
from arena.rules.dice import DiceExhausted, RiggedDice, resolve_contest, roll_open
from arena.rules.dice import score_storyteller as score
from arena.rules.odds import (
    REROLL_DEPTH,
    contest_odds,
    open_odds,
    storyteller_odds,
)
from arena.words.odds import describe_contest, describe_storyteller


@pytest.mark.parametrize(
    ("pool", "difficulty", "success", "botch"),
    [
        (1, 6, 50.0, 10.0),  # one die: faces 6-10 succeed, a 1 botches
        (3, 6, 74.0, 6.1),  # the published table, 3 dice at 6
        (5, 6, 84.4, 2.1),  # the published table, 5 dice at 6
        (5, 8, 64.9, 9.0),  # the published table, 5 dice at 8
        (3, 9, 39.8, 16.9),  # the published table, 3 dice at 9
    ],
)
def test_published_figures(pool, difficulty, success, botch):
    odds = storyteller_odds(pool, difficulty)
    assert round(odds.p_success * 100, 1) == success
    assert round(odds.p_botch * 100, 1) == botch


def _brute_storyteller(pool, difficulty, automatic):
    """Score every possible roll: counts of net successes and of botches."""
    nets: Counter[int] = Counter()
    botches = 0
    for faces in itertools.product(range(1, 11), repeat=pool):
        roll = score(faces, difficulty, automatic=automatic)
        nets[roll.net] += 1
        botches += roll.botch
    return nets, botches


@pytest.mark.parametrize("pool", [0, 1, 2, 3])
@pytest.mark.parametrize("difficulty", [1, 2, 4, 6, 8, 10, 11, 13])
@pytest.mark.parametrize("automatic", [0, 1])
def test_storyteller_odds_match_every_roll(pool, difficulty, automatic):
    nets, botches = _brute_storyteller(pool, difficulty, automatic)
    total = 10**pool
    odds = storyteller_odds(pool, difficulty, automatic=automatic)
    top = max(nets)
    assert odds.exactly == tuple(nets[k] / total for k in range(top + 1))
    assert odds.at_least == tuple(
        sum(nets[j] for j in nets if j >= k) / total for k in range(top + 1)
    )
    assert odds.p_botch == botches / total
    assert odds.p_success == (total - nets[0]) / total
    assert odds.p_failure == (nets[0] - botches) / total
    assert math.isclose(odds.expected, sum(k * n for k, n in nets.items()) / total)
    assert (odds.pool, odds.difficulty, odds.automatic, odds.open_ended) == (
        pool,
        difficulty,
        automatic,
        False,
    )


def test_four_dice_match_every_roll():
    # one larger pool, where 1s can cancel more than one success
    nets, botches = _brute_storyteller(4, 7, 0)
    odds = storyteller_odds(4, 7)
    assert odds.exactly == tuple(nets[k] / 10**4 for k in range(5))
    assert odds.p_botch == botches / 10**4


@pytest.mark.parametrize(("pool", "difficulty"), [(1, 6), (3, 4), (5, 8), (8, 10)])
def test_willpower_shifts_by_one_and_removes_botch(pool, difficulty):
    plain = storyteller_odds(pool, difficulty)
    willpower = storyteller_odds(pool, difficulty, automatic=1)
    assert willpower.exactly == (0.0, *plain.exactly)
    assert (willpower.p_botch, willpower.p_failure, willpower.p_success) == (0.0, 0.0, 1.0)
    assert math.isclose(willpower.expected, plain.expected + 1)


def test_negative_pool_counts_as_no_dice():
    assert storyteller_odds(-2, 6) == storyteller_odds(0, 6)
    assert contest_odds(-1, 2) == contest_odds(0, 2)


def _brute_open(pool, difficulty):
    """Walk the tree of rigged rolls; branches less likely than 1e-9 are dropped."""
    found: Counter[int] = Counter()
    stack = [((), 1.0)]
    while stack:
        faces, p = stack.pop()
        try:
            found[roll_open(RiggedDice(faces), pool, difficulty).net] += p
        except DiceExhausted:
            if p >= 1e-9:
                stack += [((*faces, face), p / 10) for face in range(1, 11)]
    return found


@pytest.mark.parametrize(("pool", "difficulty"), [(0, 6), (1, 6), (2, 6), (2, 9), (3, 6), (2, 11)])
def test_open_odds_match_the_rerolled_rolls(pool, difficulty):
    found = _brute_open(pool, difficulty)
    odds = open_odds(pool, difficulty)
    # truncation here and at REROLL_DEPTH in the odds each move under 1e-6 of the mass
    for k in range(max(len(odds.exactly), max(found) + 1)):
        p = odds.exactly[k] if k < len(odds.exactly) else 0.0
        assert abs(p - found[k]) < 1e-6, k
    assert (odds.p_botch, odds.open_ended, odds.automatic) == (0.0, True, 0)


def test_open_odds_expectation():
    # each die expects 0.5 successes plus a tenth of another die: 0.5 / 0.9
    odds = open_odds(6)
    assert abs(odds.expected - 6 * 0.5 / 0.9) < 6 * 10**-(REROLL_DEPTH)
    assert math.isclose(sum(odds.exactly), 1.0)
    assert odds.at_least[0] == 1.0


def test_one_open_die_exactly():
    # faces 6-9 are one success; a 10 is one plus another die, which fails half the time
    assert open_odds(1).exactly[:3] == (0.5, 0.45, 0.045)


def _brute_contest(first, second):
    """Resolve every pair of rolls: counts of signed results (+v first, -v second, 0 tie)."""
    results: Counter[int] = Counter()
    for a in itertools.product(range(1, 11), repeat=first):
        for b in itertools.product(range(1, 11), repeat=second):
            contest = resolve_contest(a, b)
            sign = {"first": 1, "second": -1, None: 0}[contest.winner]
            results[sign * contest.victories] += 1
    return results


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (0, 0),  # nobody has dice: a complete tie
        (1, 0),  # any die beats no dice, with one victory
        (0, 2),  # the same from the other side
        (1, 1),  # ties only when both faces match
        (2, 1),  # the first side can win with both dice
        (1, 2),  # the mirror of 2 against 1
        (2, 2),  # set-aside pairs and complete ties
        (3, 2),  # longer runs of set-aside pairs
    ],
)
def test_contest_odds_match_every_roll(first, second):
    results = _brute_contest(first, second)
    total = 10 ** (first + second)
    odds = contest_odds(first, second)
    # index 0 is there for easy indexing: a winner always has at least one victory
    assert odds.first_victories == (0.0, *(results[v] / total for v in range(1, first + 1)))
    assert odds.second_victories == (0.0, *(results[-v] / total for v in range(1, second + 1)))
    assert odds.p_tie == results[0] / total
    assert odds.p_first == sum(n for v, n in results.items() if v > 0) / total
    assert odds.p_second == sum(n for v, n in results.items() if v < 0) / total


def _ways(faces):
    """How many ordered rolls show these faces: a sorted roll stands for all its orders."""
    ways = math.factorial(len(faces))
    for n in Counter(faces).values():
        ways //= math.factorial(n)
    return ways


def _brute_sorted_contest(first, second):
    """`_brute_contest` over sorted rolls, each weighted by its orders: quick for more dice."""
    results: Counter[int] = Counter()
    faces = range(10, 0, -1)
    seconds = [(b, _ways(b)) for b in itertools.combinations_with_replacement(faces, second)]
    for a in itertools.combinations_with_replacement(faces, first):
        ways = _ways(a)
        for b, more in seconds:
            contest = resolve_contest(a, b)
            sign = {"first": 1, "second": -1, None: 0}[contest.winner]
            results[sign * contest.victories] += ways * more
    return results


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (3, 3),  # several tied counts reach the same dice left below a deciding face
        (4, 2),  # the same with a gap between the sides
        (2, 4),  # and the other side ahead
    ],
)
def test_contest_odds_match_every_sorted_roll(first, second):
    results = _brute_sorted_contest(first, second)
    total = 10 ** (first + second)
    odds = contest_odds(first, second)
    assert odds.first_victories == (0.0, *(results[v] / total for v in range(1, first + 1)))
    assert odds.second_victories == (0.0, *(results[-v] / total for v in range(1, second + 1)))
    assert odds.p_tie == results[0] / total
    assert odds.p_first == sum(n for v, n in results.items() if v > 0) / total


def test_no_dice_against_no_dice_is_a_certain_tie():
    odds = contest_odds(0, 0)
    assert (odds.p_first, odds.p_second, odds.p_tie) == (0.0, 0.0, 1.0)


@pytest.mark.parametrize(("first", "second"), [(4, 1), (5, 5), (7, 3), (10, 10), (12, 0)])
def test_contest_odds_mirror_and_sum_to_one(first, second):
    odds, mirror = contest_odds(first, second), contest_odds(second, first)
    assert (odds.p_first, odds.p_second, odds.p_tie) == (
        mirror.p_second,
        mirror.p_first,
        mirror.p_tie,
    )
    assert odds.first_victories == mirror.second_victories
    total = odds.p_tie + sum(odds.first_victories) + sum(odds.second_victories)
    assert math.isclose(total, 1.0)
    assert math.isclose(odds.p_first, sum(odds.first_victories))
    if first != second:
        assert odds.p_tie == 0.0  # the sides cannot pair off completely


def test_a_contest_and_its_mirror_are_counted_once(monkeypatch):
    counted = []
    real = odds_module._contest_counts
    monkeypatch.setattr(
        odds_module, "_contest_counts", lambda a, b: counted.append((a, b)) or real(a, b)
    )
    contest_odds.cache_clear()
    # Pools past those counted ahead (`arena.rules.contest_counts`): counted here.
    odds, mirror = contest_odds(2, 15), contest_odds(15, 2)
    assert counted == [(15, 2)]
    assert (odds.first, odds.second) == (2, 15)
    assert (odds.p_first, odds.p_second, odds.p_tie) == (mirror.p_second, mirror.p_first, 0.0)
    assert (odds.first_victories, odds.second_victories) == (
        mirror.second_victories,
        mirror.first_victories,
    )
    contest_odds.cache_clear()


def test_ten_against_ten_is_fast():
    # Counted, not read from the counts made ahead.
    start = time.perf_counter()
    odds_module._contest_counts(10, 10)
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(
    ("odds", "text"),
    [
        # a plain roll names its botch chance
        (storyteller_odds(3, 6), "success 74.0%, botch 6.1%, expected 1.29"),
        # a damage roll never botches, so it says nothing of it
        (open_odds(1), "success 50.0%, expected 0.56"),
    ],
)
def test_describe_storyteller(odds, text):
    assert describe_storyteller(odds) == text


def test_describe_contest():
    assert describe_contest(contest_odds(0, 0)) == (
        "first wins 0.0%, second wins 0.0%, complete tie 100.0%"
    )
    assert describe_contest(contest_odds(2, 1)) == (
        "first wins 71.5%, second wins 28.5%, complete tie 0.0%"
    )
