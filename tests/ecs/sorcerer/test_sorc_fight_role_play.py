"""Option role_play: who grants the role-playing bonus (sheet, honour, off) in a fight."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import play_until_human
from arena.rules.odds import contest_odds
from tests.ecs.sorcerer.conftest import MakeFight


def _duel(make_fight: MakeFight, sorc: Any, rule: str | None) -> tuple[Any, list[Any]]:
    """Brawler A (sheet bonus 0) and Bruiser B (sheet bonus 1) attack each other."""
    options: dict[str, Any] = {"role_play_max": 3}
    if rule is not None:
        options["role_play"] = rule
    fight = make_fight(
        ("a", "brawler", "north", 1), ("b", "bruiser", "south", 2), options=options, strict=False
    )
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "attack:a:fists"))
    return fight, events


@pytest.mark.parametrize("rule", [None, "sheet"])
def test_role_play_sheet_gives_every_combatant_its_sheets_value(
    make_fight: MakeFight, sorc: Any, rule: str | None
) -> None:
    # The default: nobody is asked; each pool carries its sheet's bonus (the Bruiser's 1).
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "bruiser", "south", 2),
        options={"role_play_max": 3} if rule is None else {"role_play_max": 3, "role_play": rule},
        strict=False,
    )
    # The odds of the Bruiser's attack already count its bonus: 4 dice against 3.
    attack = sorc.decision(fight, "b").choice("attack:a:fists")
    odds = contest_odds(4, 3)
    assert attack.odds.startswith(f"hit {odds.p_first:.1%}")
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "attack:a:fists"))
    assert not [d for d in fight.pending() if d.kind == "bonus"]
    assert not [e for e in events if e.kind == "role_play_granted"]
    tallies = [e.why for e in events if e.kind == "pool_tallied"]
    assert tallies == ["Stamina 3 = 3", "Stamina 3 +1 role-playing = 4"]
    assert dict(fight.options_record())["role_play"] == "sheet"


def test_role_play_off_gives_no_bonus(make_fight: MakeFight, sorc: Any) -> None:
    fight, events = _duel(make_fight, sorc, "off")
    assert not [d for d in fight.pending() if d.kind == "bonus"]
    tallies = [e.why for e in events if e.kind == "pool_tallied"]
    assert tallies == ["Stamina 3 = 3", "Stamina 3 = 3"]
    assert dict(fight.options_record())["role_play"] == "off"


def test_role_play_honour_asks_each_roll_and_the_ai_takes_its_profile(
    make_fight: MakeFight,
) -> None:
    # An AI opponent under honour answers with its profile's value (the Bruiser's 1).
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "bruiser", "south", 2),
        options={"role_play_max": 3, "role_play": "honour"},
        controller="ai:nearest",
        max_rounds=1,
        strict=False,
    )
    play_until_human(fight, humans_too=True)
    granted = [(e.actor, e.data["dice"]) for e in fight.events if e.kind == "role_play_granted"]
    assert ("b", 1) in granted
    assert "a" not in [actor for actor, _ in granted]  # 0 dice: nothing to tell
