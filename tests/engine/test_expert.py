"""The expert level: look-ahead that is deterministic for a seed, at a fixed cost per budget."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from arena.ai import choose_with_reason
from arena.cli import main
from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.engine.expert import (
    DEFAULT_BUDGET_MS,
    MAX_BUDGET_MS,
    MIN_ROLLOUTS,
    better,
    budget,
    choose,
    closing,
    halving,
    score,
    sensible,
    set_budget,
)
from arena.rules.grid import distance
from arena.words.core import render


@pytest.fixture(autouse=True)
def small_budget() -> Iterator[None]:
    set_budget(12)
    yield
    set_budget(DEFAULT_BUDGET_MS)


def expert_duel(catalog: Catalog, name: str, policy: str, *, honour: bool = False) -> Fight:
    """The duel with its first combatant played by the expert; `honour`: Sorcerer bonuses
    are granted at the table (option role_play: honour), so each roll asks one."""
    scenario = catalog.scenarios[name]
    first = scenario.combatants[0]
    people = (dataclasses.replace(first, controller=f"ai:{policy}/expert", script=()),)
    options = {**scenario.options, "role_play": "honour"} if honour else scenario.options
    scenario = dataclasses.replace(
        scenario, rigged=(), combatants=people + scenario.combatants[1:], options=options
    )
    return Fight(scenario, catalog, seed=3)


@pytest.mark.parametrize(
    ("name", "policy"), [("werewolf-duel", "garou"), ("sorcerer-duel", "thug")]
)
def test_the_same_seed_plays_the_same_expert_fight(
    catalog: Catalog, name: str, policy: str
) -> None:
    logs = []
    for _ in range(2):
        with expert_duel(catalog, name, policy) as fight:
            Controllers(fight, watch=True).run(stop_after=12)
            logs.append((list(fight.commands), list(fight.reasons)))
    assert logs[0] == logs[1]
    # The tactical policy's reasons are phrases (drawn when shown), the expert's are words.
    assert any("looked ahead" in render(reason) for reason in logs[0][1])


def test_the_budget_is_checked() -> None:
    for wrong in (0, MAX_BUDGET_MS + 1):
        with pytest.raises(ValueError, match="--ai-budget: 1 to 60,000 ms"):
            set_budget(wrong)
    assert budget() == 12


def test_a_won_fight_scores_ten_for_the_winner(catalog: Catalog) -> None:
    with expert_duel(catalog, "werewolf-duel", "garou") as fight:
        Controllers(fight, watch=True).run()
        view = fight.view()
    assert view.winner is not None
    loser = next(c.side for c in view.combatants if c.side != view.winner)
    assert (score(view, view.winner), score(view, loser)) == (10.0, -10.0)


def test_sim_refuses_a_bad_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "werewolf-duel", "-n", "2", "--ai-budget", "0", "-q"]) == 2
    assert "--ai-budget" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("outcomes", "expected"),
    [
        # the same dice, the same scores: the policy's own pick stays
        ([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]], 0),
        # a steady gain of 1 on every rollout: no noise at all, so it is clear
        ([[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]], 1),
        # a mean gain of 2.5 that is one lucky rollout (10, 0, 0, 0): under two standard errors
        ([[0.0, 0.0, 0.0, 0.0], [10.0, 0.0, 0.0, 0.0]], 0),
        # two clear gains: the larger one
        ([[0.0] * 4, [1.0] * 4, [2.0, 2.0, 2.0, 2.5]], 2),
        # worse on the same dice: never chosen
        ([[5.0] * 3, [4.0, 4.0, 4.5]], 0),
    ],
)
def test_another_choice_must_beat_the_pick_clearly(
    outcomes: list[list[float]], expected: int
) -> None:
    assert better(outcomes) == expected


def test_the_expert_takes_its_profiles_role_playing_bonus(catalog: Catalog) -> None:
    # More bonus dice always look better ahead, but the bonus is granted, not a tactic.
    asked = 0
    with expert_duel(catalog, "sorcerer-duel", "thug", honour=True) as fight:
        expert = fight.scenario.combatants[0].id
        controllers = Controllers(fight, watch=True)
        while not fight.over and asked < 3:
            for decision in fight.pending():
                if decision.kind == "bonus" and decision.actor == expert:
                    rng = random.Random(f"{fight.seed}/ai/{len(fight.commands)}")
                    tactical, _ = choose_with_reason("thug", fight.view(), decision, rng)
                    assert sensible(fight, decision, "thug", tactical) == [tactical]
                    assert choose(fight, decision, "thug/expert")[0] == tactical
                    asked += 1
            controllers.step()
    assert asked


def test_the_expert_looks_ahead_without_the_other_side_s_secret_intention(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The thug states its intention in secret first; the expert, stating after it, must
    # weigh its choices the same whatever the thug said, or its look-ahead cheats.
    from arena.engine import expert

    weighed: list[list[float]] = []
    real_score = expert.score

    def kept_score(view: object, side: str) -> float:
        found = real_score(view, side)  # type: ignore[arg-type]
        weighed[-1].append(found)
        return found

    with expert_duel(catalog, "sorcerer-duel", "thug", honour=True) as fight:
        Controllers(fight, watch=True).run(stop_after=5)  # round 2: the expert has a choice
        played = list(fight.commands)
    monkeypatch.setattr(expert, "score", kept_score)
    answers = []
    for pick in (0, -1):
        with expert_duel(catalog, "sorcerer-duel", "thug", honour=True) as fight:
            for command in played:
                fight.apply(command)
            assert fight.round == 2
            assert not fight.unrevealed()
            me, thug = (c.id for c in fight.scenario.combatants[:2])
            stated = next(d for d in fight.pending() if d.actor == thug)
            fight.apply(stated.choices[pick].command)
            assert fight.unrevealed() == range(len(played), len(played) + 1)
            (mine,) = (d for d in fight.pending() if d.actor == me)
            weighed.append([])
            answers.append(choose(fight, mine, "thug/expert"))
            assert len(fight.commands) == len(played) + 1  # the fight itself is untouched
    assert len(weighed[0]) >= 8  # two candidates, four rollouts each at least
    assert weighed[0] == weighed[1]
    assert answers[0] == answers[1]


class _Scores:
    """Rollouts that score candidate ``i`` at ``i`` plus the rollout's own luck (the same dice
    for every candidate), and count what each candidate played."""

    def __init__(self) -> None:
        self.played: dict[int, list[int]] = {}

    def play(self, command: int, start: int, stop: int) -> list[float]:
        self.played.setdefault(command, []).extend(range(start, stop))
        return [command + (i % 3) for i in range(start, stop)]


@pytest.mark.parametrize(("count", "total"), [(2, 25), (3, 25), (4, 25), (5, 25), (5, 100)])
def test_successive_halving_keeps_to_the_budget_and_plays_the_leaders_longest(
    count: int, total: int
) -> None:
    look = _Scores()
    outcomes = halving(look, list(range(count)), total)  # type: ignore[arg-type]
    lengths = [len(o) for o in outcomes]
    assert sum(lengths) <= total
    assert min(lengths) >= MIN_ROLLOUTS  # every candidate is heard out first
    # the pick and the best other play the most rollouts, and the same ones (common dice)
    assert lengths[0] == lengths[-1] == max(lengths)
    assert look.played[0] == look.played[count - 1] == list(range(lengths[0]))
    if count > 2:
        assert lengths[1] < lengths[0]  # the worst other is dropped early
    kept = [o for o in outcomes if len(o) == lengths[0]]
    assert kept[better(kept)] == outcomes[-1]  # a steady gain over the pick is clear


def test_the_expert_weighs_closing_on_each_enemy(catalog: Catalog) -> None:
    # Round 1 of the street gang: nobody is in reach, the menu is all moves; where to go is
    # whom to gang up on, so the move nearest each enemy is a candidate, nearest enemy first.
    scenario = catalog.scenarios["sorcerer-vs-thugs"]
    with Fight(dataclasses.replace(scenario, rigged=()), catalog, seed=3) as fight:
        fight.start()
        decision = next(d for d in fight.pending() if any("move" in c.tags for c in d.choices))
        view = fight.view()
        me = view.combatant(decision.actor)
        enemies = [c for c in view.combatants if c.side != me.side]
        found = closing(view, decision)
        moves = [c for c in decision.choices if "move" in c.tags and c.cell is not None]
        nearest = {e.id: min(distance(c.cell or me.pos, e.pos) for c in moves) for e in enemies}
        cells = {c.command: c.cell for c in moves}
        assert found
        assert len(found) <= len(enemies)
        for command in found:
            assert any(distance(cells[command] or me.pos, e.pos) == nearest[e.id] for e in enemies)
        first = min(enemies, key=lambda e: distance(me.pos, e.pos))
        assert distance(cells[found[0]] or me.pos, first.pos) == nearest[first.id]
