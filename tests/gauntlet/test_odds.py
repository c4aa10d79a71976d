"""An offer's chance to win: the run's next fight played out by the AI, alike in every process."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pytest

from arena.content.loader import Catalog
from arena.engine.forecast import split
from arena.gauntlet import Carried, GauntletError, RunState, new_run, offer
from arena.gauntlet.odds import (
    odds_of,
    odds_seed,
    odds_words,
    offer_odds,
    play_offer,
    play_offer_at,
)

FIGHTS = 20


@pytest.fixture
def ahroun(catalog: Catalog) -> RunState:
    """Seed 1: a fresh Ahroun offered a thug, two fomori and a street-corner gang."""
    state = new_run(catalog, "werewolf", 1)
    assert [o.id for o in offer(state, catalog)] == ["lone-thug", "fomor-pair", "street-corner"]
    return state


@pytest.fixture
def vic(catalog: Catalog) -> RunState:
    """Seed 1: a fresh Vic offered a bruiser, a hungering demon and a pipe and a blade."""
    state = new_run(catalog, "sorcerer", 1)
    assert [o.id for o in offer(state, catalog)] == ["lone-bruiser", "hungering", "pipe-and-blade"]
    return state


def test_each_offer_has_its_own_seed_from_the_run_the_fight_and_its_place(
    ahroun: RunState,
) -> None:
    assert odds_seed(ahroun, 0) == 8264553933487151696  # SHA-256 of "1/odds/0/0"
    assert odds_seed(ahroun, 2) == 8404738314568840435
    assert odds_seed(replace(ahroun, seed=2), 0) != odds_seed(ahroun, 0)


def test_the_same_run_state_gives_the_same_figure(catalog: Catalog, ahroun: RunState) -> None:
    first = offer_odds(ahroun, catalog, 1, FIGHTS)
    assert (first.wins, first.fights) == (19, FIGHTS)  # two fomori: one continuation lost
    assert offer_odds(ahroun, catalog, 1, FIGHTS) == first
    assert odds_words(first) == "win ≈ 95% of 20"


def test_a_worker_process_gives_the_same_figure_as_this_one(
    catalog: Catalog, vic: RunState
) -> None:
    here = play_offer(vic, catalog, 2, range(8))
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(play_offer_at, vic, catalog.digest, 2, tuple(range(8))).result()
    assert there == here


def test_parts_played_apart_add_up_to_the_whole(catalog: Catalog, vic: RunState) -> None:
    parts = [play_offer(vic, catalog, 1, part) for part in split(FIGHTS, 2)]
    assert odds_of(reversed(parts)) == offer_odds(vic, catalog, 1, FIGHTS)


@pytest.mark.parametrize(
    ("offered", "carried", "fresh_wins", "hurt_wins"),
    [
        # two fomori: 5 aggravated levels carried cost the Ahroun 8 of 20
        (1, Carried(aggravated=5), 19, 11),
        # 6 of 7 health levels gone: the Ahroun cannot win even against one thug
        (0, Carried(aggravated=6), 20, 0),
    ],
)
def test_a_crippled_ahroun_scores_lower_than_a_fresh_one(
    catalog: Catalog,
    ahroun: RunState,
    offered: int,
    carried: Carried,
    fresh_wins: int,
    hurt_wins: int,
) -> None:
    fresh = offer_odds(ahroun, catalog, offered, FIGHTS)
    hurt = offer_odds(replace(ahroun, carried=carried), catalog, offered, FIGHTS)
    assert (fresh.wins, hurt.wins) == (fresh_wins, hurt_wins)


def test_lasting_damage_makes_a_sorcerers_fight_a_worse_bet(
    catalog: Catalog, vic: RunState
) -> None:
    fresh = offer_odds(vic, catalog, 2, FIGHTS)
    hurt = offer_odds(replace(vic, carried=Carried(lasting=8)), catalog, 2, FIGHTS)
    assert (fresh.wins, hurt.wins) == (15, 8)  # a penalty of 8 on every roll halves it


def test_no_such_offer(catalog: Catalog, ahroun: RunState) -> None:
    with pytest.raises(GauntletError, match="offer 4: this fight offers 3"):
        offer_odds(ahroun, catalog, 3, FIGHTS)


@pytest.mark.parametrize(
    ("fights", "parts", "expected"),
    [
        (5, 2, ((0, 1), (2, 3, 4))),  # the second part takes the odd one
        (4, 1, ((0, 1, 2, 3),)),  # one worker: one part
        (1, 2, ((0,),)),  # never an empty part
    ],
)
def test_split(fights: int, parts: int, expected: tuple[tuple[int, ...], ...]) -> None:
    assert tuple(tuple(part) for part in split(fights, parts)) == expected
