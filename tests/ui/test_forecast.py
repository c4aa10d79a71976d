"""What a blow does if it lands: the expected levels, the chart row, the attack coming in."""

from __future__ import annotations

import dataclasses

import pytest

from arena.engine import Choice, CombatantView, Decision, FightView, MapView
from arena.rules.actions import Attack, Wait
from arena.rules.views import SorcererHarm, StorytellerSpec, WerewolfHarm, WerewolfState
from arena.ui.forecast import chart_text, harm_text, incoming_text, werewolf_levels

FISTS = SorcererHarm("fists", temporary=(0, 1, 2, 3), lasting=(0, 1, 1, 1))


def punch(pool: int, difficulty: int, damage: int) -> Choice:
    return Choice(
        "punch:vilna",
        "Punch Vilna",
        Attack("tom", "vilna", "punch"),
        target="vilna",
        rolls=(StorytellerSpec(pool, difficulty),),
        harm=WerewolfHarm(damage, "bashing"),
    )


def vilna(soak: int) -> FightView:
    c = CombatantView(
        "vilna", "Vilna", "vilna", "south", "V", "ai:nearest", (2, 1), "active", "", 0, ()
    )
    c = dataclasses.replace(c, werewolf=WerewolfState("garou", "homid", soak=soak))
    return FightView("werewolf", 1, "", False, None, "", (c,), MapView("m", ("...",)), (), (), ())


def test_a_punch_s_expected_levels() -> None:
    # One die at difficulty 2 hits 90% of the time (a 1 botches) with one success, so no
    # extra damage die; one damage die at 6 with 10s rerolled averages 0.5/0.9 successes.
    found = werewolf_levels(punch(1, 2, 1), soak=0)
    assert found is not None
    chance, before, after = found
    assert chance == pytest.approx(0.9)
    assert before == pytest.approx(0.5, abs=1e-3)
    assert after == pytest.approx(before)


def test_soak_takes_levels_off() -> None:
    found = werewolf_levels(punch(6, 5, 4), soak=3)
    assert found is not None
    _, before, after = found
    assert 0 < after < before
    assert harm_text(punch(6, 5, 4), vilna(3)).endswith("if Vilna soaks (3 dice).")


def test_no_roll_no_forecast() -> None:
    assert werewolf_levels(Choice("wait", "Wait", Wait("tom")), soak=2) is None
    assert harm_text(Choice("wait", "Wait", Wait("tom")), None) == ""


def test_the_sorcerer_chart_by_victories() -> None:
    assert chart_text(FISTS) == "1 victory: 1 temporary, 1 lasting · 2: 2, 1 · 3: 3, 1"


def test_an_incoming_attack_is_named_with_its_faces_and_its_harm() -> None:
    decision = Decision(
        "rook", "reaction", "sorc_reactions", "Abort?", (), attacker="mara", incoming=(10,),
        harm=FISTS,
    )  # fmt: skip
    mara = dataclasses.replace(vilna(0).combatants[0], id="mara", name="Mara")
    view = dataclasses.replace(vilna(0), combatants=(mara,))
    assert incoming_text(decision, view) == (
        "Incoming: Mara rolled 10; if it lands, 1 victory: 1 temporary, 1 lasting."
    )


def test_a_werewolf_reaction_names_the_blow_coming_in() -> None:
    tom = dataclasses.replace(
        vilna(0).combatants[0],
        id="tom",
        name="Tom",
        werewolf=WerewolfState("garou", "homid", soak=3),
    )
    attacker = dataclasses.replace(
        vilna(0).combatants[0],
        werewolf=WerewolfState("garou", "homid", targets=("tom",), blow=WerewolfHarm(4, "bashing")),
    )
    view = dataclasses.replace(vilna(0), combatants=(tom, attacker))
    dodge = Choice("dodge", "Dodge", Wait("tom"), rolls=(StorytellerSpec(4, 6),))
    decision = Decision("tom", "reaction", "ww_segments", "Dodge?", (dodge,), segment=4)
    text = incoming_text(decision, view)
    assert text.startswith(
        "Incoming: Vilna's heaviest blow, 4 dice of bashing and 1 per success past the first: ≈"
    )
    assert text.endswith("after your 3 soak dice, if you may soak it.")
