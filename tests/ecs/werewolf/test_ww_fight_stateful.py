"""Random legal commands never break the Werewolf fight's invariants."""

from __future__ import annotations

from collections import Counter

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.engine import Fight

HEALTH = {
    "Healthy", "Bruised (0)", "Hurt (-1)", "Injured (-1)", "Wounded (-2)", "Mauled (-2)",
    "Crippled (-5)", "Incapacitated", "Dead",
}  # fmt: skip
PENALTY = {"Healthy": 0, "Bruised (0)": 0, "Hurt (-1)": 1, "Injured (-1)": 1, "Wounded (-2)": 2,
           "Mauled (-2)": 2, "Crippled (-5)": 5, "Incapacitated": 5, "Dead": 5}  # fmt: skip
OUT = {"incapacitated", "killed", "dissipated", "fled", "stepped_sideways"}
"""Events after which a combatant is out of the fight."""
ACTING = {
    "action_declared", "attack_rolled", "defence_rolled", "roll_made", "attack_hit",
    "attack_missed", "attack_botched", "damage_rolled", "moved", "shifted", "waited",
    "stood_up", "broke_free", "hold_kept", "sideways_failed", "rage_spent", "willpower_spent",
    "aborted_to_dodge", "initiative_rolled", "frenzied", "frenzy_ended", "stun_shaken_off",
    "shifted_for_rage", "jumped", "jump_stopped", "jump_botched",
}  # fmt: skip
"""Events in which the actor does something (so never after it is out)."""
RESOLVED = {
    "attack_hit", "attack_missed", "attack_botched", "defence_rolled", "moved", "shifted",
    "fled", "stepped_sideways", "sideways_failed", "stood_up", "broke_free", "hold_kept",
    "waited", "action_lost", "jumped", "jump_stopped", "jump_botched",
}  # fmt: skip
"""Events that close one declared action (an action lost closes it too)."""

SETUPS = (
    ("alley", "seed", {}, (("tom", "tom", "a", 1), ("vilna", "vilna", "b", 2))),
    ("alley", "seed", {"stun": "on"}, (("ah", "ahroun", "a", 1), ("t1", "thug", "b", 2),
                                       ("t2", "knifer", "b", 3), ("op", "operative", "b", 5))),
    ("alley", "w20", {}, (("sp", "spiral", "a", 2), ("bane", "bane", "a", 3),
                          ("vilna", "vilna", "b", 1), ("fomor", "fomor", "b", 4))),
    ("pit", "seed", {"rage_actions": "per_point"}, (("tom", "tom", "a", 1),
                                                    ("op", "operative", "b", 5),
                                                    ("t1", "thug", "b", 6))),
    ("diner", "seed", {}, (("tom", "tom", "a", 2), ("vilna", "vilna", "b", 6))),
)  # fmt: skip

_CATALOG: list[Catalog] = []


def catalog() -> Catalog:
    if not _CATALOG:
        _CATALOG.append(load_catalog(default_content_root()))
    return _CATALOG[0]


class WerewolfFight(RuleBasedStateMachine):
    """Apply random legal choices and check the invariants after each."""

    fight: Fight

    @initialize(seed=st.integers(0, 10_000), setup=st.sampled_from(SETUPS))
    def start(self, seed, setup):
        map_id, preset, options, specs = setup
        scenario = ScenarioDef(
            name="stateful",
            ruleset="werewolf",
            combatants=tuple(CombatantDef(i, t, s, p, "human") for i, t, s, p in specs),
            map=map_id,
            seed=seed,
            preset=preset,
            options=options,
            max_rounds=4,
        )
        self.fight = Fight(scenario, catalog())
        self.fight.start()

    @rule(data=st.data())
    def apply_a_legal_choice(self, data):
        if self.fight.over:
            return
        decision = data.draw(st.sampled_from(self.fight.pending()))
        choice = data.draw(st.sampled_from(decision.choices))
        self.fight.apply(choice.command)

    @invariant()
    def health_stays_on_its_track(self):
        for c in self.fight.view().combatants:
            if c.health.startswith(("Essence", "Dissipated")):
                continue
            assert c.health in HEALTH
            assert c.penalty == PENALTY[c.health]
            assert (c.status == "incapacitated") <= (c.health == "Incapacitated")
            assert (c.status == "dead") == (c.health == "Dead")

    @invariant()
    def pools_never_below_zero(self):
        for c in self.fight.view().combatants:
            for pool in c.pools:
                assert 0 <= pool.current <= pool.maximum, (c.id, pool)

    @invariant()
    def nobody_acts_once_out(self):
        out: set[str] = set()
        for e in self.fight.events:
            if e.actor in out:
                assert e.kind not in ACTING, (e.actor, e.kind, e.text)
            if e.kind in OUT:
                out.add(e.actor)
        if not self.fight.over:
            for d in self.fight.pending():
                assert self.fight.view().combatant(d.actor).status == "active"

    @invariant()
    def each_declared_action_resolves_exactly_once(self):
        declared: Counter[tuple[int, str]] = Counter()
        resolved: Counter[tuple[int, str]] = Counter()
        for e in self.fight.events:
            if e.kind == "action_declared":
                declared[(e.round, e.actor)] += 1
            elif e.kind in RESOLVED and not e.data.get("free"):  # a free attack spends none
                resolved[(e.round, e.actor)] += 1
        current = self.fight.round
        for key in declared | resolved:
            assert resolved[key] <= declared[key], key
            # The fight ends at once (werewolf.md 3.4): a part declared for a later segment of
            # the last turn never resolves.
            if key[0] < current:
                assert resolved[key] == declared[key], key


def _play(fights: int) -> None:
    run_state_machine_as_test(
        WerewolfFight,
        settings=settings(
            max_examples=fights,
            stateful_step_count=60,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


def test_random_legal_play_keeps_the_invariants() -> None:
    _play(20)


@pytest.mark.slow
def test_random_legal_play_keeps_the_invariants_over_many_fights() -> None:
    _play(60)
