"""A stream seeded on first draw gives exactly the stream seeded at once."""

from __future__ import annotations

import random

import pytest

from arena.engine.later import SeededLater


def draws(rng: random.Random) -> list[object]:
    deck = list(range(20))
    rng.shuffle(deck)
    return [
        rng.randrange(10),
        rng.random(),
        rng.choice("abcdef"),
        rng.sample(range(100), 5),
        rng.gauss(0, 1),
        deck,
        rng.getrandbits(70),
        rng.uniform(1, 2),
    ]


@pytest.mark.parametrize("seed", ["7/ai/3", 12345])
def test_seeded_later_draws_what_random_seeded_at_once_draws(seed: int | str) -> None:
    assert draws(SeededLater(seed)) == draws(random.Random(seed))


def test_seeded_later_state_is_the_seeded_state() -> None:
    assert SeededLater("x").getstate() == random.Random("x").getstate()


def test_seeding_again_wins_over_the_first_seed() -> None:
    rng = SeededLater("first")
    rng.seed("second")
    assert rng.random() == random.Random("second").random()


def test_an_armed_stream_draws_what_a_new_one_seeded_with_its_seed_draws() -> None:
    rng = SeededLater("first")
    first = draws(rng)  # seeded and drawn from
    rng.arm("second")
    assert draws(rng) == draws(random.Random("second"))
    rng.arm("first")
    assert draws(rng) == first


def test_an_armed_stream_not_drawn_from_takes_the_latest_seed() -> None:
    rng = SeededLater("first")
    rng.arm("second")
    rng.arm("third")
    assert rng.getstate() == random.Random("third").getstate()


def test_an_answers_stream_is_seeded_from_the_fights_seed_and_the_answers_number() -> None:
    """``SeededLater(seed, answer)`` draws what ``Random("{seed}/ai/{answer}")`` draws, armed or
    new; its seed is written out only when first drawn from."""
    assert draws(SeededLater(7, 3)) == draws(random.Random("7/ai/3"))
    rng = SeededLater(0)
    rng.arm(123456789012, 40)
    assert rng._later == (123456789012, 40)  # not written out yet
    assert draws(rng) == draws(random.Random("123456789012/ai/40"))
    rng.arm(7, 3)
    assert draws(rng) == draws(random.Random("7/ai/3"))
    assert draws(SeededLater("7/ai/3")) == draws(random.Random("7/ai/3"))
