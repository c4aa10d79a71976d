"""Exact odds when 10s do more: counted twice, or rerolled, checked against brute force."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest

from arena.rules.odds import REROLL_DEPTH, open_odds, storyteller_odds

TENTH = Fraction(1, 10)


def chain(target: int, depth: int = REROLL_DEPTH) -> dict[int, Fraction]:
    """Successes of the die a 10 adds and of its own 10s' dice; `depth` dice at most."""
    if depth == 0:
        return {0: Fraction(1)}
    out: dict[int, Fraction] = defaultdict(Fraction)
    for face in range(1, 10):
        out[int(face >= target)] += TENTH
    for more, p in chain(target, depth - 1).items():
        out[1 + more] += TENTH * p
    return out


def brute_action(pool: int, difficulty: int, tens: str, automatic: int = 0) -> dict[str, object]:
    """Every face of the pool enumerated; a 10's added dice follow `chain`."""
    target, required = min(10, difficulty), max(0, difficulty - 10)
    net: dict[int, Fraction] = defaultdict(Fraction)
    botch = Fraction(0)
    for faces in itertools.product(range(1, 11), repeat=pool):
        p = TENTH**pool
        successes = sum(f >= target for f in faces)
        ones = faces.count(1)
        extras: dict[int, Fraction] = {0: Fraction(1)}
        for _ in range(faces.count(10)):
            if tens == "double":
                step = {1: Fraction(1)}
            elif tens == "reroll":
                step = chain(target)
            else:
                step = {0: Fraction(1)}
            merged: dict[int, Fraction] = defaultdict(Fraction)
            for a, pa in extras.items():
                for b, pb in step.items():
                    merged[a + b] += pa * pb
            extras = merged
        for more, pm in extras.items():
            value = max(0, successes - min(ones, successes) + more - required + automatic)
            net[value] += p * pm
        if ones and not successes and not automatic:
            botch += p
    return {"net": dict(net), "botch": botch}


def brute_open(pool: int, difficulty: int, tens: str) -> dict[int, Fraction]:
    """A damage or soak roll: successes only, a 10 per `tens`."""
    target = min(10, difficulty)
    die: dict[int, Fraction] = defaultdict(Fraction)
    for face in range(1, 10):
        die[int(face >= target)] += TENTH
    if tens == "reroll":
        for more, p in chain(target).items():
            die[1 + more] += TENTH * p
    else:
        die[2 if tens == "double" else 1] += TENTH
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(pool):
        merged: dict[int, Fraction] = defaultdict(Fraction)
        for a, pa in total.items():
            for b, pb in die.items():
                merged[a + b] += pa * pb
        total = merged
    return total


def as_floats(dist: dict[int, Fraction]) -> list[float]:
    top = max(k for k, p in dist.items() if p)
    return [float(dist.get(k, 0)) for k in range(top + 1)]


@pytest.mark.parametrize("tens", ["off", "double", "reroll"])
@pytest.mark.parametrize(
    ("pool", "difficulty", "automatic"),
    [
        (1, 6, 0),  # one die: every face by hand
        (2, 6, 0),  # two dice: a 1 cancels one of the pool's successes only
        (3, 8, 0),  # hard: most of the pool fails
        (3, 6, 1),  # Willpower: no botch
        (2, 12, 0),  # above 10: two successes required at 10
        (4, 2, 0),  # every face but a 1 succeeds: no blank face
        (4, 10, 0),  # only a 10 succeeds: no plain success
    ],
)
def test_action_roll_odds_match_brute_force(
    pool: int, difficulty: int, automatic: int, tens: str
) -> None:
    odds = storyteller_odds(pool, difficulty, automatic=automatic, tens=tens)  # type: ignore[arg-type]
    brute = brute_action(pool, difficulty, tens, automatic)
    net = brute["net"]
    assert isinstance(net, dict)
    assert odds.exactly == pytest.approx(as_floats(net), abs=1e-15)
    assert odds.p_botch == pytest.approx(float(brute["botch"]), abs=1e-15)  # type: ignore[arg-type]
    assert odds.tens == tens


@pytest.mark.parametrize("tens", ["off", "double", "reroll"])
@pytest.mark.parametrize(("pool", "difficulty"), [(1, 6), (3, 6), (4, 7)])
def test_open_roll_odds_match_brute_force(pool: int, difficulty: int, tens: str) -> None:
    odds = open_odds(pool, difficulty, tens=tens)  # type: ignore[arg-type]
    assert odds.exactly == pytest.approx(as_floats(brute_open(pool, difficulty, tens)), abs=1e-15)
    assert odds.p_botch == 0.0


def test_one_die_with_a_specialty_by_hand() -> None:
    # Double: 6-9 one success (0.4), 10 two (0.1), 1 a botch (0.1), 2-5 nothing (0.4).
    double = storyteller_odds(1, 6, tens="double")
    assert double.exactly == pytest.approx((0.5, 0.4, 0.1))
    assert double.p_botch == pytest.approx(0.1)
    assert double.expected == pytest.approx(0.6)
    # Reroll: a 10 adds a die worth 5/9 successes on average (up to 10**-7): 0.4 + 0.1 * 14/9.
    reroll = storyteller_odds(1, 6, tens="reroll")
    assert reroll.expected == pytest.approx(0.4 + 0.1 * 14 / 9, abs=1e-7)
    assert reroll.p_success == pytest.approx(0.5)
    # Off: exactly the plain roll.
    assert storyteller_odds(1, 6, tens="off").exactly == storyteller_odds(1, 6).exactly


def test_plain_damage_is_a_count_of_successes() -> None:
    # Two dice at 6, no rerolls: 0, 1 or 2 successes with 1/4, 1/2, 1/4.
    plain = open_odds(2, 6, tens="off")
    assert plain.exactly == pytest.approx((0.25, 0.5, 0.25))
    assert plain.expected == pytest.approx(1.0)
    # The seed's rerolled 10s add a tenth of a die's worth per die: 2 * (0.5 + 0.1 * 5/9).
    assert open_odds(2, 6).expected == pytest.approx(2 * (0.5 + 0.1 * 5 / 9), abs=1e-6)
