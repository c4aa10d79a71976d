"""What sets each ruleset apart is asked of one table, never of the ruleset's name."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import get_args

import pytest

from arena.rules.kinds import Ruleset
from arena.rules.ruleset_traits import TRAITS, traits
from arena.words.rulesets import luck_measure, round_word


def test_every_ruleset_has_its_traits_under_its_own_name() -> None:
    assert set(TRAITS) == set(get_args(Ruleset))
    assert all(traits(name).name == name for name in get_args(Ruleset))


def test_werewolf_counts_turns_and_net_successes_and_has_maneuvers_not_demons() -> None:
    ww = traits("werewolf")
    assert (ww.counts_turns, ww.demons, ww.maneuvers, ww.hospital, ww.net_successes) == (
        True, False, True, False, True,
    )  # fmt: skip
    assert (ww.health_levels, ww.aftermath, ww.tasks) == (True, False, False)
    assert [round_word("werewolf", n) for n in (0, 1, 2)] == ["turns", "turn", "turns"]
    assert luck_measure("werewolf") == "net successes"


def test_sorcerer_counts_rounds_and_contests_and_has_demons_and_a_hospital() -> None:
    so = traits("sorcerer")
    assert (so.counts_turns, so.demons, so.maneuvers, so.hospital, so.net_successes) == (
        False, True, False, True, False,
    )  # fmt: skip
    assert (so.health_levels, so.aftermath, so.tasks) == (False, True, True)
    assert [round_word("sorcerer", n) for n in (0, 1, 2)] == ["rounds", "round", "rounds"]
    assert luck_measure("sorcerer") == "contests won"


def test_an_unknown_ruleset_is_named_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown ruleset 'chess'; known: werewolf, sorcerer"):
        traits("chess")


def test_no_ruleset_name_test_where_the_traits_answer() -> None:
    """The modules moved to the table test no ruleset by name again."""
    moved = [
        "arena/engine/fight.py",
        "arena/gauntlet/lineup.py",
        "arena/gauntlet/morgue.py",
        "arena/gauntlet/run.py",
        "arena/gauntlet/save_checks.py",
        "arena/sim/report.py",
        "arena/sim/sweep_report.py",
        "arena/sim/vary.py",
        "arena/content/script_keys.py",
        "arena/content/scenario_checks.py",
        "arena/gauntlet/carried.py",
        "arena/gauntlet/outcome.py",
    ]
    found = subprocess.run(
        ["grep", "-n", "-E", "ruleset (==|!=) ['\"]", *moved],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert found.stdout == ""
