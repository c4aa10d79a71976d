"""`--level easy|normal|hard|expert` on run, sim and play: every AI fighter at a named level."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.ai.levels import LADDER, LEVEL_NAMES, UnknownLevel, controller_at, policy_at, rung
from arena.cli import main


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        ("easy", "nearest/easy"),
        ("normal", "thug"),
        ("hard", "thug/hard"),
        ("expert", "thug/expert"),
    ],
)
def test_each_level_plays_the_policy_at_its_own_level(level: str, expected: str) -> None:
    assert policy_at("thug", level) == expected
    assert policy_at("thug/hard", level) == expected  # a level named already is replaced


@pytest.mark.parametrize("controller", ["human", "script"])
def test_a_level_leaves_people_and_scripts_as_they_are(controller: str) -> None:
    assert controller_at(controller, "expert") == controller


def test_the_levels_climb_one_rung_at_a_time() -> None:
    assert tuple(r.name for r in LADDER) == LEVEL_NAMES == ("easy", "normal", "hard", "expert")
    assert [r.below for r in LADDER] == [None, "easy", "normal", "hard"]
    assert [r.budget_ms is not None for r in LADDER] == [False, False, False, True]


@pytest.mark.parametrize("name", ["legendary", "", "Expert", "hard/expert"])
def test_an_unknown_level_names_the_legal_ones(name: str) -> None:
    with pytest.raises(UnknownLevel) as err:
        rung(name)
    assert str(err.value).endswith("levels: easy, normal, hard, expert")


@pytest.mark.parametrize(
    "command",
    [
        ["run", "werewolf-duel"],
        ["sim", "werewolf-duel", "-n", "2", "--jobs", "1"],
        ["play", "--plain", "--scenario", "werewolf-duel"],
    ],
)
def test_an_unknown_level_is_refused_in_one_line(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--level", "legendary"]) == 2
    err = capsys.readouterr().err
    assert "argument --level: expected one of easy, normal, hard, expert, got 'legendary'" in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["run", "--resume", "x.yaml"], "--level: not with --resume"),
        (["sim", "--from", "x.yaml", "-n", "2"], "--level: not with --from"),
    ],
)
def test_a_level_is_refused_with_a_save(
    command: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--level", "hard"]) == 2
    assert said in capsys.readouterr().err


def test_run_at_a_level_plays_every_ai_fighter_at_it(tmp_path: Path) -> None:
    out = tmp_path / "duel.jsonl"
    args = ["run", "sorcerer-duel", "--level", "hard", "--format", "jsonl", "--out", str(out)]
    assert main(args) == 0
    text = out.read_text()
    assert "Rook (ai:nearest/hard)" in text or '"ai:nearest/hard"' in text
    assert "ai:nearest)" not in text


def test_run_at_normal_plays_the_scenario_as_written(tmp_path: Path) -> None:
    plain, normal = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert main(["run", "werewolf-thugs", "--format", "jsonl", "--out", str(plain)]) == 0
    args = ["run", "werewolf-thugs", "--level", "normal", "--format", "jsonl", "--out"]
    assert main([*args, str(normal)]) == 0
    first = [json.loads(line) for line in plain.read_text().splitlines()]
    second = [json.loads(line) for line in normal.read_text().splitlines()]
    assert first == second


@pytest.mark.parametrize("command", ["run", "sim", "play"])
def test_help_lists_each_level(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "--level LEVEL" in out
    for level in LEVEL_NAMES:
        assert f"\n  {level}: " in out


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_the_same_seed_plays_the_same_moves_at_each_level(level: str, tmp_path: Path) -> None:
    logs = []
    for n in range(2):
        out = tmp_path / f"{n}.jsonl"
        args = ["run", "sorcerer-duel", "--seed", "11", "--level", level, "--ai-budget", "8"]
        assert main([*args, "--format", "jsonl", "--out", str(out)]) == 0
        logs.append(out.read_text())
    assert logs[0] == logs[1]
    assert f"ai:nearest{policy_at('nearest', level).removeprefix('nearest')}" in logs[0]


def test_play_refuses_a_level_without_a_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--level", "hard"]) == 2
    assert "--level goes with a scenario" in capsys.readouterr().err
