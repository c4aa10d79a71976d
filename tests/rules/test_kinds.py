"""Closed sets are types: each is defined once, and the views, rules and content share it."""

from __future__ import annotations

from typing import get_args, get_type_hints

from arena.content import scenario, sorcerer, werewolf
from arena.rules import kinds, views
from arena.rules.sorcerer import demons, finishing
from arena.rules.werewolf import delirium, terms


def test_closed_sets_are_defined_once():
    assert terms.DamageType is kinds.DamageType is werewolf.DamageType
    assert terms.Template is kinds.WerewolfKind is werewolf.Kind
    assert delirium.DeliriumReaction is kinds.DeliriumReaction
    assert demons.DemonType is kinds.DemonType
    assert demons.Intent is kinds.DemonIntent
    assert finishing.Severity is kinds.Severity
    assert sorcerer.Kind is kinds.SorcererKind
    assert scenario.Ruleset is kinds.Ruleset


def test_view_fields_that_hold_a_closed_set_name_it():
    def members(cls: type, name: str) -> set[str]:
        hint = get_type_hints(cls)[name]
        return {a for arg in get_args(hint) for a in (get_args(arg) or (arg,))}

    assert members(views.FightView, "ruleset") == {"werewolf", "sorcerer"}
    assert members(views.WerewolfState, "delirium") == {"", "flee_or_freeze", "berserk", "fight_on"}
    assert members(views.SorcererHealth, "severity") == {
        "",
        "banged_up",
        "hospital",
        "mortal",
        "dead",
    }
    assert members(views.DemonView, "judgment") == {"", "attack", "total_defense", "hide"}
    assert members(views.SorcererState, "boost_trait") == {"", "stamina", "will"}
    assert set(get_args(get_args(get_type_hints(views.Choice)["tags"])[0])) == set(
        get_args(views.Tag)
    )


def test_a_views_pools_are_named_from_a_closed_set():
    assert get_args(get_type_hints(views.Pool)["name"]) == get_args(views.PoolName)
    assert set(get_args(views.PoolName)) == {"Rage", "Gnosis", "Willpower", "Humanity", "Power"}
