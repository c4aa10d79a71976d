"""The coach: each choice's chance to win on the same dice, ranked, with the gap and its noise."""

from __future__ import annotations

import dataclasses
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

import pytest

from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import INLINE_MAP, CombatantDef, ScenarioDef
from arena.engine import Controllers, Fight
from arena.engine import forecast as forecast_module
from arena.engine.anytime import chunks, done, settled, stream
from arena.engine.coach import coach, costliest, paired, rank
from arena.engine.copies import moment_of
from arena.engine.decisions import answered
from arena.engine.forecast import Chance, chance, winners_at, winners_here
from arena.sim.batch import start_method


@dataclasses.dataclass
class _Ended:
    winner: str | None

    def view(self) -> _Ended:
        return self


def _context() -> Any:
    """Worker processes as a batch starts them: forked where that is safe (quick), else spawned."""
    return multiprocessing.get_context(start_method())


def _w20(catalog: Catalog, commands: int) -> Fight:
    """The 20th-anniversary Werewolf fight (a script against the AI) after some commands."""
    fight = Fight(catalog.scenarios["werewolf-w20"], catalog)
    Controllers(fight, watch=True).run(stop_after=commands)
    return fight


def test_the_coach_ranks_first_a_choice_that_surely_wins(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = _w20(catalog, 0)
    fight.start()
    decision = fight.pending()[0]
    side = fight.view().combatant(decision.actor).side
    sure = decision.choices[-1]  # the menu's last: ranked first only if the coach ranks

    def rigged(twin: Fight) -> _Ended:
        # The position is rigged: the sure choice always wins; the others win on the dice of
        # their continuation alone (the same for every choice), half the time.
        won = twin.commands[-1] == sure.command or twin.seed % 2 == 0
        twin.close()
        return _Ended(side if won else "someone else")

    monkeypatch.setattr(forecast_module, "play_out", rigged)
    got = coach(fight, decision, continuations=40)
    fight.close()
    first, *rest = got.choices
    assert first.key == sure.key
    assert (first.wins, first.fights, first.share, first.gap, first.noise) == (40, 40, 1.0, 0, 0)
    assert not first.clear
    for other in rest:
        # Every other choice met the same dice, so all are alike: the gap is the same for
        # each, and larger than its noise (the paired standard error).
        assert other.share == rest[0].share < 1
        assert other.gap == pytest.approx(1 - other.share)
        assert other.noise > 0
        assert other.clear
    # The same dice for every choice: two choices that play alike have no gap and no noise.
    assert rest[0].gap - rest[1].gap == 0
    assert paired([True, False, True], [True, False, True]) == (0.0, 0.0)


def _thug_at_the_exit(catalog: Catalog) -> Fight:
    """Tom, without Rage, ten cells from a thug of Willpower 3 who has just reached the exit.

    Turn 2 of 2: Tom acts on segment 3, the thug after him on 1.
    """
    scenario = ScenarioDef(
        name="thug at the exit",
        ruleset="werewolf",
        combatants=(
            CombatantDef("tom", "tom", "garou", 1, "human", overrides={"rage": 0}),
            CombatantDef("thug", "thug", "thugs", 2, "human", overrides={"willpower": 3}),
        ),
        map=INLINE_MAP,
        inline_map=MapDef("Alley", ("##############", "#1.........2>#", "##############")),
        max_rounds=2,
        # Initiative: Tom 4 dice, the thug 2, on each turn (Tom first).
        rigged=(8, 8, 8, 8, 2, 2) * 2,
        when_rigged_runs_out="random",
    )
    fight = Fight(scenario, catalog, seed=1)
    fight.start()
    for actor, key in [("tom", "wait"), ("thug", "move:12,1")]:
        asked = next(d for d in fight.pending() if d.actor == actor)
        fight.apply(asked.choice(key).command)  # type: ignore[union-attr]
    return fight


def test_the_coach_ranks_first_the_shift_to_crinos_that_surely_wins_by_the_delirium(
    catalog: Catalog,
) -> None:
    # A human of Willpower below 4 who sees a Crinos flees (Delirium); on an exit, fleeing is
    # his only choice and takes him out of the fight: Tom's side wins whatever the dice. Any
    # other choice leaves him in the fight until the last turn ends (a draw), or takes Tom out
    # (stepping sideways): none wins.
    fight = _thug_at_the_exit(catalog)
    decision = fight.pending()[0]
    assert (decision.actor, decision.kind) == ("tom", "action")
    got = coach(fight, decision, continuations=12)
    fight.close()
    first, *rest = got.choices
    assert (first.key, first.wins, first.fights, first.share) == ("shift:crinos", 12, 12, 1.0)
    assert sorted(c.key for c in rest) == sorted(
        c.key for c in decision.choices if c.key != "shift:crinos"
    )
    for other in rest:
        assert (other.share, other.gap) == (0.0, 1.0)
        assert other.clear


def test_a_gap_within_its_noise_is_not_clear() -> None:
    keys = ["a", "b"]
    # b loses 1 continuation of 8 that a wins: a gap of 1/8 with a paired error of 1/8.
    found = [("A", ["x"] * 8), ("B", ["x"] * 7 + ["y"])]
    best, other = rank("x", keys, found)
    assert (best.key, other.key) == ("a", "b")
    assert other.gap == pytest.approx(0.125)
    assert other.noise == pytest.approx(0.125)
    assert not other.clear


def test_a_tie_keeps_the_menus_order() -> None:
    found = [("A", ["x", "y"]), ("B", ["x", "y"])]
    assert [c.key for c in rank("x", ["a", "b"], found)] == ["a", "b"]


def test_the_same_seed_gives_the_same_coach_figures_with_one_job_and_two(
    catalog: Catalog,
) -> None:
    fight = _w20(catalog, 0)
    fight.start()
    decision = fight.pending()[0]  # Vilna's Rage: four choices
    alone = coach(fight, decision, continuations=6, jobs=1)
    with ProcessPoolExecutor(2, mp_context=_context()) as pool:
        shared = coach(fight, decision, continuations=6, pool=pool, jobs=2)
    fight.close()
    assert shared == alone
    assert [c.fights for c in alone.choices] == [6] * len(decision.choices)


def test_every_answered_decision_of_a_script_is_recorded_with_its_numbers(
    catalog: Catalog,
) -> None:
    fight = _w20(catalog, 6)
    found = answered(fight)
    fight.close()
    assert found  # Vilna is scripted: each of her answers is recorded
    for item in found:
        assert item.actor == "vilna"
        assert item.controller == "script"
        assert item.taken in [c.key for c in item.choices] or item.taken.startswith("move:")
        assert item.coaching is None
    rolled = [c for item in found for c in item.choices if c.rolls]
    assert rolled
    for choice in rolled:
        roll = choice.rolls[0]
        assert roll.type == "storyteller"
        assert roll.pool > 0
        assert roll.difficulty is not None
        if roll.chance is not None:
            assert choice.chance == roll.chance
            assert 0 <= roll.chance <= 1


def test_the_costliest_decisions_are_those_that_lost_the_most() -> None:
    from arena.engine.coach import Coaching

    odds = rank("x", ["a", "b"], [("A", ["x"] * 4), ("B", ["x", "y", "y", "y"])])
    dear = Coaching("vilna", "x", "action", 1, 3, 4, odds, taken="b")
    cheap = dataclasses.replace(dear, taken="a")
    assert dear.cost == pytest.approx(0.75)
    assert cheap.cost == 0
    assert costliest([cheap, dear]) == [dear]


def test_the_anytime_forecast_gives_the_same_figures_on_one_process_and_two(
    catalog: Catalog,
) -> None:
    fight = _w20(catalog, 2)
    moment = moment_of(fight, "garou", 24)
    fight.close()

    def here(part: range) -> Any:
        return done(winners_at(moment, part))

    alone = [r.chance for r in stream(here, "garou", most=24, within=0, ahead=1)]
    with ProcessPoolExecutor(2, mp_context=_context()) as pool:
        shared = [
            r.chance
            for r in stream(
                lambda part: pool.submit(winners_at, moment, part),
                "garou",
                most=24,
                within=0,
                ahead=3,
            )
        ]
    assert shared == alone
    assert [c.fights for c in alone] == [4, 8, 16, 24]


def test_the_anytime_forecasts_first_figure_comes_from_continuations_played_in_this_process(
    catalog: Catalog,
) -> None:
    fight = _w20(catalog, 2)
    moment = moment_of(fight, "garou", 24, as_seen=True)
    fight.close()
    asked: list[range] = []

    def on_workers(part: range) -> Any:
        asked.append(part)
        return Future()  # no worker has answered yet

    readings = stream(
        on_workers,
        "garou",
        most=24,
        within=0,
        ahead=3,
        here=lambda part: winners_here(moment, part, catalog),
    )
    first = next(readings)
    # The workers were asked for the next chunks first; the first figure waited for none.
    assert asked == list(chunks(24)[1:4])
    assert first.chance == chance("garou", winners_at(moment, range(4)))
    assert not first.final
    readings.close()


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_anytime_forecast_played_partly_here_gives_one_processs_figures_with_one_job_and_two(
    catalog: Catalog, jobs: int
) -> None:
    fight = _w20(catalog, 2)
    moment = moment_of(fight, "garou", 24, as_seen=True)
    fight.close()
    alone = [r.chance for r in stream(lambda p: done(winners_at(moment, p)), "garou", most=24)]
    with ProcessPoolExecutor(jobs, mp_context=_context()) as pool:
        mixed = [
            r.chance
            for r in stream(
                lambda part: pool.submit(winners_at, moment, part),
                "garou",
                most=24,
                within=0,
                ahead=jobs + 1,
                here=lambda part: winners_here(moment, part, catalog),
            )
        ]
    assert mixed == alone
    assert [c.fights for c in mixed] == [4, 8, 16, 24]


def test_the_anytime_forecast_stops_within_three_points_or_at_its_most() -> None:
    assert [len(c) for c in chunks(300)] == [4, 4, 8, 16, 32, 32, 64, 64, 76]
    assert sum(len(c) for c in chunks()) == 2000
    assert not settled(Chance("x", 50, 100, 0.40, 0.60))
    assert settled(Chance("x", 500, 1000, 0.47, 0.53))
    assert not settled(Chance("x", 0, 0, 0.0, 1.0))
    # A side that wins every continuation is settled once its interval is narrow enough.
    readings = list(stream(lambda part: done(["x"] * len(part)), "x", most=2000, ahead=1))
    assert readings[-1].final
    # 4+4+8+16+32: at 64 continuations the interval is 94.3%-100%, 2.8 either side (at 32,
    # 89.3%-100%, 5.4 either side).
    assert readings[-1].chance.fights == 64
    assert all(not r.final for r in readings[:-1])
