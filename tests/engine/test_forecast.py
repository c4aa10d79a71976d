"""Continuations: a copied moment plays exactly as the moment replayed with the same dice."""

from __future__ import annotations

import random

import pytest

from arena.content.loader import Catalog
from arena.ecs.world import world_count
from arena.engine import Controllers, Fight
from arena.engine.forecast import (
    branch,
    by_round,
    chance,
    choice_winners_at,
    derive,
    forecast,
    moment_of,
    play_out,
    ranked,
    round_winners_at,
    split,
    stand_ins,
    winners_at,
)
from arena.rules.proportion import wilson
from arena.sim.plan import batch_scenario


def moment(catalog: Catalog, name: str, commands: int) -> Fight:
    fight = Fight(batch_scenario(catalog.scenarios[name]), catalog, seed=4, hashes=False)
    Controllers(fight, watch=True, reasons=False).run(stop_after=commands)
    return fight


@pytest.mark.parametrize(
    ("name", "commands"),
    [("werewolf-thugs", 3), ("werewolf-duel", 7), ("sorcerer-vs-thugs", 5), ("sorcerer-duel", 2)],
)
def test_a_copy_plays_as_the_replayed_moment_with_its_dice(
    catalog: Catalog, name: str, commands: int
) -> None:
    fight = moment(catalog, name, commands)
    scenario = stand_ins(fight)
    for index in range(6):
        seed = derive(11, index)
        copied = play_out(branch(fight, seed, scenario))
        replayed = Fight(scenario, catalog, seed=4, hashes=False)
        replayed.start()
        for command in fight.commands:
            replayed.apply(command)
        replayed.dice = replayed._ctx.dice = random.Random(seed)
        replayed.seed = seed
        play_out(replayed)
        assert copied.commands == replayed.commands
        assert copied.view() == replayed.view()
    assert not fight.over  # the moment itself never moves
    fight.close()


@pytest.mark.parametrize(("name", "commands"), [("werewolf-thugs", 3), ("sorcerer-vs-thugs", 5)])
def test_the_moment_plays_on_as_before_once_its_copies_have_played(
    catalog: Catalog, name: str, commands: int
) -> None:
    # Copies share the moment's lookups of what is fixed and fill them as they play.
    fight, untouched = moment(catalog, name, commands), moment(catalog, name, commands)
    scenario = stand_ins(fight)
    for index in range(4):
        play_out(branch(fight, derive(3, index), scenario))
    for played in (fight, untouched):
        Controllers(played, watch=True, reasons=False).run()
    assert fight.commands == untouched.commands
    assert fight.view() == untouched.view()


def test_copies_leave_no_worlds_behind(catalog: Catalog) -> None:
    fight = moment(catalog, "werewolf-duel", 3)
    before = world_count()
    forecast(fight, "north", continuations=5)
    assert world_count() == before
    fight.close()


def test_a_finished_fight_forecasts_its_winner(catalog: Catalog) -> None:
    fight = moment(catalog, "werewolf-duel", 10_000)
    assert fight.over
    winner = fight.view().winner
    assert winner is not None
    got = forecast(fight, winner, continuations=20)
    assert (got.wins, got.share) == (20, 1.0)


def test_chance_and_its_interval() -> None:
    got = chance("a", ["a", "b", None, "a"])
    assert (got.wins, got.fights, got.share) == (2, 4, 0.5)
    assert got.low < 0.5 < got.high
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)
    assert wilson(50, 50).high == 1.0


def test_a_won_position_is_a_certain_win_from_its_moment_too(catalog: Catalog) -> None:
    fight = moment(catalog, "sorcerer-duel", 10_000)
    winner = fight.view().winner
    assert fight.over
    assert winner is not None
    loser = next(c.side for c in fight.view().combatants if c.side != winner)
    won = chance(winner, winners_at(moment_of(fight, winner), range(30)))
    lost = chance(loser, winners_at(moment_of(fight, loser), range(30)))
    assert (won.wins, won.fights, won.share, won.high) == (30, 30, 1.0, 1.0)
    assert (lost.wins, lost.share, lost.low) == (0, 0.0, 0.0)
    fight.close()


def test_each_round_is_forecast_from_its_start_then_the_end(catalog: Catalog) -> None:
    fight = moment(catalog, "werewolf-duel", 10_000)
    winner = fight.view().winner
    assert fight.over
    assert winner is not None
    points = by_round(winner, [round_winners_at(moment_of(fight, winner), range(8))])
    assert [r for r, _ in points] == [*range(1, fight.round + 1), 0]
    assert all(c.fights == 8 for _, c in points[:-1])
    assert points[-1][1].share == 1.0
    assert points == by_round(winner, [round_winners_at(moment_of(fight, winner), range(8))])
    fight.close()


def test_continuations_split_in_parts_give_the_figures_of_one_run(catalog: Catalog) -> None:
    # Each continuation's dice come from its number, so workers may share a forecast.
    fight = moment(catalog, "werewolf-duel", 3)
    side = fight.view().combatants[0].side
    (decision,) = fight.pending()
    asked = moment_of(fight, side, continuations=9)
    parts = split(9, 2)
    assert parts == (range(4), range(4, 9))
    whole = chance(side, winners_at(asked, range(9)))
    assert chance(side, [w for p in parts for w in winners_at(asked, p)]) == whole
    assert 0 < whole.wins < 9  # the parts decide something
    each = [choice_winners_at(asked, p, decision.actor) for p in parts]
    assert ranked(side, each) == ranked(side, [choice_winners_at(asked, range(9), decision.actor)])
    by_part = [round_winners_at(asked, p) for p in parts]
    assert by_round(side, by_part) == by_round(side, [round_winners_at(asked, range(9))])
    assert split(1, 2) == (range(1),)
    fight.close()


def test_a_forecast_as_seen_leaves_out_the_other_side_s_secret_intentions(
    catalog: Catalog,
) -> None:
    # Two fights alike but for what the first thug stated in secret: a forecast for Vic's
    # side must be the same for both, or it would give the hidden intention away.
    stated = []
    for pick in (0, -1):
        fight = Fight(batch_scenario(catalog.scenarios["sorcerer-vs-thugs"]), catalog, seed=4)
        fight.start()
        thug = next(d for d in fight.pending() if d.secret and d.actor == "bruiser")
        fight.apply(thug.choices[pick].command)
        assert fight.unrevealed() == range(1)  # hidden until everyone has stated
        stated.append(fight)
    hidden, other = stated
    assert hidden.commands != other.commands
    seen = [moment_of(f, "vic", 10, as_seen=True).commands for f in stated]
    assert seen[0] == seen[1] == ()
    assert moment_of(hidden, "thugs", 10, as_seen=True).commands == tuple(hidden.commands)
    assert moment_of(hidden, "vic", 10).commands == tuple(hidden.commands)  # a save's moment
    # Once every intention is stated they are revealed, and every forecast has them.
    Controllers(hidden, watch=True, reasons=False).run(stop_after=len(hidden.pending()) + 1)
    assert not hidden.unrevealed()
    assert moment_of(hidden, "vic", 10, as_seen=True).commands == tuple(hidden.commands)


def test_intentions_stated_in_a_round_now_over_are_no_longer_hidden(catalog: Catalog) -> None:
    # In the street gang's first round everyone moves, so no decision comes between the
    # round's intentions and the next round's: those were revealed all the same, and a
    # forecast as one side sees the new round must keep what the other side stated before.
    fight = Fight(catalog.scenarios["sorcerer-ai-street"], catalog, seed=0, rigged=())
    controllers = Controllers(fight, watch=True, reasons=False)
    fight.start()
    while fight.round == 1:
        controllers.step()
    pending = fight.pending()
    assert len(pending) == len(fight.scenario.combatants)
    assert all(d.secret for d in pending)
    assert not fight.unrevealed()
    for side in {c.side for c in fight.scenario.combatants}:
        seen = moment_of(fight, side, 2, as_seen=True)
        assert seen.commands == tuple(fight.commands)
        assert len(winners_at(seen, range(2))) == 2
    fight.close()
