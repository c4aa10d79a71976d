"""Leaving an enemy's side: the enemy who has not yet acted gets a free attack [ruling]."""

from __future__ import annotations

import dataclasses

import pytest

from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.engine import Fight, play_until_human
from arena.rules.views import StorytellerSpec, WerewolfHarm

# Tom (Wits 2 + Alertness 2: 4 initiative dice) at spawn 1, (1, 1); the thug (Wits 2 +
# Alertness 1: 3 dice) beside him at spawn 2, (2, 1). Tom rolls 2, the thug 0.
TOM_FIRST = [9, 9, 2, 2, 2, 2, 2]
# The thug's club: Dexterity 2 + Melee 2 = 4 dice at 4: 2 successes. Damage: Strength 2 + 2
# + 1 extra = 5 dice: 3 successes. Tom soaks with Stamina 3: 1 success. 2 bashing levels.
CLUB_HITS = [5, 5, 2, 2, 6, 6, 6, 2, 2, 2, 2, 6]


def _this_segment(events):
    """The events up to the next segment's start."""
    kinds = [e.kind for e in events]
    return events[: kinds.index("segment_started")] if "segment_started" in kinds else events


def _duel(make_fight, rigged, **kw):
    return make_fight(
        ("tom", "tom", "north", 1, {"rage": 0}),
        ("thug", "thug", "south", 2),
        rigged=rigged,
        max_rounds=1,
        **kw,
    )


def test_free_attack_when_leaving_an_enemy_who_has_not_acted(make_fight, helpers):
    fight = _duel(make_fight, TOM_FIRST + CLUB_HITS, strict=False)
    helpers.answer(fight, "tom", "move:1,3")
    free = helpers.decision(fight, "thug", "free_attack")
    assert free.segment == 2
    assert [c.key for c in free.choices] == ["club:tom", "punch:tom", "kick:tom", "forgo"]
    club = free.choice("club:tom")
    assert club is not None
    assert "default" in club.tags
    # Its whole pool, never split, with the odds a person sees.
    assert club.rolls == (StorytellerSpec(4, 4),)
    assert club.harm == WerewolfHarm(4, "bashing")
    assert club.odds
    assert free.prompt == "Thug: Tom leaves (1, 1), beside you: a free attack?"
    events = _this_segment(helpers.answer(fight, "thug", "club:tom"))
    assert [e.kind for e in events] == [
        "free_attack_taken",
        "attack_rolled",
        "attack_hit",
        "damage_rolled",
        "damage_soaked",
        "wounded",
        "moved",
    ]
    assert events[0].data == {"segment": 2, "mover": "tom", "from": (1, 1), "means": "club"}
    rolled = events[1]
    assert (rolled.actor, rolled.target, rolled.data["pool"], rolled.data["free"]) == (
        "thug",
        "tom",
        4,
        True,
    )
    assert events[4].data["levels"] == 2
    assert events[-1].data == {"segment": 2, "cell": (1, 3), "from": (1, 1)}
    # Rolled before the move took effect: Tom was hurt, then moved.
    tom = fight.view().combatant("tom")
    assert (tom.pos, tom.health, tom.penalty) == ((1, 3), "Hurt (-1)", 1)
    # It spent none of the thug's actions: the thug still acts on segment 0.
    assert helpers.decision(fight, "thug", "action").segment == 0


def test_free_attack_declined_only_by_its_controller_then_the_move_goes(make_fight, helpers):
    fight = _duel(make_fight, TOM_FIRST, strict=False)
    helpers.answer(fight, "tom", "move:1,3")
    events = _this_segment(helpers.answer(fight, "thug", "forgo"))
    assert [e.kind for e in events] == ["free_attack_declined", "moved"]
    assert events[0].data == {"segment": 2, "mover": "tom", "from": (1, 1)}
    assert (events[0].actor, events[0].target) == ("thug", "tom")
    assert fight.view().combatant("tom").pos == (1, 3)


def test_free_attack_not_offered_by_an_enemy_who_has_acted(make_fight, helpers):
    # The thug rolls 1 and acts first; Tom rolls 0 and moves after it: no free attack.
    fight = _duel(make_fight, [2, 2, 2, 2, 9, 2, 2], strict=False)
    helpers.answer(fight, "thug", "wait")
    helpers.answer(fight, "tom", "move:1,3")
    assert not [d for d in fight.pending() if d.kind == "free_attack"]
    assert "moved" in helpers.kinds(fight.events)
    assert "free_attack_taken" not in helpers.kinds(fight.events)


def test_free_attack_not_offered_by_an_enemy_acting_on_the_same_segment(make_fight, helpers):
    # Both roll 1: they act together, so the thug is acting, not waiting to.
    fight = _duel(make_fight, [9, 2, 2, 2, 9, 2, 2], strict=False)
    helpers.answer(fight, "tom", "move:1,3")
    helpers.answer(fight, "thug", "wait")
    assert "free_attack_taken" not in helpers.kinds(fight.events)
    assert fight.view().combatant("tom").pos == (1, 3)


def test_free_attack_not_offered_when_the_move_stays_in_place_or_is_far(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1, {"rage": 0}),
        ("thug", "thug", "south", 3),  # two cells away: not beside Tom
        rigged=TOM_FIRST,
        strict=False,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "move:1,3")
    assert not [d for d in fight.pending() if d.kind == "free_attack"]


def test_free_attack_at_most_one_per_enemy_per_turn(make_fight, helpers):
    # Tom and Vilna flank the thug (spawns 1, 3) and both step away on segment 2.
    fight = make_fight(
        ("tom", "tom", "north", 1, {"rage": 0}),
        ("thug", "thug", "south", 2),
        ("vilna", "vilna", "north", 3, {"rage": 0, "alertness": 0}),
        # Tom 2, the thug 0, Vilna (Wits 4) 2.
        rigged=[*TOM_FIRST, 9, 9, 2, 2, *CLUB_HITS],
        strict=False,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "move:1,3")
    helpers.answer(fight, "vilna", "move:4,3")
    helpers.answer(fight, "thug", "club:tom")
    # Its one free attack spent on Tom, the thug is not asked about Vilna.
    assert not [d for d in fight.pending() if d.kind == "free_attack"]
    taken = [e for e in fight.events if e.kind == "free_attack_taken"]
    assert [e.target for e in taken] == ["tom"]
    assert fight.view().combatant("vilna").pos == (4, 3)


def test_free_attack_that_knocks_the_mover_down_leaves_it_in_place(make_fight, helpers):
    # A young Ahroun's sweep (Dexterity 3 + Brawl 3 = 6 dice at 7) knocks Tom down.
    fight = make_fight(
        ("tom", "tom", "north", 1, {"rage": 0}),
        ("ahroun", "ahroun", "south", 2, {"rage": 0}),
        # Tom 2; the Ahroun (Wits 2 + Alertness 2) 0. The sweep: 2 successes; damage
        # Strength 3 + 1 extra = 4 dice: 1 success; Tom soaks it.
        rigged=[*TOM_FIRST, 2, 7, 7, 2, 2, 2, 2, 6, 2, 2, 2, 6, 2, 2],
        strict=False,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "move:1,3")
    events = _this_segment(helpers.answer(fight, "ahroun", "sweep:tom"))
    kinds = helpers.kinds(events)
    assert "knocked_down" in kinds
    assert "moved" not in kinds
    lost = events[-1]
    assert lost.kind == "action_lost"
    assert (lost.data["reason"], lost.data["stopped"]) == ("free_attack", "knocked_down")
    assert fight.view().combatant("tom").pos == (1, 1)


def _scripted(
    catalog: Catalog, answers: dict[str, str], damage: int = 0, script: tuple[str, ...] = ()
) -> Fight:
    people = (
        CombatantDef(
            "tom",
            "tom",
            "north",
            1,
            "script",
            overrides={"rage": 0},
            script=({"action": "move:1,3"},),
            damage={"bashing": damage} if damage else {},
        ),
        CombatantDef("thug", "thug", "south", 2, "script", answers=answers, script=script),
    )
    scenario = ScenarioDef(
        name="t",
        ruleset="werewolf",
        combatants=people,
        map="yard",
        rigged=(*TOM_FIRST, *CLUB_HITS),
        max_rounds=1,
    )
    return Fight(scenario, catalog)


def test_free_attack_that_puts_the_mover_out_leaves_it_in_place(ww_catalog: Catalog):
    # Tom starts one level short of Incapacitated: the club's 2 levels put him out.
    fight = _scripted(ww_catalog, {"free_attack": "club:tom", "action": "wait"}, damage=5)
    play_until_human(fight)
    tom = fight.view().combatant("tom")
    assert (tom.status, tom.pos) == ("incapacitated", (1, 1))
    lost = next(e for e in fight.events if e.kind == "action_lost" and e.actor == "tom")
    assert lost.data["stopped"] == "out_of_fight"
    assert "moved" not in [e.kind for e in fight.events]


def test_free_attack_script_answers_take_or_decline(ww_catalog: Catalog):
    taken = _scripted(ww_catalog, {"free_attack": "club:tom", "action": "wait"})
    play_until_human(taken)
    assert "free_attack_taken" in [e.kind for e in taken.events]
    declined = _scripted(ww_catalog, {"free_attack": "forgo", "action": "wait"})
    play_until_human(declined)
    assert "free_attack_declined" in [e.kind for e in declined.events]
    assert declined.view().combatant("tom").pos == (1, 3)


def test_free_attack_unaddressed_by_a_script_takes_the_default_and_keeps_its_plain_entry(
    ww_catalog: Catalog,
):
    # The thug's script has one plain entry, for its own action (wait): the free attack, which
    # comes with Tom's move, leaves it there and strikes with the first means offered (club).
    fight = _scripted(ww_catalog, {}, script=("wait",))
    play_until_human(fight)
    taken = [e for e in fight.events if e.kind == "free_attack_taken"]
    assert [e.data["means"] for e in taken] == ["club"]
    assert [c.kind for c in fight.commands if c.actor == "thug"] == ["attack", "wait"]
    assert "script_ended" not in [e.kind for e in fight.events]


@pytest.mark.parametrize("policy", ["ai:thug", "ai:nearest", "ai:fomor", "ai:garou/hard"])
def test_free_attack_ai_takes_it(ww_catalog: Catalog, helpers, policy: str):
    people = (
        CombatantDef("tom", "tom", "north", 1, "human", overrides={"rage": 0}),
        CombatantDef("thug", "thug", "south", 2, policy),
    )
    scenario = ScenarioDef(
        name="t", ruleset="werewolf", combatants=people, map="yard", rigged=tuple(TOM_FIRST)
    )
    fight = Fight(scenario, ww_catalog)
    fight.start()
    helpers.answer(fight, "tom", "move:1,3")
    play_until_human(fight)
    taken = [e for e in fight.events if e.kind == "free_attack_taken"]
    assert [(e.actor, e.target) for e in taken] == [("thug", "tom")]


def test_free_attack_not_offered_by_a_stunned_enemy(make_fight, helpers):
    # Vilna (initiative 2) stuns the thug with a punch; Tom (1) then leaves the thug's side.
    fight = make_fight(
        ("tom", "tom", "north", 1, {"rage": 0}),
        ("thug", "thug", "south", 2),
        ("vilna", "vilna", "north", 3, {"rage": 0, "alertness": 0}),
        # Initiative: Tom 1, the thug 0, Vilna 2. Vilna's punch: 2 successes; damage 4 dice:
        # 3 successes; the thug soaks none: 3 levels, Stamina 2, stunned.
        rigged=[9, 2, 2, 2, 2, 2, 2, 9, 9, 2, 2, 9, 9, 2, 2, 2, 2, 2, 9, 9, 9, 2, 2, 2],
        options={"stun": True},
        strict=False,
        max_rounds=1,
    )
    helpers.answer(fight, "vilna", "punch:thug")
    helpers.forgo(fight)
    assert any(e.kind == "stunned" and e.actor == "thug" for e in fight.events)
    helpers.answer(fight, "tom", "move:1,3")
    helpers.forgo(fight)
    assert not [d for d in fight.pending() if d.kind == "free_attack"]
    assert fight.view().combatant("tom").pos == (1, 3)


# A doorway: Tom (spawn 1) beside the exit, the thug (spawn 2) beside both.
DOORWAY = MapDef("Doorway", ("#####", "#.1>#", "#..2#", "#####"))


def _at_the_door(catalog: Catalog, rigged: list[int], foe: str = "thug") -> Fight:
    sections = dict(catalog.sections)
    sections[("arenas", "maps")] = {**catalog.section("arenas", "maps"), "doorway": DOORWAY}
    people = (
        CombatantDef("tom", "tom", "north", 1, "human", overrides={"rage": 0}),
        CombatantDef("thug", foe, "south", 2, "human", overrides={"rage": 0}),
    )
    scenario = ScenarioDef(
        name="t",
        ruleset="werewolf",
        combatants=people,
        map="doorway",
        rigged=tuple(rigged),
        when_rigged_runs_out="random",
        max_rounds=3,
    )
    fight = Fight(scenario, dataclasses.replace(catalog, sections=sections))
    fight.start()
    return fight


@pytest.mark.parametrize("answer", ["club:tom", "forgo"])
def test_free_attack_when_fleeing_from_beside_an_enemy_who_has_not_acted(
    ww_catalog: Catalog, helpers, answer: str
):
    # Fleeing leaves the cell too, for the exit: the enemy beside it who has not acted yet
    # strikes before Tom is gone, or lets him go. Turn 1: Tom (2) steps onto the exit, the
    # thug (0) lets him and waits; turn 2: Tom (2) flees, the thug (0) has not acted.
    fight = _at_the_door(ww_catalog, [*TOM_FIRST, *TOM_FIRST, *CLUB_HITS])
    helpers.answer(fight, "tom", "move:3,1")
    helpers.answer(fight, "thug", "forgo")
    helpers.answer(fight, "thug", "wait")
    helpers.answer(fight, "tom", "flee")
    free = helpers.decision(fight, "thug", "free_attack")
    assert free.prompt == "Thug: Tom leaves (3, 1), beside you: a free attack?"
    events = helpers.answer(fight, "thug", answer)
    kinds = helpers.kinds(events)
    if answer == "forgo":
        assert kinds[:2] == ["free_attack_declined", "fled"]
    else:
        assert kinds[: kinds.index("fled") + 1] == [
            "free_attack_taken",
            "attack_rolled",
            "attack_hit",
            "damage_rolled",
            "damage_soaked",
            "wounded",
            "fled",
        ]
    assert fight.view().combatant("tom").status == "fled"


def test_free_attack_that_knocks_a_fleer_down_keeps_it_in_the_fight(ww_catalog: Catalog, helpers):
    # A young Ahroun (4 initiative dice: 0) sweeps Tom (2) as he flees: 6 dice at 7, 2
    # successes; damage 4 dice, 1 success, soaked. Knocked down, Tom does not get away.
    first = [9, 9, 2, 2, 2, 2, 2, 2]
    sweep = [7, 7, 2, 2, 2, 2, 6, 2, 2, 2, 6, 2, 2]
    fight = _at_the_door(ww_catalog, [*first, *first, *sweep], foe="ahroun")
    helpers.answer(fight, "tom", "move:3,1")
    helpers.answer(fight, "thug", "forgo")
    helpers.answer(fight, "thug", "wait")
    helpers.answer(fight, "tom", "flee")
    events = helpers.answer(fight, "thug", "sweep:tom")
    kinds = helpers.kinds(events)
    assert "knocked_down" in kinds
    assert "fled" not in kinds
    lost = next(e for e in events if e.kind == "action_lost" and e.actor == "tom")
    assert (lost.data["reason"], lost.data["stopped"]) == ("free_attack", "knocked_down")
    tom = fight.view().combatant("tom")
    assert (tom.status, tom.pos) == ("active", (3, 1))
