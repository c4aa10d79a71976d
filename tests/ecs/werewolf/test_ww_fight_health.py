"""Health, forms, regeneration, frenzy, the Delirium, stun, falls, holds and disarms in a fight."""

from __future__ import annotations

import pytest

from arena.words.steps import step_name


def _tom_hits_dummy(
    make_fight,
    helpers,
    levels,
    *,
    means="punch",
    template="tom",
    spawn=2,
    soak=(2, 2),
    options=None,
    extra=(),
):
    """Tom (6 successes on 6 dice) hits the dummy: 8 damage dice, `levels` of them hit."""
    pools = {"tom": 4, "operative": 6}
    attack = {"punch": 6, "knife": 5}[means]
    damage = {"punch": 8, "knife": 3 + 1 + attack - 1}[means]
    fight = make_fight(
        ("tom", template, "north", 1),
        ("dummy", "dummy", "south", spawn),
        rigged=[8] * pools[template]
        + [2, 2]
        + [9] * attack
        + [9] * levels
        + [2] * (damage - levels)
        + (list(soak) if levels else [])
        + list(extra),
        max_rounds=1,
        options=options or {},
    )
    if any(d.kind == "rage" for d in fight.pending()):
        helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "tom", f"{means}:dummy")
    helpers.answer(fight, "dummy", "forgo")  # no abort into a dodge
    helpers.answer(fight, "tom", "forgo")  # no Willpower
    return fight


@pytest.mark.parametrize(
    ("levels", "health", "penalty", "status"),
    [
        (0, "Healthy", 0, "active"),
        (1, "Bruised (0)", 0, "active"),
        (2, "Hurt (-1)", 1, "active"),
        (3, "Injured (-1)", 1, "active"),
        (4, "Wounded (-2)", 2, "active"),
        (5, "Mauled (-2)", 2, "active"),
        (6, "Crippled (-5)", 5, "active"),
        (7, "Incapacitated", 5, "incapacitated"),
        (8, "Incapacitated", 5, "incapacitated"),  # one bashing turned lethal
    ],
)
def test_the_seven_health_levels(make_fight, helpers, levels, health, penalty, status):
    fight = _tom_hits_dummy(make_fight, helpers, levels)
    dummy = fight.view().combatant("dummy")
    assert (dummy.health, dummy.penalty, dummy.status) == (health, penalty, status)


def test_bashing_past_incapacitated_turns_into_lethal(make_fight, helpers):
    fight = _tom_hits_dummy(make_fight, helpers, 8)
    wounded = next(e for e in fight.events if e.kind == "wounded")
    assert wounded.text == "Dummy takes 8 bashing: Incapacitated: 1 lethal, 6 bashing."
    assert [e.kind for e in fight.events if e.actor == "dummy"][-2:] == [
        "incapacitated",
        "action_forfeited",  # the dummy's action on segment 0, not yet declared, is lost
    ]


def test_lethal_past_incapacitated_kills(make_fight, helpers):
    fight = _tom_hits_dummy(make_fight, helpers, 8, means="knife", template="operative")
    dummy = fight.view().combatant("dummy")
    assert (dummy.health, dummy.status) == ("Dead", "dead")
    assert "killed" in helpers.kinds(fight.events)


def test_a_spirit_dissipates_when_its_essence_is_gone(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("bane", "bane", "south", 2, {"essence": 3}),
        rigged=[8] * 4 + [2] * 5 + [9] * 6 + [9] * 8 + [2] * 4,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "tom", "punch:bane")
    helpers.answer(fight, "bane", "forgo")
    helpers.answer(fight, "tom", "forgo")
    bane = fight.view().combatant("bane")
    assert (bane.health, bane.status) == ("Dissipated", "dissipated")
    assert fight.over
    assert fight.view().winner == "north"


def test_shifting_takes_the_action(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8] * 4 + [2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    events = helpers.answer(fight, "tom", "shift:crinos")
    shifted = next(e for e in events if e.kind == "shifted")
    assert (step_name(shifted.step), shifted.text) == ("3.4 Non-combat", "Tom shifts to Crinos.")
    tom = fight.view().combatant("tom")
    assert (tom.form, dict(tom.traits)["strength"], dict(tom.traits)["stamina"]) == ("Crinos", 7, 6)
    assert tom.pools[0].current == 4  # no Rage spent
    assert fight.pending()[0].actor == "dummy"  # Tom's action went on the shift


@pytest.mark.parametrize(
    ("template", "regenerates"),
    [
        ("ahroun_crinos", True),  # a homid Garou out of its breed form
        ("ahroun", False),  # in its breed form it does not
    ],
)
def test_regeneration_at_the_end_of_the_turn(make_fight, helpers, template, regenerates):
    soak = 6 if template == "ahroun_crinos" else 3
    fight = make_fight(
        ("dummy", "dummy", "south", 1),
        ("ah", template, "north", 2),
        # The dummy acts on 2, the Garou on 0; 2 successes, 3 damage, no soak; no frenzy.
        rigged=[8, 8] + [2] * 4 + [8, 8] + [9, 9, 9] + [2] * soak + [2] * 5,
        max_rounds=1,
    )
    helpers.answer(fight, "dummy", "punch:ah")
    helpers.answer(fight, "ah", "forgo")
    helpers.answer(fight, "dummy", "forgo")
    helpers.answer(fight, "ah", "wait")
    health = fight.view().combatant("ah").health
    assert health == ("Hurt (-1)" if regenerates else "Injured (-1)")
    assert ("regenerated" in helpers.kinds(fight.events)) == regenerates
    wounded = next(e for e in fight.events if e.kind == "wounded")
    assert wounded.text.endswith("takes 3 bashing: Injured (-1): 3 bashing.")
    if regenerates:
        healed = next(e for e in fight.events if e.kind == "regenerated")
        assert healed.text.endswith("regenerates: Hurt (-1): 2 bashing.")
        assert (healed.data["healed"], healed.data["bashing"]) == (1, 2)


def test_frenzy_when_first_wounded(make_fight, helpers):
    fight = make_fight(
        ("dummy", "dummy", "south", 1),
        ("ah", "ahroun", "north", 2),
        # the dummy hits for 3; the Ahroun's 5 Rage dice at 6 make 4 successes: frenzy.
        rigged=[8, 8] + [2] * 4 + [8, 8] + [9, 9, 9] + [2, 2, 2] + [6, 6, 6, 6, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "dummy", "punch:ah")
    helpers.answer(fight, "ah", "forgo")
    helpers.answer(fight, "dummy", "forgo")
    frenzied = next(e for e in fight.events if e.kind == "frenzied")
    assert frenzied.text == "Young Ahroun frenzies and takes Crinos form!"
    assert frenzied.why == (
        "first wounded in this fight: Rage 5, 5 dice at difficulty 6 (the moon 6): "
        "[6, 6, 6, 6, 2] at 6: 4 successes; 4 successes frenzy"
    )
    ah = fight.view().combatant("ah")
    assert ah.form == "Crinos"
    assert ah.notes[0] == "frenzy"
    action = helpers.decision(fight, "ah", "action")
    # Claw and bite on the nearest enemy only, wound penalty ignored; or Willpower to end it.
    assert [(c.key, c.label) for c in action.choices] == [
        ("claw:dummy", "Claw Dummy (7 dice at 6) (frenzy)"),
        ("bite:dummy", "Bite Dummy (7 dice at 5) (frenzy)"),
        ("end_frenzy", "Spend 1 Willpower to end the frenzy"),
    ]
    # Whoever controls the Ahroun, the frenzy is the AI's to play until it ends.
    assert action.controller == "ai:frenzy"
    assert fight.controller_for(action) == "ai:frenzy"
    helpers.answer(fight, "ah", "end_frenzy")
    assert "frenzy" not in fight.view().combatant("ah").notes
    after = helpers.decision(fight, "ah", "action")
    assert "dodge" in [c.key for c in after.choices]
    assert after.controller == ""


def test_frenzy_check_on_seeing_a_packmate_wounded(make_fight, helpers):
    fight = make_fight(
        ("dummy", "dummy", "south", 1),
        ("tom", "tom", "north", 2),
        ("ah", "ahroun", "north", 3),
        # the dummy on 2 hits Tom for 3; Tom's 4 Rage fail; the Ahroun saw it: its 5 fail too.
        rigged=[8, 8] + [2] * 4 + [2] * 4 + [8, 8] + [9, 9, 9] + [2, 2, 2] + [2] * 4 + [2] * 5,
        max_rounds=1,
    )
    helpers.answer(fight, "dummy", "punch:tom")
    helpers.forgo(fight)
    checks = [(e.actor, e.why.split(":")[0]) for e in fight.events if e.kind == "frenzy_resisted"]
    assert checks == [("tom", "first wounded in this fight"), ("ah", "saw Tom wounded")]


@pytest.mark.parametrize(
    ("willpower", "reaction", "keys"),
    [
        (3, "flees, or freezes where there is no way out", ["move:6,3"]),  # for the exit
        (4, "attacks in a berserk rage", ["move:1,2", "wait"]),  # at the Crinos
        (6, "shaken, but fights on", None),
    ],
)
def test_delirium_by_willpower(make_fight, helpers, willpower, reaction, keys):
    fight = make_fight(
        ("ah", "ahroun_crinos", "north", 1),
        ("dummy", "dummy", "south", 5, {"willpower": willpower}),
        rigged=[2] * 4 + [8, 8],  # the dummy acts first, on 2
        max_rounds=1,
    )
    seen = next(e for e in fight.events if e.kind == "delirium")
    assert seen.text == f"Dummy sees Young Ahroun in Crinos form: delirium: {reaction}."
    action = helpers.decision(fight, "dummy", "action")
    if keys is not None:
        assert [c.key for c in action.choices] == keys
    else:
        assert "dodge" in [c.key for c in action.choices]


def test_stun_costs_the_next_action(make_fight, helpers):
    fight = _tom_hits_dummy(make_fight, helpers, 2, options={"stun": "on"})
    assert "stunned" in helpers.kinds(fight.events)
    lost = [e for e in fight.events if e.kind == "action_forfeited" and e.actor == "dummy"]
    assert lost[0].text == "Dummy is stunned and loses the action, segment 0."
    assert fight.over


def test_no_stun_without_the_option(make_fight, helpers):
    fight = _tom_hits_dummy(make_fight, helpers, 2)
    assert "stunned" not in helpers.kinds(fight.events)
    assert helpers.decision(fight, "dummy", "action")


def test_a_stunned_garou_may_spend_rage_to_act(make_fight, helpers):
    fight = make_fight(
        ("dummy", "dummy", "south", 1, {"strength": 4}),
        ("tom", "tom", "north", 2),
        # the dummy on 2 hits Tom for 3 levels (Stamina 3: stunned); Tom's frenzy fails.
        rigged=[8, 8] + [2] * 4 + [8, 8] + [9] * 5 + [2] * 3 + [2] * 4,
        options={"stun": "on"},
        max_rounds=1,
    )
    helpers.answer(fight, "dummy", "punch:tom")
    helpers.answer(fight, "tom", "forgo")  # no abort into a dodge
    helpers.answer(fight, "dummy", "forgo")  # no Willpower
    stun = helpers.decision(fight, "tom", "stun")
    assert [c.key for c in stun.choices] == ["shake_off", "forgo"]
    helpers.answer(fight, "tom", "shake_off")
    assert fight.view().combatant("tom").pools[0].current == 3
    assert helpers.decision(fight, "tom", "action")


def test_a_sweep_knocks_down_and_standing_up_takes_an_action(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[8] * 4 + [2, 2] + [8] + [2] * 5 + [2, 2, 2],  # 1 success; no damage
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "tom", "sweep:dummy")
    helpers.forgo(fight)
    assert "knocked down" in fight.view().combatant("dummy").notes
    assert [c.key for c in helpers.decision(fight, "dummy", "action").choices] == ["stand", "wait"]
    helpers.answer(fight, "dummy", "stand")
    assert "stood_up" in helpers.kinds(fight.events)
    assert "knocked down" not in fight.view().combatant("dummy").notes


def test_a_body_tackle_brings_both_down(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[8] * 4 + [2, 2] + [8] + [2] * 5 + [2] * 4,  # 1 success; 4 damage dice fail
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "tom", "body_tackle:dummy")
    helpers.forgo(fight)
    view = fight.view()
    assert "knocked down" in view.combatant("dummy").notes
    assert "knocked down" in view.combatant("tom").notes


def test_a_grapple_holds_and_the_held_may_break_free(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[8] * 4
        + [2, 2]
        + [8]
        + [2] * 5  # Tom's grapple (Strength + Brawl): 1 success
        + [2] * 3  # 3 damage dice fail
        + [8, 8]
        + [8, 2, 2, 2, 2, 2],  # breaking free: the dummy 2 against Tom's 1
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    helpers.answer(fight, "tom", "grapple:dummy")
    helpers.forgo(fight)
    assert fight.view().combatant("dummy").notes == ("held by Tom",)
    assert fight.view().combatant("tom").notes == ("holding Dummy",)
    keys = [c.key for c in helpers.decision(fight, "dummy", "action").choices]
    assert keys == ["break_free", "punch:tom", "wait"]
    helpers.answer(fight, "dummy", "break_free")
    helpers.answer(fight, "dummy", "forgo")
    broke = next(e for e in fight.events if e.kind == "broke_free")
    assert broke.why == "contested Strength + Brawl: 2 against 1"
    assert fight.view().combatant("dummy").notes == ()


def test_a_disarm_takes_the_weapon(make_fight, helpers):
    fight = make_fight(
        ("op", "operative", "north", 1),
        ("thug", "thug", "south", 2),
        # The operative's knife (4) + 1: difficulty 5; 4 successes beat the thug's Strength 2.
        rigged=[8] * 6 + [2] * 3 + [8, 8, 8, 8, 2],
        max_rounds=1,
    )
    action = helpers.decision(fight, "op", "action")
    assert action.choice("disarm:thug").label == "Disarm Thug (5 dice at 5)"
    helpers.answer(fight, "op", "disarm:thug")
    helpers.forgo(fight)
    disarmed = next(e for e in fight.events if e.kind == "disarmed")
    assert disarmed.text == "First Team operative takes Thug's club."
    assert "club:op" not in [c.key for c in helpers.decision(fight, "thug", "action").choices]
