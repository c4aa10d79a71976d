"""Random legal play of shipped Sorcerer scenarios: the invariants of every fight."""

from __future__ import annotations

from collections import Counter
from typing import Final

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from arena.content.loader import default_content_root, load_catalog
from arena.engine import Fight

CATALOG = load_catalog(default_content_root())
SCENARIOS = sorted(n for n in CATALOG.scenarios if n.startswith("sorcerer-"))

RESOLVED: Final = frozenset(
    {
        "attack_hit",
        "attack_missed",
        "attack_tied",
        "out_of_reach",
        "ritual_performed",
        "action_failed",
        "aimed",
        "moved",
        "move_blocked",
        "hopped",
        "fled",
        "flee_failed",
        "climbed",
        "climb_failed",
        "task_won",
        "task_failed",
        "total_defense_held",
        "ability_used",
        "demon_commanded",
        "action_aborted",
        "action_lost",
        "push_failed",
        "push_declined",
    }
)
"""Event kinds that close a declared action: each action ends in exactly one of them."""
ACTING: Final = RESOLVED - {"action_aborted", "action_lost", "push_declined"} | {
    "order_rolled",
    "pool_tallied",
}
"""Event kinds in which their actor does something."""


class SorcererFight(RuleBasedStateMachine):
    """Apply random legal choices from `pending()` until the fight ends."""

    def __init__(self) -> None:
        super().__init__()
        self.fight: Fight | None = None

    @initialize(name=st.sampled_from(SCENARIOS), seed=st.integers(0, 10_000))
    def start(self, name: str, seed: int) -> None:
        self.fight = Fight(CATALOG.scenarios[name], CATALOG, seed=seed)
        self.fight.start()

    @precondition(lambda self: self.fight is not None and not self.fight.over)
    @rule(data=st.data())
    def answer(self, data: st.DataObject) -> None:
        assert self.fight is not None
        decision = data.draw(st.sampled_from(self.fight.pending()))
        choice = data.draw(st.sampled_from(decision.choices))
        self.fight.apply(choice.command)

    @precondition(lambda self: self.fight is not None and self.fight.over)
    @rule()
    def rest(self) -> None:
        """Once the fight is over there is nothing left to answer."""

    @invariant()
    def penalties_are_never_negative(self) -> None:
        if self.fight is not None:
            assert all(c.penalty >= 0 for c in self.fight.view().combatants)

    @invariant()
    def humanity_is_never_below_zero(self) -> None:
        if self.fight is not None:
            for c in self.fight.view().combatants:
                assert all(p.current >= 0 for p in c.pools if p.name == "Humanity")

    @invariant()
    def nobody_acts_while_helpless(self) -> None:
        if self.fight is None:
            return
        out: set[str] = set()
        for e in self.fight.events:
            if e.kind in ("helpless", "dead"):
                out.add(e.target)
            elif e.kind in ACTING:
                assert e.actor not in out, f"{e.actor} acted while out: {e.text}"

    @invariant()
    def each_declared_action_is_resolved_exactly_once(self) -> None:
        if self.fight is None:
            return
        done = self.fight.round if self.fight.over else self.fight.round - 1
        for rnd in range(1, done + 1):
            events = [e for e in self.fight.events if e.round == rnd]
            declared = Counter(e.actor for e in events if e.kind == "intention_revealed")
            resolved = Counter(e.actor for e in events if e.kind in RESOLVED)
            assert declared == resolved, f"round {rnd}: {declared} != {resolved}"
            assert set(declared.values()) <= {1}

    def teardown(self) -> None:
        if self.fight is not None:
            self.fight.close()


def _play(fights: int) -> None:
    run_state_machine_as_test(
        SorcererFight,
        settings=settings(
            max_examples=fights,
            stateful_step_count=80,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


def test_random_legal_play_keeps_the_invariants() -> None:
    _play(8)


@pytest.mark.slow
def test_random_legal_play_keeps_the_invariants_over_many_fights() -> None:
    _play(25)
