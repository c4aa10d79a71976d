"""Frenzy, stun, forms and shifting, and the Delirium."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.dice import RiggedDice
from arena.rules.werewolf.delirium import delirium_reaction, suffers_delirium
from arena.rules.werewolf.forms import (
    Form,
    Physical,
    in_form,
    is_breed_form,
    shift_form,
)
from arena.rules.werewolf.frenzy import (
    FRENZY,
    check_frenzy,
    effective_wound_penalty,
    end_frenzy,
    frenzy_difficulty,
    score_frenzy,
)
from arena.rules.werewolf.options import SEED_OPTIONS
from arena.rules.werewolf.stun import shake_off_stun, stunned

# Test forms: only Crinos's Dexterity +1 comes from the seed (Vilna: 4, 5 in Crinos).
HOMID = Form("homid", 0, 0, 0, speed=4, hands=True)
CRINOS = Form("crinos", 4, 1, 3, speed=5, hands=True, frenzy_modifier=-1, delirium=True)
LUPUS = Form("lupus", 1, 2, 2, speed=8, hands=False)
FORMS = {form.name: form for form in (HOMID, CRINOS, LUPUS)}


@pytest.mark.parametrize(
    ("faces", "difficulty", "frenzies"),
    [
        ((6, 7, 8, 9, 2), 6, True),  # four successes at the half moon: frenzy
        ((6, 7, 8, 1, 2), 6, False),  # a 1 cancels one: three, no frenzy
        ((5, 5, 5, 5), 5, True),  # in Crinos the difficulty drops to 5
    ],
)
def test_score_frenzy(faces, difficulty, frenzies):
    check = score_frenzy(faces, difficulty, SEED_OPTIONS.frenzy_successes)
    assert check.frenzies is frenzies


def test_check_frenzy_rolls_current_rage():
    dice = RiggedDice((6, 6, 6))
    check = check_frenzy(dice, 3, 6, 4)
    assert (check.roll.pool, check.roll.net, check.frenzies) == (3, 3, False)
    assert dice.remaining == 0


@pytest.mark.parametrize(
    ("form", "difficulty"),
    [
        (HOMID, 6),  # the half moon
        (CRINOS, 5),  # -1 in Crinos
    ],
)
def test_frenzy_difficulty(form, difficulty):
    assert frenzy_difficulty(SEED_OPTIONS.moon_difficulty, form.frenzy_modifier) == difficulty


def test_frenzy_effects():
    assert FRENZY.form == "crinos"
    assert FRENZY.maneuvers == ("claw", "bite")
    assert (FRENZY.can_defend, FRENZY.can_split, FRENZY.can_use_gnosis) == (False,) * 3
    assert effective_wound_penalty(2, frenzied=True) == 0  # wounds ignored
    assert effective_wound_penalty(2, frenzied=False) == 2


def test_end_frenzy_costs_willpower():
    assert end_frenzy(2, SEED_OPTIONS.frenzy_end_willpower_cost) == 1
    with pytest.raises(IllegalCommand, match="Willpower"):
        end_frenzy(0, 1)


@pytest.mark.parametrize(
    ("levels", "stamina", "enabled", "expected"),
    [
        (3, 3, True, True),  # Stamina levels in one attack stun
        (2, 3, True, False),  # fewer do not
        (5, 3, False, False),  # the option is off by default
        (0, 0, True, False),  # no damage never stuns
    ],
)
def test_stunned(levels, stamina, enabled, expected):
    assert stunned(levels, stamina, enabled=enabled) is expected


def test_shake_off_stun_costs_rage():
    assert shake_off_stun(2, SEED_OPTIONS.stun_rage_cost) == 1
    with pytest.raises(IllegalCommand, match="Gnosis"):
        shake_off_stun(2, 1, gnosis_used=True)


def test_in_form():
    vilna = Physical(strength=3, dexterity=4, stamina=3)
    assert in_form(vilna, CRINOS).dexterity == 5  # Vilna: Dex 4, 5 in Crinos
    assert in_form(vilna, HOMID) == vilna


@pytest.mark.parametrize(
    ("template", "breed", "form", "expected"),
    [
        ("garou", "homid", "homid", True),  # a homid's breed form
        ("garou", "homid", "crinos", False),  # out of it
        ("garou", "metis", "crinos", True),  # a metis is born in Crinos
        ("garou", "lupus", "lupus", True),  # a lupus in Lupus
        ("human", None, "homid", False),  # only Garou have a breed form
    ],
)
def test_is_breed_form(template, breed, form, expected):
    assert is_breed_form(template, breed, form) is expected


def test_shifting_takes_an_action_or_rage():
    by_action = shift_form("homid", "crinos", FORMS, use_rage=False, rage_current=2, rage_cost=1)
    assert (by_action.form, by_action.rage, by_action.uses_action) == ("crinos", 2, True)
    by_rage = shift_form("homid", "crinos", FORMS, use_rage=True, rage_current=2, rage_cost=1)
    assert (by_rage.form, by_rage.rage, by_rage.uses_action) == ("crinos", 1, False)


@pytest.mark.parametrize(
    ("current", "target", "rage", "gnosis_used", "message"),
    [
        ("homid", "hispo", 2, False, "no form named 'hispo'"),  # unknown here
        ("crinos", "crinos", 2, False, "already in crinos"),  # no shift to the same form
        ("homid", "crinos", 0, False, "only 0 Rage"),  # no Rage to pay
        ("homid", "crinos", 2, True, "Gnosis"),  # no Rage in a Gnosis turn
    ],
)
def test_shift_form_refuses(current, target, rage, gnosis_used, message):
    with pytest.raises(IllegalCommand, match=message):
        shift_form(
            current, target, FORMS, use_rage=True, rage_current=rage, rage_cost=1,
            gnosis_used=gnosis_used,
        )  # fmt: skip


@pytest.mark.parametrize(
    ("willpower", "reaction"),
    [
        (1, "flee_or_freeze"),  # 1-3 flees or freezes
        (3, "flee_or_freeze"),
        (4, "berserk"),  # 4 attacks in a berserk rage
        (5, "fight_on"),  # 5+ fights on
        (9, "fight_on"),
    ],
)
def test_delirium_reaction(willpower, reaction):
    assert (
        delirium_reaction(willpower, berserk_from=SEED_OPTIONS.delirium_berserk,
                          steady_from=SEED_OPTIONS.delirium_steady)
        == reaction
    )  # fmt: skip


@pytest.mark.parametrize(
    ("template", "form", "expected"),
    [
        ("human", CRINOS, True),  # a human who sees a Crinos
        ("human", LUPUS, False),  # a wolf is only a wolf
        ("garou", CRINOS, False),  # Garou are immune
    ],
)
def test_suffers_delirium(template, form, expected):
    assert suffers_delirium(template, form) is expected
