"""Attacks in a running fight: every maneuver and weapon, guns and range, damage and soak."""

from __future__ import annotations

import pytest

INITIATIVE = {"tom": 4, "ahroun": 4, "thug": 3, "operative": 6, "gunman": 6, "fomor": 4, "bane": 5}
"""Wits + Alertness of each attacker: the dice of its initiative roll."""


def _pool(template: str) -> int:
    return INITIATIVE[template.split("_")[0]]


def _first_action(fight, helpers, actor):
    if any(d.kind == "rage" for d in fight.pending()):
        helpers.answer(fight, actor, "rage:0")
    return helpers.decision(fight, actor, "action")


@pytest.mark.parametrize(
    ("template", "attacks"),
    [
        # Homid: punches and kicks, tackles, grapples (Strength + Brawl) and sweeps.
        (
            "tom",
            ["punch 6 at 5", "kick 6 at 7", "body_tackle 6 at 7", "grapple 6 at 6", "sweep 6 at 7"],
        ),
        # Glabro: claws join in; Strength 5 makes the grapple bigger.
        (
            "ahroun_glabro",
            [
                "claw 6 at 6",
                "punch 6 at 5",
                "kick 6 at 7",
                "body_tackle 6 at 7",
                "grapple 8 at 6",
                "sweep 6 at 7",
            ],
        ),
        # Crinos: Dexterity 4, claw and bite.
        (
            "ahroun_crinos",
            [
                "claw 7 at 6",
                "bite 7 at 5",
                "punch 7 at 5",
                "kick 7 at 7",
                "body_tackle 7 at 7",
                "grapple 10 at 6",
                "sweep 7 at 7",
            ],
        ),
        # Hispo: no hands, so no punch, kick or grapple.
        ("ahroun_hispo", ["claw 8 at 6", "bite 8 at 5", "body_tackle 8 at 7", "sweep 8 at 7"]),
        # Lupus: bites.
        ("ahroun_lupus", ["bite 8 at 5", "body_tackle 8 at 7", "sweep 8 at 7"]),
        # A thug: the club first (weapons before bare hands), then fists and feet.
        ("thug", ["club 4 at 4", "punch 4 at 5", "kick 4 at 7"]),
        # A fomor's bone blades.
        ("fomor", ["bone_blades 5 at 6", "punch 5 at 5", "kick 5 at 7"]),
        # A Bane lashes with spirit-stuff.
        ("bane", ["spirit_lash 6 at 6"]),
    ],
)
def test_attack_menu_by_form(make_fight, helpers, template, attacks):
    fight = make_fight(
        (template, template, "north", 1),
        ("dummy", "dummy", "south", 2),
        rigged=[8] * _pool(template) + [2, 2],
        max_rounds=1,
    )
    action = _first_action(fight, helpers, template)
    found = []
    for choice in action.choices:
        if "attack" in choice.tags:
            dice, at = choice.label.rsplit("(", 1)[1].rstrip(")").split(" dice at ")
            found.append(f"{choice.key.split(':')[0]} {dice} at {at}")
    assert found == attacks


@pytest.mark.parametrize(
    ("template", "means", "pool", "damage", "kind"),
    [
        ("tom", "punch", 6, 3, "bashing"),  # Strength
        ("tom", "kick", 6, 4, "bashing"),  # Strength + 1
        ("ahroun_glabro", "claw", 6, 6, "bashing"),  # Strength 5 + 1, bashing in Glabro
        ("ahroun_crinos", "claw", 7, 8, "aggravated"),  # Strength 7 + 1
        ("ahroun_hispo", "bite", 8, 8, "aggravated"),  # Strength 6 + 1, + 1 in Hispo
        ("ahroun_lupus", "bite", 8, 5, "aggravated"),  # Strength 4 + 1
        ("thug", "club", 4, 4, "bashing"),  # Strength 2 + 2
        ("operative", "knife", 5, 4, "lethal"),  # Strength 3 + 1
        ("operative", "silver_pistol", 6, 5, "aggravated"),  # the gun's own 5, no Strength
        ("fomor", "bone_blades", 5, 5, "lethal"),  # Strength 4 + 1
    ],
)
def test_one_success_rolls_the_base_damage(
    make_fight, helpers, template, means, pool, damage, kind
):
    fight = make_fight(
        (template, template, "north", 1),
        ("dummy", "dummy", "south", 2),
        # initiative; the dummy on 0; one attack success; damage dice that all fail.
        rigged=[8] * _pool(template) + [2, 2] + [8] + [2] * (pool - 1) + [2] * damage,
        max_rounds=1,
    )
    _first_action(fight, helpers, template)
    helpers.answer(fight, template, f"{means}:dummy")
    helpers.forgo(fight)
    rolled = next(e for e in fight.events if e.kind == "damage_rolled")
    assert rolled.roll.pool == damage
    assert rolled.text.endswith(f"rolls 0 {kind} damage.")


def test_each_success_beyond_the_first_adds_a_damage_die(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        # 3 successes: Strength 3 + 2 dice of damage, 2 of them hit; the dummy soaks 1.
        rigged=[8] * 4 + [2, 2] + [8, 8, 8, 2, 2, 2] + [6, 6, 2, 2, 2] + [6, 2],
        max_rounds=1,
    )
    _first_action(fight, helpers, "tom")
    helpers.answer(fight, "tom", "punch:dummy")
    helpers.forgo(fight)
    damage = next(e for e in fight.events if e.kind == "damage_rolled")
    soak = next(e for e in fight.events if e.kind == "damage_soaked")
    assert damage.why == (
        "Strength 3 + 0 + 2 extra successes = 5 dice, never split; difficulty 6, 10s rerolled: "
        "[6, 6, 2, 2, 2] at 6: 2 successes"
    )
    assert soak.text == "Dummy soaks 1: takes 1 level of bashing damage."
    assert soak.why == "Stamina 2 = 2 dice, difficulty 6, 10s rerolled: [6, 2] at 6: 1 success"
    assert fight.view().combatant("dummy").health == "Bruised (0)"


def test_tens_reroll_on_damage_and_soak(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),
        # 1 success; 3 damage dice: a 10 adds a die (another 10, another die); soak: 10 then 2.
        rigged=[8] * 4 + [2, 2] + [8] + [2] * 5 + [10, 2, 2, 10, 1] + [10, 2, 2],
        max_rounds=1,
    )
    _first_action(fight, helpers, "tom")
    helpers.answer(fight, "tom", "punch:dummy")
    helpers.forgo(fight)
    damage = next(e for e in fight.events if e.kind == "damage_rolled")
    soak = next(e for e in fight.events if e.kind == "damage_soaked")
    assert (damage.roll.faces, damage.roll.net, damage.roll.rerolls) == ((10, 2, 2, 10, 1), 2, 2)
    assert (soak.roll.faces, soak.roll.net) == ((10, 2, 2), 1)
    assert fight.view().combatant("dummy").health == "Bruised (0)"


@pytest.mark.parametrize(
    ("attacker", "means", "target", "spawn", "expected"),
    [
        # a human cannot soak lethal damage: no soak roll
        (
            "operative",
            "knife",
            "dummy",
            2,
            "Dummy takes 1 level of lethal damage (Dummy cannot soak lethal damage).",
        ),
        # a Garou in its breed form cannot soak aggravated damage
        (
            "ahroun_crinos",
            "claw",
            "tom",
            2,
            "Tom takes 1 level of aggravated damage (Tom cannot soak aggravated damage).",
        ),
        # silver: nobody soaks it, but a Garou in breed form takes it as lethal and soaks
        ("operative", "silver_pistol", "tom", 2, "Tom soaks 0: takes 1 level of lethal damage."),
        # out of its breed form, a Garou cannot soak silver at all
        (
            "operative",
            "silver_pistol",
            "ahroun_crinos",
            2,
            "Young Ahroun takes 1 level of aggravated damage "
            "(Young Ahroun cannot soak silver aggravated damage).",
        ),
        # a spirit soaks with Gnosis
        ("tom", "punch", "bane", 2, "Bane soaks 0: takes 1 level of bashing damage."),
    ],
)
def test_who_soaks_what(make_fight, helpers, attacker, means, target, spawn, expected):
    pools = {"operative": (5 if means == "knife" else 6), "ahroun_crinos": 7, "tom": 6}
    damage = {"knife": 4, "claw": 8, "silver_pistol": 5, "punch": 3}[means]
    targets = {"dummy": 2, "tom": 4, "ahroun_crinos": 4, "bane": 5}
    soak = {"tom": 3, "bane": 4}.get(target, 0)
    fight = make_fight(
        (attacker, attacker, "north", 1),
        (target, target, "south", spawn),
        rigged=[8] * _pool(attacker)
        + [2] * targets[target]
        + [8]
        + [2] * (pools[attacker] - 1)  # one success
        + [6]
        + [2] * (damage - 1)  # one damage success
        + ([2] * soak if "soaks" in expected else [])
        + ([2] * 5 if target in ("tom", "ahroun_crinos") else []),  # the frenzy check fails
        max_rounds=1,
        strict=False,
    )
    for actor in (attacker, target):
        if any(d.kind == "rage" and d.actor == actor for d in fight.pending()):
            helpers.answer(fight, actor, "rage:0")
    helpers.answer(fight, attacker, f"{means}:{target}")
    helpers.forgo(fight)
    soaked = next(e for e in fight.events if e.kind == "damage_soaked")
    assert soaked.text == expected
    if target == "bane":
        assert soaked.why.startswith("Gnosis 4 = 4 dice")
        assert fight.view().combatant("bane").health == "Essence 9/10"
