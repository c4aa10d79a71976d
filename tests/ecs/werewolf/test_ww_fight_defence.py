"""Defences, Willpower and splitting in a running fight."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.views import StorytellerSpec
from arena.rules.werewolf.commands import Split


def _same_segment(make_fight, helpers, rigged, a=("tom", "tom"), b=("vilna", "vilna")):
    fight = make_fight(
        (a[0], a[1], "north", 1),
        (b[0], b[1], "south", 2),
        rigged=rigged,
        max_rounds=1,
    )
    for actor in (a[0], b[0]):
        if any(d.kind == "rage" and d.actor == actor for d in fight.pending()):
            helpers.answer(fight, actor, "rage:0")
    return fight


def test_a_dodge_cancels_attack_successes(make_fight, helpers):
    fight = _same_segment(
        make_fight,
        helpers,
        rigged=[
            *[8, 8, 2, 2],  # Tom: segment 2
            *[8, 8, 2, 2, 2, 2, 2],  # Vilna: segment 2
            *[8, 8, 2, 2],  # Tom's dodge: 2 successes
            *[8, 8, 8, 2, 2, 2, 2],  # Vilna's punch: 3 successes
            *[2, 2, 2],  # 3 damage dice: nothing
        ],
    )
    helpers.answer(fight, "tom", "dodge")
    helpers.answer(fight, "vilna", "punch:tom")
    helpers.forgo(fight)
    hit = next(e for e in fight.events if e.kind == "attack_hit")
    assert hit.why == "3 successes on the attack; 2 cancelled by dodge, 1 left"
    dodge = next(e for e in fight.events if e.kind == "defence_rolled")
    assert dodge.why.startswith("Dexterity + Dodge, 4 dice at difficulty 6 (dodge 6)")


def test_a_dodge_that_cancels_everything_makes_a_miss(make_fight, helpers):
    fight = _same_segment(
        make_fight,
        helpers,
        rigged=[8, 8, 2, 2, 8, 8, 2, 2, 2, 2, 2, 8, 8, 8, 2, 8, 8, 2, 2, 2, 2, 2],
    )
    helpers.answer(fight, "tom", "dodge")
    helpers.answer(fight, "vilna", "punch:tom")
    helpers.forgo(fight)
    missed = next(e for e in fight.events if e.kind == "attack_missed")
    assert missed.why == "2 successes on the attack; 2 cancelled by dodge, 0 left"


def test_a_block_does_not_stop_a_bullet(make_fight, helpers):
    fight = _same_segment(
        make_fight,
        helpers,
        rigged=[
            *[8, 8, 2, 2],  # Tom: segment 2
            *[8, 8, 2, 2, 2, 2],  # the gunman: segment 2
            *[8, 8, 8, 2, 2, 2],  # Tom's block: 3 successes
            *[8, 2, 2, 2, 2, 2],  # the light pistol at point blank: 1 success
            *[2, 2, 2, 2],  # 4 damage dice: nothing
        ],
        b=("gun", "gunman"),
    )
    assert "parry" not in [c.key for c in helpers.decision(fight, "tom", "action").choices]
    assert "parry" in [c.key for c in helpers.decision(fight, "gun", "action").choices]
    helpers.answer(fight, "tom", "block")
    helpers.answer(fight, "gun", "light_pistol:tom")
    helpers.forgo(fight)
    hit = next(e for e in fight.events if e.kind == "attack_hit")
    assert hit.why == "1 success on the attack, 1 left"


def test_abort_into_a_dodge_for_1_willpower(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        rigged=[
            *[8, 2, 2, 2],  # Tom: segment 1
            *[8, 8, 8, 2, 2, 2, 2],  # Vilna: segment 3
            *[8, 8, 2, 2],  # Tom's dodge, now: 2 successes
            *[8, 8, 2, 2, 2, 2, 2],  # Vilna's punch: 2 successes, all cancelled
        ],
        max_rounds=1,
    )
    helpers.answer(fight, "vilna", "rage:0")
    helpers.answer(fight, "vilna", "punch:tom")
    reaction = helpers.decision(fight, "tom", "reaction")
    assert [c.key for c in reaction.choices] == ["abort", "forgo"]
    assert reaction.choices[0].label == (
        "Spend 1 Willpower: give up the action on segment 1 to dodge now"
    )
    events = helpers.answer(fight, "tom", "abort")
    assert events[0].text == (
        "Tom spends 1 Willpower and aborts the action on segment 1 into a dodge."
    )
    assert fight.view().order == ("3: Tom, Vilna",)
    assert fight.view().combatant("tom").pools[2].current == 4
    helpers.forgo(fight)
    assert "attack_missed" in helpers.kinds(fight.events)
    assert fight.over  # Tom's action on 1 went into the dodge


def test_willpower_buys_an_automatic_success(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[8] * 4 + [2, 2] + [2] * 6 + [2, 2, 2],  # the punch rolls no success
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "tom", "punch:dummy")
    helpers.answer(fight, "dummy", "forgo")  # no abort into a dodge
    willpower = helpers.decision(fight, "tom", "willpower")
    assert [c.key for c in willpower.choices] == ["forgo", "willpower:0"]
    assert willpower.choices[1].odds.startswith("6 dice at 5: success 100.0%")
    assert str(willpower.choices[1].gist) == "punch Dummy"  # the roll it goes to, as a field
    helpers.answer(fight, "tom", "willpower:0")
    rolled = next(e for e in fight.events if e.kind == "attack_rolled")
    assert (rolled.roll.net, rolled.roll.automatic) == (1, 1)
    assert "1 automatic (Willpower)" in rolled.why
    assert fight.view().combatant("tom").pools[2].current == 4
    assert "attack_hit" in helpers.kinds(fight.events)


def test_willpower_once_a_turn(make_fight, helpers):
    fight = _same_segment(
        make_fight,
        helpers,
        # Tom: 4; Vilna: 0; the first punch (3 dice) hits once, plus Willpower; 4 damage dice.
        rigged=[8, 8, 8, 8] + [2] * 7 + [8, 2, 2] + [2, 2, 2, 2],
    )
    helpers.answer(fight, "tom", "split:punch:vilna@4x3+punch:vilna@2x3")
    helpers.answer(fight, "vilna", "forgo")
    helpers.answer(fight, "tom", "willpower:0")
    # On segment 2 Vilna may abort again, but Tom is not asked about Willpower again.
    assert [(d.actor, d.kind) for d in fight.pending()] == [("vilna", "reaction")]


def test_no_split_with_wits_1(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1, {"wits": 1}),
        ("dummy", "dummy", "south", 2),
        rigged=[8, 8, 8, 2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    assert not [c for c in helpers.decision(fight, "tom").choices if c.key.startswith("split:")]


def test_the_same_action_twice_divides_its_own_pool(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[8, 8, 8, 2, 2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    choice = helpers.decision(fight, "tom").choice("split:punch:dummy@3x3+punch:dummy@3x3")
    assert (
        choice.label
        == "Split 6 dice: punch Dummy on 3 (3 dice at 6) + punch Dummy on 3 (3 dice at 7)"
    )


def test_fight_any_action_may_be_split_not_just_combat_actions(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        # Tom: 4; the dummy: 0; the punch on 3 with 2 dice: 1 success; 3 damage dice fail.
        rigged=[8] * 4 + [2, 2] + [8, 2] + [2, 2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    choice = helpers.decision(fight, "tom").choice("split:move:2,2@4x2+punch:dummy@3x2")
    # Dexterity + Athletics 4 against the punch's 6: 4 dice, 2 each; 2 cells of movement.
    assert choice.label == (
        "Split 4 dice: move to (2, 2) on 4 (2 dice) + punch Dummy on 3 (2 dice at 5)"
    )
    helpers.answer(fight, "tom", choice.key)
    helpers.forgo(fight)
    assert fight.view().combatant("tom").pos == (2, 2)
    rolled = next(e for e in fight.events if e.kind == "attack_rolled")
    assert (rolled.roll.pool, rolled.roll.difficulty) == (2, 5)


def test_a_third_part_on_one_segment_is_at_plus_3(make_fight, helpers):
    fight = make_fight(
        ("vilna", "vilna", "north", 1),
        ("dummy", "dummy", "south", 2),
        # Vilna: 7 successes; the dummy 0; three punches of 3, 2 and 2 dice miss.
        rigged=[8] * 7 + [2, 2] + [2] * 7,
        max_rounds=1,
    )
    helpers.answer(fight, "vilna", "rage:0")
    key = "split:punch:dummy@7x3+punch:dummy@7x2+punch:dummy@7x2"
    choice = helpers.decision(fight, "vilna").choice(key)
    assert choice.label == (
        "Split 7 dice: punch Dummy on 7 (3 dice at 6) + punch Dummy on 7 (2 dice at 7) "
        "+ punch Dummy on 7 (2 dice at 8)"
    )
    helpers.answer(fight, "vilna", key)
    helpers.forgo(fight)
    rolled = [(e.roll.pool, e.roll.difficulty) for e in fight.events if e.kind == "attack_rolled"]
    assert rolled == [(3, 6), (2, 7), (2, 8)]


def test_no_three_way_split_below_wits_3(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[8, 8, 8, 2, 2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    assert not [c for c in helpers.decision(fight, "tom").choices if c.key.count("+") == 2]


def test_the_division_of_a_split_is_the_players(make_fight, helpers):
    # werewolf.md 5: Tom's 4 dice may go 3 + 1, not only 2 + 2; a typed key is checked by the
    # rules, not looked up in a list.
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        # Tom: 4; the dummy: 0; the punch (3 dice at 6) hits once; the dodge (1 at 8) fails;
        # 3 damage dice all fail.
        rigged=[8] * 4 + [2, 2] + [6, 2, 2] + [2] + [2, 2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    action = helpers.decision(fight, "tom")
    key = "split:punch:dummy@4x3+dodge@4x1"
    assert key not in [c.key for c in action.choices]  # the menu stays lean
    choice = action.choice(key)
    assert choice is not None
    assert choice.label == "Split 4 dice: punch Dummy on 4 (3 dice at 6) + dodge on 4 (1 die at 8)"
    # Any division with at least 1 die a part, within the divided pool, and nothing else.
    assert action.choice("split:punch:dummy@4x1+dodge@4x3") is not None
    assert action.choice("split:punch:dummy@4x4+dodge@4x1") is None  # 5 dice of 4
    assert action.choice("split:punch:dummy@4x4+dodge@4x0") is None  # a part with no die
    assert action.choice("split:punch:dummy@5x2+dodge@4x2") is None  # above its segment
    assert action.choice("split:punch:dummy@4x2+dodge@4x1+dodge@4x1") is None  # Wits 2
    assert action.choice("split:punch:nobody@4x2+dodge@4x2") is None
    fight.apply(choice.command)
    helpers.forgo(fight)
    rolled = [(e.roll.pool, e.roll.difficulty) for e in fight.events if e.kind == "attack_rolled"]
    assert rolled == [(3, 6)]
    assert "attack_hit" in helpers.kinds(fight.events)


def test_a_split_command_not_on_the_menu_is_legal_when_the_rules_allow_it(make_fight, helpers):
    # A replayed save or a test gives the command itself, not a key.
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[8] * 4 + [2, 2] + [2] * 4,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    with pytest.raises(IllegalCommand):
        fight.apply(Split("tom", "punch:dummy", 4, 4, "dodge", 1, 4))
    fight.apply(Split("tom", "punch:dummy", 1, 4, "dodge", 3, 4))
    declared = [e.data["dice"] for e in fight.events if e.kind == "action_declared"]
    assert declared == [1, 3]


def test_wits_3_splits_into_different_actions(make_fight, helpers):
    # werewolf.md 5 [ruling]: with Wits 3 or more the parts may be two punches and a dodge.
    fight = make_fight(
        ("vilna", "vilna", "north", 1),
        ("dummy", "dummy", "south", 2),
        # Vilna: 7; the dummy: 0; punches of 2 and 1 dice and a dodge of 2 all fail.
        rigged=[8] * 7 + [2, 2] + [2] * 5,
        max_rounds=1,
    )
    helpers.answer(fight, "vilna", "rage:0")
    action = helpers.decision(fight, "vilna")
    offered = [c for c in action.choices if c.key.count("+") == 2 and "dodge" in c.key]
    assert [c.key for c in offered] == ["split:punch:dummy@7x2+punch:dummy@7x2+dodge@7x2"]
    key = "split:punch:dummy@7x2+punch:dummy@7x1+dodge@7x2"
    choice = action.choice(key)
    assert choice is not None
    assert choice.rolls == (StorytellerSpec(2, 6), StorytellerSpec(1, 7), StorytellerSpec(2, 9))
    helpers.answer(fight, "vilna", key)
    helpers.forgo(fight)
    rolled = [(e.roll.pool, e.roll.difficulty) for e in fight.events if e.kind == "attack_rolled"]
    assert rolled == [(2, 6), (1, 7)]
