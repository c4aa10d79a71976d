"""Rolls are named by what they are, from the event's kind and numbers, never its step's text."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Event
from arena.engine.setup import scenario_fight
from arena.rules.views import ContestSpec
from arena.ui.panels import being_word
from arena.ui.roll_labels import roll_label
from arena.ui.wording import counted


@pytest.mark.parametrize(
    ("kind", "step", "data", "label"),
    [
        # A Werewolf dodge is rolled in the attack step: it is still a dodge.
        ("defence_rolled", "ww_attack", {"defence": "dodge"}, "Dodge"),
        ("defence_rolled", "ww_attack", {"defence": "block"}, "Block"),
        ("attack_rolled", "ww_attack", {"means": "body_tackle"}, "Attack: body tackle"),
        ("damage_rolled", "ww_damage", {"means": "punch"}, "Damage: punch"),
        ("damage_soaked", "ww_soak", {}, "Soak"),
        ("initiative_rolled", "ww_initiative", {}, "Initiative"),
        ("roll_made", "ww_other", {"action": "break_free"}, "Break free"),
        # Both Sorcerer contests of Step 4 are attacks, whoever wins them.
        ("attack_hit", "sorc_reactions", {"weapon": "fists"}, "Attack: fists"),
        ("attack_missed", "sorc_reactions", {"weapon": "knife"}, "Attack: knife"),
        ("order_rolled", "sorc_order", {}, "Order"),
        # A kind added later (a free attack when leaving) reads as its kind, not its step.
        ("free_attack_rolled", "ww_attack", {}, "Free attack"),
        ("jumped", "ww_other", {}, "Jumped"),
    ],
)
def test_rolls_are_labelled_by_their_kind(
    kind: str, step: str, data: dict[str, object], label: str
) -> None:
    event = Event(kind, 1, step, "", data=data)  # type: ignore[arg-type]
    assert roll_label(event) == label


def test_a_human_is_not_homid(catalog: Catalog) -> None:
    fight = scenario_fight(catalog, "werewolf-thugs")
    fight.start()
    view = fight.view()
    words = {c.template: being_word(c) for c in view.combatants}
    assert words["thug"] == "Human"
    assert words["ahroun"] == "Homid"  # a Garou is named by its form


def test_plurals_count_one_as_one() -> None:
    assert counted(1, "turn", "turns") == "1 turn"
    assert counted(2, "turn", "turns") == "2 turns"
    assert ContestSpec(1, 8).odds_words().endswith("(1 die against 8)")
    assert ContestSpec(3, 8).odds_words().endswith("(3 dice against 8)")


def test_a_botch_card_is_under_the_roll_that_botched() -> None:
    from arena.ui.rule_cards import card_for

    # The engine says the botch in the damage step; the card belongs to the attack roll.
    event = Event("attack_botched", 1, "ww_damage", "Tom botches: punch.", actor="tom")
    card = card_for(event)
    assert card.step == "3.1 Attack"
    assert any("botch" in line for line in card.rule)


def test_a_fight_stopped_after_one_decision_says_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from arena.cli import main

    path = tmp_path / "duel.yaml"
    assert main(["run", "werewolf-duel", "--save", str(path), "--stop-after", "1"]) == 0
    assert "(stopped after 1 decision; the fight goes on)" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert "(saved after 1 decision; arena run --resume plays on)" in capsys.readouterr().out
