"""A split answered is planned by the rules once: the plan its menu checked is taken again."""

from __future__ import annotations

import importlib

import pytest

from arena.rules.werewolf.commands import Split

accept = importlib.import_module("arena.ecs.werewolf.accept")  # the module, not its function


def _fight(make_fight):
    return make_fight(
        ("vilna", "vilna", "north", 1),
        ("dummy", "dummy", "south", 2),
        # Vilna: 7 successes; the dummy 0; three punches of 3, 2 and 2 dice miss.
        rigged=[8] * 7 + [2, 2] + [2] * 7,
        max_rounds=1,
    )


def test_a_split_from_the_menu_takes_the_plan_the_menu_checked(
    make_fight, helpers, monkeypatch: pytest.MonkeyPatch
):
    fight = _fight(make_fight)
    helpers.answer(fight, "vilna", "rage:0")
    planned: list[object] = []
    monkeypatch.setattr(accept, "plan_split", lambda *a, **k: planned.append(a))
    helpers.answer(fight, "vilna", "split:punch:dummy@7x3+punch:dummy@7x2+punch:dummy@7x2")
    helpers.forgo(fight)
    assert planned == []
    # Each part with its same-segment penalty, as the rules planned it for the menu.
    rolled = [(e.roll.pool, e.roll.difficulty) for e in fight.events if e.kind == "attack_rolled"]
    assert rolled == [(3, 6), (2, 7), (2, 8)]


def test_a_split_not_on_the_menu_gets_its_penalties_from_the_rules(make_fight, helpers):
    fight = _fight(make_fight)
    helpers.answer(fight, "vilna", "rage:0")
    fight.apply(Split("vilna", "punch:dummy", 4, 7, "punch:dummy", 3, 7))
    helpers.forgo(fight)
    rolled = [(e.roll.pool, e.roll.difficulty) for e in fight.events if e.kind == "attack_rolled"]
    assert rolled == [(4, 6), (3, 7)]
