"""Those who cannot act do not act: out of the fight from the start, by damage or Essence."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.engine import Fight, play_until_human
from arena.rules.events import Event

# How a scenario puts a combatant out of the fight before it starts, and what it reads.
OUT = {
    "bashing": ("thug", {"damage": {"bashing": 7}}, "incapacitated", "incapacitated"),
    "lethal": ("thug", {"damage": {"lethal": 8}}, "killed", "dead"),
    "essence": ("bane", {"pools": {"essence": 0}}, "dissipated", "dissipated"),
}


def _fight(catalog: Catalog, how: str, gang: bool, controller: str, seed: int = 1) -> Fight:
    template, extra, _, _ = OUT[how]
    people = [
        CombatantDef("tom", "tom", "north", 1, "ai:nearest", overrides={"rage": 0}),
        CombatantDef("out", template, "south", 2, controller, **extra),  # type: ignore[arg-type]
    ]
    if gang:
        people.append(CombatantDef("mate", "thug", "south", 5, "ai:nearest"))
    scenario = ScenarioDef(
        name="test",
        ruleset="werewolf",
        combatants=tuple(people),
        map="yard",
        seed=seed,
        max_rounds=6,
    )
    return Fight(scenario, catalog)


def _play(fight: Fight) -> list[str]:
    """Play to the end, a person's decisions answered with their default; who was asked."""
    asked: list[str] = []
    fight.start()
    while not fight.over:
        play_until_human(fight)
        for d in fight.pending():
            asked.append(d.actor)
            default = next(c for c in d.choices if "default" in c.tags)
            fight.apply(default.command)
            break
    return asked


def _after_setup(events: tuple[Event, ...]) -> list[Event]:
    return [e for e in events if e.round != 0 and e.kind != "fight_ended"]


@pytest.mark.parametrize("controller", ["human", "ai:nearest"])
@pytest.mark.parametrize("how", sorted(OUT))
def test_out_of_action_from_the_start_in_a_duel_ends_the_fight_before_anyone_rolls(
    ww_catalog: Catalog, how: str, controller: str
):
    fight = _fight(ww_catalog, how, gang=False, controller=controller)
    asked = _play(fight)
    _, _, kind, status = OUT[how]
    assert asked == []
    starts = [e for e in fight.events if e.round == 0 and e.actor == "out"]
    assert [(e.kind, e.data) for e in starts][1:] == [(kind, {"status": status, "at_start": True})]
    assert _after_setup(fight.events) == []
    assert fight.events[-1].kind == "fight_ended"
    assert fight.view().winner == "north"
    assert fight.view().combatant("out").status == status


@pytest.mark.parametrize("controller", ["human", "ai:nearest"])
@pytest.mark.parametrize("how", sorted(OUT))
def test_out_of_action_from_the_start_in_a_gang_fight_never_rolls_or_is_asked(
    ww_catalog: Catalog, how: str, controller: str
):
    fight = _fight(ww_catalog, how, gang=True, controller=controller)
    asked = _play(fight)
    assert "out" not in asked
    kinds = [e.kind for e in fight.events]
    first_initiative = kinds.index("initiative_rolled")
    assert kinds.index(OUT[how][2]) < first_initiative  # announced before the first initiative
    assert [e for e in _after_setup(fight.events) if e.actor == "out"] == []
    rolled = {e.actor for e in fight.events if e.kind == "initiative_rolled"}
    assert rolled == {"tom", "mate"}


def test_out_of_action_from_the_start_takes_no_part_on_any_seed(ww_catalog: Catalog):
    for seed in range(8):
        fight = _fight(ww_catalog, "bashing", gang=True, controller="ai:nearest", seed=seed)
        _play(fight)
        assert [e for e in _after_setup(fight.events) if e.actor == "out"] == []


def test_fight_with_damage_short_of_incapacitated_starts_everyone_active(ww_catalog: Catalog):
    people = (
        CombatantDef("tom", "tom", "north", 1, "ai:nearest"),
        CombatantDef("out", "thug", "south", 2, "ai:nearest", damage={"bashing": 6}),
    )
    scenario = ScenarioDef(name="t", ruleset="werewolf", combatants=people, map="yard")
    fight = Fight(scenario, ww_catalog)
    fight.start()
    assert fight.view().combatant("out").status == "active"
    rolled = {e.actor for e in fight.events if e.kind == "initiative_rolled"}
    assert rolled == {"tom", "out"}
