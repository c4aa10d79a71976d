"""The engine's roll specs carry what the 10s do, so the odds a choice shows follow the options."""

from __future__ import annotations

import pytest

from arena.ai.werewolf.values import blow, levels
from arena.content.loader import Catalog, load_scenario_text
from arena.engine import Fight
from arena.engine.controllers import play_until_human
from arena.rules.odds import storyteller_odds
from arena.rules.views import Choice, StorytellerSpec, WerewolfHarm

SCENARIO = """name: House rules
ruleset: werewolf
map: {{name: Room, rows: ["#######", "#.12..#", "#######"]}}
seed: 1
max_rounds: 2
options: {{specialty: "{specialty}", damage_tens: "{damage}"}}
combatants:
  - {{id: vilna, template: vilna, side: b, spawn: 2}}
  - id: tom
    side: a
    spawn: 1
    controller: human
    character:
      name: Tom
      glyph: T
      kind: human
      attributes: {{strength: 3, dexterity: 4, stamina: 3, wits: 3}}
      willpower: 5
      abilities: {{brawl: 5, alertness: 2}}
      specialties: [brawl]
"""


def choices(catalog: Catalog, specialty: str, damage: str) -> dict[str, Choice]:
    text = SCENARIO.format(specialty=specialty, damage=damage)
    fight = Fight(load_scenario_text(text, "t.yaml", catalog), catalog)
    play_until_human(fight)
    (decision,) = fight.pending()
    assert (decision.actor, decision.kind) == ("tom", "action")
    return {c.key: c for c in decision.choices}


def spec(choice: Choice, index: int = 0) -> StorytellerSpec:
    found = choice.rolls[index]
    assert isinstance(found, StorytellerSpec)
    return found


@pytest.mark.parametrize("specialty", ["off", "double", "reroll"])
def test_brawl_rolls_follow_the_specialty_and_a_dodge_does_not(
    catalog: Catalog, specialty: str
) -> None:
    menu = choices(catalog, specialty, "reroll")
    # Punch and block roll Brawl, Tom's specialty; a dodge rolls Dodge, which is not.
    assert spec(menu["punch:vilna"]) == StorytellerSpec(9, 5, tens=specialty)  # type: ignore[arg-type]
    assert spec(menu["block"]).tens == specialty
    assert spec(menu["dodge"]).tens == "off"
    split = menu["split:punch:vilna@4x2+punch:vilna@4x1+dodge@4x1"]
    assert [spec(split, i).tens for i in range(3)] == [specialty, specialty, "off"]


def test_a_choice_shows_the_exact_odds_of_its_tens(catalog: Catalog) -> None:
    menu = choices(catalog, "double", "reroll")
    split = menu["split:punch:vilna@4x2+punch:vilna@4x1+dodge@4x1"]
    # One die at 7, a 10 counting twice: 7-9 one success (0.3), 10 two (0.1), 1 a botch (0.1).
    assert split.odds.split("; ")[1] == (
        "1 die at 7, 10s count twice: success 40.0%, botch 10.0%, expected 0.50"
    )
    punch = spec(menu["punch:vilna"])
    assert punch.odds() == storyteller_odds(9, 5, tens="double")


@pytest.mark.parametrize(("damage", "tens"), [("reroll", "reroll"), ("plain", "off")])
def test_a_blows_harm_carries_the_damage_tens(catalog: Catalog, damage: str, tens: str) -> None:
    harm = choices(catalog, "off", damage)["punch:vilna"].harm
    assert harm == WerewolfHarm(3, "bashing", tens=tens)  # type: ignore[arg-type]


def test_the_ai_estimates_count_the_tens() -> None:
    # Two plain damage dice at 6: one level on average.
    assert levels(2, 0, "off") == pytest.approx(1.0)
    # Rerolled 10s: each die adds a tenth of a die worth 5/9 (to 10**-7).
    assert levels(2, 0, "reroll") == pytest.approx(2 * (0.5 + 0.1 * 5 / 9), abs=1e-6)
    # One attack die, no damage dice of its own: only a doubled 10 (1 in 10) lands a damage
    # die, worth half a level plain.
    assert blow(1, 6, 0, 0, "off", "off") == 0.0
    assert blow(1, 6, 0, 0, "double", "off") == pytest.approx(0.05)
