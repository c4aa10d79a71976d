"""The d10 rolls: Sorcerer contests, Storyteller scoring, open rolls and rigged dice."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arena.rules.dice import (
    Contest,
    DiceExhausted,
    RiggedDice,
    StorytellerRoll,
    d10s,
    resolve_contest,
    roll_contest,
    roll_open,
    roll_storyteller,
    roll_tens,
    score_open,
    score_storyteller,
)
from arena.rules.odds import contest_odds, storyteller_odds

faces = st.lists(st.integers(min_value=1, max_value=10), max_size=12)


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        # sorcerer.md §2: every die of the first side beats the second side's best 2
        (
            (6, 6, 5, 4, 3, 3, 3, 3),
            (2, 1),
            Contest((6, 6, 5, 4, 3, 3, 3, 3), (2, 1), (), "first", 8),
        ),
        # sorcerer.md §2: 8 and 7 beat the best 5 of a big pool
        (
            (8, 7),
            (5, 5, 4, 4, 4, 3, 3, 2, 1, 1),
            Contest((8, 7), (5, 5, 4, 4, 4, 3, 3, 2, 1, 1), (), "first", 2),
        ),
        # sorcerer.md §2: one pair of 10s set aside, then 10 beats 5 and 3 does not
        ((10, 10, 3), (10, 5), Contest((10, 10, 3), (10, 5), (10,), "first", 1)),
        # sorcerer.md §2: the 6s set aside; the first side has no dice left, so 3 beats 0
        ((6,), (6, 3), Contest((6,), (6, 3), (6,), "second", 1)),
        # faces in any order are sorted high to low first
        ((3, 9, 7), (6, 2), Contest((9, 7, 3), (6, 2), (), "first", 2)),
        # the style guide's defence win: 8 beats the attacker's best 5, 1 does not
        ((5, 4), (8, 1), Contest((5, 4), (8, 1), (), "second", 1)),
        # two pairs set aside before 4 meets 2
        ((9, 9, 4, 1), (9, 9, 2), Contest((9, 9, 4, 1), (9, 9, 2), (9, 9), "first", 1)),
        # a side with no dice at all loses to any die
        ((1,), (), Contest((1,), (), (), "first", 1)),
    ],
)
def test_resolve_contest(first, second, expected):
    assert resolve_contest(first, second) == expected


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ((), ()),  # no dice on either side
        ((7,), (7,)),  # one pair, set aside
        ((5, 3), (3, 5)),  # every die pairs off whatever the rolling order
        ((10, 10, 1), (1, 10, 10)),  # ties all the way down to the 1s
    ],
)
def test_complete_tie(first, second):
    contest = resolve_contest(first, second)
    assert contest.winner is None
    assert contest.complete_tie
    assert contest.victories == 0
    assert contest.set_aside == tuple(sorted(first, reverse=True))


def test_roll_contest_rolls_the_first_side_first():
    # the rigged faces go to the first side's 3 dice, then to the second side's 2
    contest = roll_contest(RiggedDice([10, 10, 3, 10, 5]), 3, 2)
    assert contest == Contest((10, 10, 3), (10, 5), (10,), "first", 1)


@pytest.mark.parametrize(
    ("faces", "difficulty", "automatic", "expected"),
    [
        # (successes, ones, cancelled, required, net, botch)
        ((6, 7, 1), 6, 0, (2, 1, 1, 0, 1, False)),  # the 1 cancels one of two successes
        ((1, 1, 6), 6, 0, (1, 2, 1, 0, 0, False)),  # a success was rolled: a failure, no botch
        ((1, 2, 5), 6, 0, (0, 1, 0, 0, 0, True)),  # a 1 and no success: botch
        ((2, 3, 5), 6, 0, (0, 0, 0, 0, 0, False)),  # no success and no 1: plain failure
        ((10, 10, 10), 12, 0, (3, 0, 0, 2, 1, False)),  # 12 counts as 10 and needs 2 more
        ((10,), 11, 0, (1, 0, 0, 1, 0, False)),  # 11: the single success pays the extra one
        ((2, 1), 1, 0, (1, 1, 1, 0, 0, False)),  # difficulty below 2 counts as 2
        ((1, 3), 6, 1, (0, 1, 0, 0, 1, False)),  # Willpower: one success, and no botch
        ((8, 1, 1), 6, 1, (1, 2, 1, 0, 1, False)),  # 1s never cancel the automatic success
        ((), 6, 0, (0, 0, 0, 0, 0, False)),  # no dice: nothing, not a botch
    ],
)
def test_score_storyteller(faces, difficulty, automatic, expected):
    roll = score_storyteller(faces, difficulty, automatic=automatic)
    got = (roll.successes, roll.ones, roll.cancelled, roll.required, roll.net, roll.botch)
    assert got == expected
    assert roll.pool == len(faces)
    assert not roll.open_ended


def test_roll_storyteller_uses_the_dice():
    # four rigged faces for four dice: 8 and 6 succeed, the 1 cancels one of them
    roll = roll_storyteller(RiggedDice([8, 1, 6, 4]), 4, 6)
    assert (roll.faces, roll.net, roll.botch) == ((8, 1, 6, 4), 1, False)


def test_roll_open_rerolls_every_ten():
    # pool 2: 10 adds a die, 3 misses; the extra die is a 10 again, then 6; the 1 is left over
    dice = RiggedDice([10, 3, 10, 6, 1])
    roll = roll_open(dice, 2)
    assert roll.faces == (10, 3, 10, 6)
    assert (roll.pool, roll.rerolls, roll.successes, roll.net) == (2, 2, 3, 3)
    assert roll.open_ended
    assert dice.remaining == 1


@pytest.mark.parametrize(
    ("faces", "pool", "difficulty", "net"),
    [
        ((6, 1, 1), 3, 6, 1),  # 1s do not cancel on damage and soak
        ((1, 1), 2, 6, 0),  # only 1s: no success, and still no botch
        ((10, 10, 2), 1, 12, 0),  # above 10 the extra successes are still needed
    ],
)
def test_score_open_never_cancels_or_botches(faces, pool, difficulty, net):
    roll = score_open(faces, pool, difficulty)
    assert (roll.net, roll.botch, roll.cancelled) == (net, False, 0)


def test_scored_rolls_put_every_number_in_its_own_field():
    # The scorers fill a roll by position: each number must land in the field it names.
    assert score_storyteller((8, 1, 6, 4), 7, automatic=1) == StorytellerRoll(
        pool=4,
        difficulty=7,
        faces=(8, 1, 6, 4),
        rerolls=0,
        successes=1,
        ones=1,
        cancelled=1,
        required=0,
        automatic=1,
        net=1,
        botch=False,
        open_ended=False,
    )
    assert score_open([10, 3, 10, 6, 1], 3, 11) == StorytellerRoll(
        pool=3,
        difficulty=11,
        faces=(10, 3, 10, 6, 1),
        rerolls=2,
        successes=2,
        ones=1,
        cancelled=0,
        required=1,
        automatic=0,
        net=1,
        botch=False,
        open_ended=True,
    )


def test_rigged_dice_deal_in_order_then_hand_over():
    # three scripted faces, then exactly what the seeded generator would have given
    dice = RiggedDice([3, 10, 1], then=random.Random(7))
    expected_rest = random.Random(7)
    dealt = [dice.randint(1, 10) for _ in range(6)]
    assert dealt[:3] == [3, 10, 1]
    assert dealt[3:] == [expected_rest.randint(1, 10) for _ in range(3)]
    assert (dice.dealt, dice.remaining) == (3, 0)


def test_rigged_dice_without_a_generator_run_out():
    dice = RiggedDice([4])
    assert dice.randint(1, 10) == 4
    with pytest.raises(DiceExhausted):
        dice.randint(1, 10)


@pytest.mark.parametrize(
    "bad",
    [
        0,  # below a d10
        11,  # above a d10
        True,  # a bool is an int to Python, never a face
        3.0,  # a float, even a whole one
    ],
)
def test_rigged_dice_reject_bad_faces(bad):
    with pytest.raises(ValueError, match="d10 faces"):
        RiggedDice([5, bad])


def test_rigged_face_outside_the_asked_range():
    # a 7 cannot come out of a d6
    with pytest.raises(ValueError, match="outside 1-6"):
        RiggedDice([7]).randint(1, 6)


@given(faces, faces)
def test_victories_never_exceed_the_winners_dice(first, second):
    contest = resolve_contest(first, second)
    if contest.winner is None:
        assert contest.victories == 0
    else:
        pool = len(first) if contest.winner == "first" else len(second)
        assert 1 <= contest.victories <= pool - len(contest.set_aside)


@given(faces, faces)
def test_swapping_sides_mirrors_the_contest(first, second):
    one, other = resolve_contest(first, second), resolve_contest(second, first)
    mirror = {"first": "second", "second": "first", None: None}
    assert other.winner == mirror[one.winner]
    assert other.victories == one.victories
    assert other.set_aside == one.set_aside


@given(st.integers(min_value=0, max_value=15), st.integers(min_value=2, max_value=12), st.randoms())
def test_net_successes_never_exceed_the_dice(pool, difficulty, rng):
    plain = roll_storyteller(rng, pool, difficulty)
    assert 0 <= plain.net <= pool
    damage = roll_open(rng, pool, difficulty)
    assert len(damage.faces) == pool + damage.rerolls
    assert 0 <= damage.net <= pool + damage.rerolls


def _chi_square(observed: Counter[int], probabilities: dict[int, float], trials: int) -> float:
    """Pearson's statistic; outcomes expected fewer than 5 times are pooled together."""
    pooled_observed = pooled_expected = 0.0
    statistic = 0.0
    for outcome, p in probabilities.items():
        expected = p * trials
        if expected < 5:
            pooled_observed += observed[outcome]
            pooled_expected += expected
        else:
            statistic += (observed[outcome] - expected) ** 2 / expected
    if pooled_expected:
        statistic += (pooled_observed - pooled_expected) ** 2 / pooled_expected
    assert sum(observed.values()) == trials
    assert set(observed) <= set(probabilities)  # never an outcome the odds call impossible
    return statistic


# With at most 8 degrees of freedom, a statistic above 45 has a chance under 1e-6 for correct
# odds; the mistakes this catches (1s not cancelling, ties broken the wrong way) give hundreds.
CHI_SQUARE_LIMIT = 45.0
TRIALS = 20_000


def test_seeded_storyteller_rolls_agree_with_the_exact_odds():
    rng = random.Random(20240601)
    odds = storyteller_odds(5, 6)
    observed: Counter[int] = Counter()
    for _ in range(TRIALS):
        roll = roll_storyteller(rng, 5, 6)
        observed[-1 if roll.botch else roll.net] += 1  # -1 stands for a botch
    probabilities = {-1: odds.p_botch, 0: odds.p_failure}
    probabilities |= {k: p for k, p in enumerate(odds.exactly) if k}
    assert math.isclose(sum(probabilities.values()), 1.0)
    assert _chi_square(observed, probabilities, TRIALS) < CHI_SQUARE_LIMIT


def test_seeded_contests_agree_with_the_exact_odds():
    rng = random.Random(20240602)
    odds = contest_odds(3, 3)
    observed: Counter[int] = Counter()
    for _ in range(TRIALS):
        contest = roll_contest(rng, 3, 3)
        sign = {"first": 1, "second": -1, None: 0}[contest.winner]
        observed[sign * contest.victories] += 1
    probabilities = {0: odds.p_tie}
    probabilities |= {v: p for v, p in enumerate(odds.first_victories) if v}
    probabilities |= {-v: p for v, p in enumerate(odds.second_victories) if v}
    assert math.isclose(sum(probabilities.values()), 1.0)
    assert _chi_square(observed, probabilities, TRIALS) < CHI_SQUARE_LIMIT


class _OneAtATime:
    """A plain generator's faces, dealt only through randint (the way every die was drawn)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def randint(self, a: int, b: int, /) -> int:
        return self.rng.randint(a, b)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 7, 42, 2**63 + 5])
def test_d10s_deal_the_faces_randint_deals(seed: int) -> None:
    """A seeded generator's dice, drawn in batches, are the faces randint(1, 10) gives."""
    fast, slow = random.Random(seed), random.Random(seed)
    for count in [0, -2, 1, 3, 10, 1, 7, 25, 2]:
        assert d10s(fast, count) == [slow.randint(1, 10) for _ in range(count)]
    # And the generator is left in the same place: the next draw of any kind agrees.
    assert fast.random() == slow.random()


@pytest.mark.parametrize("seed", [1, 5, 11])
def test_open_and_tens_rolls_deal_the_same_dice_as_one_at_a_time(seed: int) -> None:
    """Open-ended and specialty rolls draw their rerolled 10s in batches, in the same order."""
    for pool in [0, 1, 4, 9, 15]:
        fast, slow = random.Random(seed), _OneAtATime(seed)
        for _ in range(30):
            assert roll_open(fast, pool, 6) == roll_open(slow, pool, 6)
            assert roll_open(fast, pool, 6, reroll_tens=False) == roll_open(
                slow, pool, 6, reroll_tens=False
            )
            for tens in ("off", "double", "reroll"):
                assert roll_tens(fast, pool, 7, tens=tens) == roll_tens(slow, pool, 7, tens=tens)
        assert fast.random() == slow.rng.random()
