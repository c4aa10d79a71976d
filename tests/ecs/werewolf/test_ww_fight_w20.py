"""Preset w20 in a running fight: its initiative, declarations, Rage actions and dice penalty."""

from __future__ import annotations


def _w20(make_fight, *extra, rigged=(5, 9), **kw):
    return make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        *extra,
        rigged=list(rigged),
        preset="w20",
        max_rounds=1,
        **kw,
    )


def test_w20_initiative_is_1d10_plus_dexterity_plus_wits(make_fight, helpers):
    fight = _w20(make_fight)
    rolled = [e for e in fight.events if e.kind == "initiative_rolled"]
    assert [(e.text, e.why) for e in rolled] == [
        ("Tom rolls initiative 10.", "w20: 1d10 [5] + Dexterity 3 + Wits 2 = 10"),
        ("Vilna rolls initiative 17.", "w20: 1d10 [9] + Dexterity 4 + Wits 4 = 17"),
    ]
    assert ("preset", "w20") in fight.options_record()
    assert ("initiative", "w20") in fight.options_record()


def test_w20_rage_buys_actions_after_everyone_at_most_half_the_rating(make_fight, helpers):
    fight = _w20(make_fight)
    # Tom's Rage 4 allows 2 extra actions, Vilna's 5 allows 3 (half, rounded up).
    assert [c.key for c in helpers.decision(fight, "tom", "rage").choices][-1] == "rage:2"
    assert [c.key for c in helpers.decision(fight, "vilna", "rage").choices][-1] == "rage:3"
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "vilna", "rage:2")
    assert fight.view().order == ("17: Vilna", "10: Tom", "after: Vilna", "after: Vilna")


def test_w20_declarations_lowest_first_actions_highest_first(make_fight, helpers):
    fight = _w20(make_fight, rigged=(5, 9, *[2] * 7, *[2] * 4))
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "vilna", "rage:0")
    # Tom (10) declares first, alone; then Vilna (17).
    assert [(d.actor, d.prompt) for d in fight.pending()] == [
        ("tom", "Tom: declare your action (initiative 10)")
    ]
    helpers.answer(fight, "tom", "dodge")
    assert [d.actor for d in fight.pending()] == ["vilna"]
    helpers.answer(fight, "vilna", "punch:tom")
    helpers.forgo(fight)
    helpers.forgo(fight)
    acted = [e.actor for e in fight.events if e.kind in ("attack_missed", "defence_rolled")]
    assert acted == ["vilna", "tom"]  # Vilna's punch at 17 resolves before Tom's dodge at 10


def test_w20_dodge_is_dexterity_plus_athletics_and_two_actions_cost_dice(make_fight, helpers):
    fight = _w20(make_fight)
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "vilna", "rage:0")
    action = helpers.decision(fight, "tom", "action")
    assert action.choice("dodge").label == "Dodge (4 dice at 6)"  # Dexterity 3 + Athletics 1
    split = action.choice("split:punch:vilna@10x4+dodge@10x1")
    # Two actions: -2 dice on the first (6 - 2), -3 on the second (4 - 3).
    assert split.label == (
        "Two actions (fewer dice each): punch Vilna on 10 (4 dice at 5) + dodge on 10 (1 die at 6)"
    )


def test_w20_rage_actions_are_never_split(make_fight, helpers):
    fight = _w20(make_fight, rigged=(5, 9))
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "vilna", "rage:1")
    helpers.answer(fight, "tom", "wait")
    assert [c for c in helpers.decision(fight, "vilna").choices if c.key.startswith("split:")]
    helpers.answer(fight, "vilna", "wait")
    rage_action = helpers.decision(fight, "vilna", "action")
    assert rage_action.prompt == "Vilna: declare your action (initiative 17) (a Rage action)"
    assert not [c for c in rage_action.choices if c.key.startswith("split:")]


def test_w20_spirits_soak_with_willpower(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("bane", "bane", "south", 2),
        # Tom 10 + 10, the Bane 1 + 6; Tom's punch: 1 success; 3 damage: 1; 5 Willpower dice.
        rigged=[10, 1, 8, 2, 2, 2, 2, 2, 9, 2, 2, 2, 2, 2, 2, 2],
        preset="w20",
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "bane", "rage:0")
    helpers.answer(fight, "bane", "wait")
    helpers.answer(fight, "tom", "punch:bane")
    helpers.forgo(fight)
    soaked = next(e for e in fight.events if e.kind == "damage_soaked")
    assert soaked.why.startswith("Willpower 5 = 5 dice")
