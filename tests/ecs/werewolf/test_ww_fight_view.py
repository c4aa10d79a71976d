"""What the Werewolf view shows: health, pools, form, intention, notes and the segment track."""

from __future__ import annotations

from arena.content.loader import Catalog
from arena.engine import Fight, step_name
from arena.engine.controllers import play_until_human


def test_the_view_of_a_fresh_fight(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        rigged=[8, 8, 8, 2] + [2] * 7,
        max_rounds=1,
    )
    view = fight.view()
    tom = view.combatant("tom")
    assert (tom.health, tom.penalty, tom.status, tom.form) == ("Healthy", 0, "active", "Homid")
    assert [(p.name, p.current, p.maximum) for p in tom.pools] == [
        ("Rage", 4, 4),
        ("Gnosis", 1, 1),
        ("Willpower", 5, 5),
    ]
    assert dict(tom.traits)["dexterity"] == 3
    assert view.order == ("3: Tom", "0: Vilna")
    assert step_name(view.step) == "2. Rage"
    assert view.ruleset == "werewolf"
    assert ("rage_actions", "schedule") in view.options


def test_intention_is_the_declared_action_of_the_segment(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("vilna", "vilna", "south", 2),
        rigged=[8, 8, 8, 2] + [2] * 7 + [2] * 4,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    assert fight.view().combatant("tom").intention == "acts on 3"
    helpers.answer(fight, "tom", "split:punch:vilna@3x2+dodge@3x2")
    # Waiting for Willpower: the declared split shows as Tom's intention.
    assert fight.view().combatant("tom").intention == "punch Vilna (2 dice) + dodge (2 dice)"
    assert fight.view().combatant("vilna").intention == "acts on 0"


def test_a_frenzied_combatant_shows_it(make_fight, helpers):
    fight = make_fight(
        ("dummy", "dummy", "south", 1),
        ("ah", "ahroun", "north", 2),
        rigged=[8, 8] + [2] * 4 + [8, 8] + [9, 9, 9] + [2, 2, 2] + [6, 6, 6, 6, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "dummy", "punch:ah")
    helpers.forgo(fight)
    ah = fight.view().combatant("ah")
    assert ah.notes == ("frenzy", "why: frenzy: attacks the nearest enemy with claw and bite")
    assert (ah.health, ah.penalty) == ("Injured (-1)", 1)


def test_same_seed_same_fight(catalog: Catalog) -> None:
    scenario = catalog.scenarios["werewolf-thugs"]
    a, b = Fight(scenario, catalog, seed=5), Fight(scenario, catalog, seed=5)
    play_until_human(a, humans_too=True)
    play_until_human(b, humans_too=True)
    assert a.events == b.events
    assert a.round_hashes == b.round_hashes
