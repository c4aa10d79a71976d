"""`arena run` on each shipped Werewolf scenario explains every step of the seed's flow."""

from __future__ import annotations

import re

import pytest

from arena.cli import main
from arena.content.loader import Catalog, default_content_root
from arena.engine import Fight
from arena.engine.controllers import play_until_human
from arena.rules.dice import StorytellerRoll

SCENARIOS = sorted(p.stem for p in (default_content_root() / "scenarios").glob("werewolf-*.yaml"))
ROLLED = {"attack_rolled", "defence_rolled", "damage_rolled", "roll_made", "contest_rolled"}


def test_there_are_at_least_three_werewolf_scenarios_besides_the_duel():
    assert len([s for s in SCENARIOS if s != "werewolf-duel"]) >= 3


@pytest.mark.parametrize("name", SCENARIOS)
def test_run_names_the_seed_steps(name, capsys):
    assert main(["run", name]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    for step in ("1. Initiative", "3. Fastest first", "3.1 Attack", "3.2 Damage", "3.3 Soak"):
        assert f"] {step}: " in out, step
    if name != "werewolf-duel":  # the duel leaves its Rage at the door
        assert "] 2. Rage: " in out
    assert "preset: " in out
    assert "rage_actions: " in out  # every option is in the log


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_roll_is_explained_and_kept_for_the_dice_tray(name, catalog: Catalog):
    fight = Fight(catalog.scenarios[name], catalog)
    play_until_human(fight, humans_too=True)
    for e in fight.events:
        if e.kind in ROLLED or (e.kind == "initiative_rolled" and "w20" not in e.why):
            assert isinstance(e.roll, StorytellerRoll), e
            # pools, difficulty and faces: "... N dice ... at difficulty D ...: [f, f] at D: ..."
            assert re.search(r"\d+ di(?:e|ce)\b", e.why), e.why
            assert re.search(r"\[[\d, ]*\] at \d+: ", e.why), e.why
        if e.kind == "attack_rolled":
            assert re.search(r"at difficulty \d+ \(", e.why), e.why
