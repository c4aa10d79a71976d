"""The AI across a low obstacle: it climbs or jumps when that is the way to its enemy."""

from __future__ import annotations

import random

import pytest

from arena.ai import choose_with_reason
from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import INLINE_MAP, CombatantDef, ScenarioDef
from arena.engine import Fight
from arena.rules.sorcerer.commands import Climb
from arena.rules.werewolf.commands import Jump

# A counter from wall to wall: 1 stands against it, its enemy 2 beyond it. No walk gets closer.
COUNTER = MapDef("Counter", ("##########", "#.1=...2.#", "#..=.....#", "##########"))


def _fight(catalog: Catalog, ruleset: str, me: str, foe: str) -> Fight:
    scenario = ScenarioDef(
        name="counter",
        ruleset=ruleset,  # type: ignore[arg-type]
        combatants=(
            CombatantDef(
                "me",
                me,
                "north",
                1,
                "human",
                overrides={"rage": 0} if ruleset == "werewolf" else {},
            ),
            CombatantDef("foe", foe, "south", 2, "human"),
        ),
        map=INLINE_MAP,
        inline_map=COUNTER,
    )
    fight = Fight(scenario, catalog)
    fight.start()
    return fight


@pytest.mark.parametrize("policy", ["nearest", "thug"])
def test_sorcerer_ai_climbs_over_the_obstacle_between_it_and_its_enemy(
    catalog: Catalog, policy: str
) -> None:
    fight = _fight(catalog, "sorcerer", "rook", "mara")
    (asked,) = [d for d in fight.pending() if d.actor == "me"]
    command, _ = choose_with_reason(policy, fight.view(), asked, random.Random(1))
    assert command == Climb("me", (4, 1))


@pytest.mark.parametrize("policy", ["nearest", "thug"])
def test_werewolf_ai_jumps_the_obstacle_between_it_and_its_enemy(
    catalog: Catalog, policy: str
) -> None:
    fight = _fight(catalog, "werewolf", "tom", "vilna")
    for _ in range(10):
        asked = fight.pending()[0]
        if asked.actor == "me" and asked.kind == "action":
            break
        default = next(c for c in asked.choices if "default" in c.tags)
        fight.apply(default.command)
    command, _ = choose_with_reason(policy, fight.view(), asked, random.Random(1))
    assert isinstance(command, Jump)
    assert command.to[0] > 3  # over the counter
