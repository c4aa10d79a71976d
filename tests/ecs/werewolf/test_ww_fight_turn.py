"""The turn in a running fight: initiative, Rage, the segments from the fastest down."""

from __future__ import annotations

import pytest


def test_initiative_successes_are_the_segment(make_fight, helpers):
    # Tom: Wits 2 + Alertness 2 = 4 dice at 4: 8, 4 succeed, the 1 cancels one: segment 1.
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8, 4, 1, 3, 2, 2],
        max_rounds=1,
    )
    rolled = [e for e in fight.events if e.kind == "initiative_rolled"]
    assert rolled[0].text == "Tom rolls 1 on initiative: acts on segment 1."
    assert rolled[0].why == (
        "Wits 2 + Alertness 2 = 4 dice, difficulty 4: [8, 4, 1, 3] at 4: 1 success "
        "(1 cancelled by 1s)"
    )
    assert rolled[0].roll.faces == (8, 4, 1, 3)
    # The dummy makes no success and acts on segment 0.
    assert rolled[1].text == "Dummy rolls 0 on initiative: acts on segment 0."
    assert fight.view().order == ("1: Tom", "0: Dummy")


def test_a_botched_initiative_loses_the_turn_but_can_still_be_attacked(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        # Tom: 4 successes; the dummy botches (a 1, no success); Tom's punch misses.
        rigged=[8, 8, 8, 8, 1, 3, 2, 2, 2, 2, 2, 2],
        max_rounds=1,
    )
    assert any("Dummy botches initiative: no action this turn" in e.text for e in fight.events)
    assert fight.view().order == ("4: Tom",)
    assert "botched initiative: no action this turn" in fight.view().combatant("dummy").notes
    helpers.answer(fight, "tom", "rage:0")
    assert next(c.key for c in helpers.decision(fight, "tom").choices) == "punch:dummy"
    helpers.answer(fight, "tom", "punch:dummy")
    # The dummy has no action to abort into a dodge, so it is not asked.
    assert {d.kind for d in fight.pending()} == {"willpower"}
    helpers.forgo(fight)
    assert fight.over
    assert "attack_missed" in helpers.kinds(fight.events)


def test_wound_penalty_in_the_initiative_pool(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        rigged=[
            *[8, 8, 8, 8],  # turn 1: Tom acts on 4
            *[2] * 7,  # Vilna on 0
            *[9, 2, 2, 2, 2, 2],  # Tom's punch: 1 success
            *[9, 9, 2],  # 3 damage dice: 2 successes
            *[2, 2, 2],  # Vilna soaks none: Hurt (-1)
            *[2] * 5,  # first wounded, Vilna rolls her 5 Rage for frenzy: none
            *[2] * 6,  # Vilna's punch on 0 misses: 7 dice less 1 for her wound
            *[2, 2, 2, 2],  # turn 2: Tom's initiative
            *[2] * 6,  # Vilna rolls only 6 dice: 7 less her wound penalty
        ],
        max_rounds=2,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "tom", "punch:vilna")
    helpers.forgo(fight)
    helpers.answer(fight, "vilna", "punch:tom")
    helpers.forgo(fight)
    assert fight.view().combatant("vilna").health == "Hurt (-1)"
    second = [e for e in fight.events if e.kind == "initiative_rolled" and e.round == 2]
    assert second[1].roll.pool == 6
    assert "Wits 4 + Alertness 3 - wounds 1 = 6 dice" in second[1].why


@pytest.mark.parametrize(
    ("mode", "keys", "label"),
    [
        # schedule: one point buys every second segment, up to Dexterity actions
        ("schedule", ["rage:0", "rage:1"], "Spend 1 Rage: actions on 4, 2, 0"),
        # per_point: each point one more action on the same schedule
        ("per_point", ["rage:0", "rage:1", "rage:2"], "Spend 2 Rage: actions on 4, 2, 0"),
    ],
)
def test_rage_choices_by_option(make_fight, helpers, mode, keys, label):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8, 8, 8, 8, 2, 2],
        options={"rage_actions": mode},
        max_rounds=1,
    )
    rage = helpers.decision(fight, "tom", "rage")
    assert [c.key for c in rage.choices] == keys
    assert rage.choices[-1].label == label
    # what the spend buys is carried apart from the label, for a reason to quote
    assert str(rage.choices[-1].gist) == "actions on 4, 2, 0"


def test_per_point_rage_one_action_a_point(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8, 8, 8, 8, 2, 2],
        options={"rage_actions": "per_point"},
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:1")
    assert fight.view().order == ("4: Tom", "2: Tom", "0: Dummy")
    assert fight.view().combatant("tom").pools[0].current == 3


def test_no_rage_decision_without_anything_to_gain(make_fight, helpers):
    # Initiative 0: every second segment below 0 is nothing, so Rage buys nothing.
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[2, 2, 2, 2, 2, 2],
        max_rounds=1,
    )
    assert [(d.actor, d.kind) for d in fight.pending()] == [("tom", "action"), ("dummy", "action")]


def test_no_gnosis_in_a_turn_with_rage(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8, 8, 8, 8, 2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:1")
    keys = [c.key for c in helpers.decision(fight, "tom").choices]
    assert "sideways" not in keys


def test_no_gnosis_after_rage_spent_on_shifting(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8, 8, 8, 8, 2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    assert "sideways" in [c.key for c in helpers.decision(fight, "tom").choices]
    events = helpers.answer(fight, "tom", "shift:crinos:rage")
    assert events[0].text == "Tom spends 1 Rage and shifts to Crinos at once, keeping the action."
    keys = [c.key for c in helpers.decision(fight, "tom", "action").choices]
    assert "sideways" not in keys
    assert fight.view().combatant("tom").form == "Crinos"


@pytest.mark.parametrize(
    ("face", "kind", "status"),
    [
        (3, "sideways_failed", "active"),  # 3 is below the Gauntlet's 7
        (7, "stepped_sideways", "fled"),  # one success: gone into the Umbra
    ],
)
def test_stepping_sideways_rolls_gnosis_against_the_gauntlet(
    make_fight, helpers, face, kind, status
):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8, 8, 8, 8, 2, 2, face],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "tom", "sideways")
    helpers.forgo(fight)
    stepped = next(e for e in fight.events if e.kind == kind)
    success = "1 success" if face == 7 else "0 successes"
    assert (
        stepped.why == f"Gnosis, 1 die at difficulty 7 (the Gauntlet 7): [{face}] at 7: {success}"
    )
    assert fight.view().combatant("tom").status == status


def test_simultaneous_actions_drop_each_other(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        rigged=[
            *[8, 8, 2, 2],  # Tom: segment 2
            *[8, 8, 2, 2, 2, 2, 2],  # Vilna: segment 2 as well
            *[9] * 6,  # Tom's punch: 6 successes
            *[9] * 7,  # Vilna's punch: 7 successes
            *[9] * 8,  # Tom's damage: 3 + 5 = 8 dice, all hit
            *[9] * 9,  # Vilna's damage: 3 + 6 = 9 dice
            *[2, 2, 2],  # Vilna soaks nothing: 8 levels
            *[2, 2, 2],  # Tom soaks nothing: 9 levels
        ],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "vilna", "rage:0")
    helpers.answer(fight, "tom", "punch:vilna")
    helpers.answer(fight, "vilna", "punch:tom")
    helpers.forgo(fight)
    view = fight.view()
    assert (view.combatant("tom").status, view.combatant("vilna").status) == (
        "incapacitated",
        "incapacitated",
    )
    assert view.winner is None
    assert view.outcome == "nobody is left standing"
    # Both rolls are made before any result applies.
    order = [
        e.kind
        for e in fight.events
        if e.round == 1 and e.kind in ("attack_rolled", "damage_rolled", "damage_soaked", "wounded")
    ]
    assert order == [
        "attack_rolled",
        "attack_rolled",
        "damage_rolled",
        "damage_rolled",
        "damage_soaked",
        "damage_soaked",
        "wounded",
        "wounded",
    ]


def test_fastest_first(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 5),
        rigged=[8, 2, 2, 2, 8, 8, 8, 2, 2, 2, 2],  # Tom on 1, Vilna on 3
        max_rounds=1,
    )
    helpers.answer(fight, "vilna", "rage:0")
    assert fight.view().order == ("3: Vilna", "1: Tom")
    assert [d.actor for d in fight.pending()] == ["vilna"]
    helpers.answer(fight, "vilna", "wait")
    assert [d.actor for d in fight.pending()] == ["tom"]
    assert fight.view().combatant("tom").intention == "acts on 1"


def test_the_fight_ends_at_once_when_the_last_enemy_falls(make_fight, helpers):
    # werewolf.md 3.4: Tom acts on 4, 2 and 0 (one Rage); his punch on 4 takes the dummy out.
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[
            *[8, 8, 8, 8],  # Tom: segment 4
            *[2, 2],  # Dummy: segment 0
            *[9] * 6,  # Tom's punch: 6 successes
            *[9] * 8,  # damage: Strength 3 + 5 = 8 levels
            *[2, 2],  # the dummy soaks nothing: Incapacitated
        ],
        max_rounds=3,
    )
    helpers.answer(fight, "tom", "rage:1")
    helpers.answer(fight, "tom", "punch:dummy")
    helpers.forgo(fight)
    # Nobody is asked for the turn's remaining actions (Tom's Rage actions on 2 and 0).
    assert fight.pending() == ()
    assert fight.over
    assert fight.view().winner == "north"
    after = helpers.kinds(fight.events)[helpers.kinds(fight.events).index("incapacitated") :]
    assert "segment_started" not in after
    assert after[-1] == "fight_ended"
    assert fight.round == 1


def test_a_new_turn_starts_from_a_fresh_one() -> None:
    """Every field of a combatant's turn goes back to a fresh Turn's, and its spends with it."""
    from arena.ecs.werewolf.components import Act, Pools, Slot, Turn
    from arena.ecs.werewolf.initiative import _new_turn
    from arena.ecs.world import FightWorld, spawn

    world = FightWorld()
    try:
        with world.entered():
            turn = Turn(5, True, True, [Slot(5, 5, act=Act("wait"))], 3, 4, 2, True)
            pools = Pools(3, 5, 2, 4, 1, 6, 2, True, True)
            spawn(turn, pools)
            _new_turn(turn, pools)
        assert turn == Turn()
        assert (pools.rage_spent_turn, pools.gnosis_used_turn, pools.willpower_used_turn) == (
            0,
            False,
            False,
        )
    finally:
        world.close()


def test_the_sideways_choice_rolls_the_gnosis_now_against_the_gauntlet(make_fight, helpers):
    def sideways(gnosis: int) -> tuple[int, int]:
        fight = make_fight(
            ("tom", "tom", "north", 1, {"gnosis": gnosis}),
            ("dummy", "dummy", "south", 5),
            rigged=[8, 8, 8, 8, 2, 2],
            max_rounds=1,
        )
        helpers.answer(fight, "tom", "rage:0")
        (choice,) = [c for c in helpers.decision(fight, "tom").choices if c.key == "sideways"]
        (roll,) = choice.rolls
        return roll.pool, roll.difficulty

    assert sideways(1) == (1, 7)  # the yard's Gauntlet is 7
    assert sideways(3) == (3, 7)
