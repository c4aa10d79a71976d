"""Bad and odd command lines around generated maps: refused with a reason, exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main
from arena.content.saves import read_yaml_mapping, write_yaml_atomic
from tests.bad_input.hostile import run


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "werewolf-duel", "-n", "2", "-q", "--per-map", "5"],
        ["sim", "werewolf-duel", "-n", "2", "-q", "--maps", "drawn", "--per-map", "5"],
        [
            "sweep",
            "werewolf-duel",
            "--grid",
            "tom.dexterity=3,4",
            "-n",
            "2",
            "-q",
            "--per-map",
            "5",
        ],
        [
            "sweep",
            "werewolf-duel",
            "--grid",
            "tom.dexterity=3,4",
            "-n",
            "2",
            "-q",
            "--maps",
            "drawn",
            "--per-map",
            "5",
        ],
    ],
)
def test_per_map_without_generated_maps_is_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert err == "arena: --per-map: only with --maps generated (the drawn map holds every fight)\n"


def _generated_save(tmp_path: Path) -> Path:
    save = tmp_path / "fight.yaml"
    argv = ["run", "werewolf-duel", "--map", "generate:5:rooms", "--save", str(save)]
    assert main([*argv, "--stop-after", "2"]) == 0
    return save


@pytest.mark.parametrize(
    "command", [["replay"], ["run", "--resume"], ["sim", "-n", "2", "-q", "--jobs", "1", "--from"]]
)
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("style: rooms", "style: ring"),
        ("seed: 5\n", "seed: 6\n"),
        ("style: rooms", "style: rooms\n    size: [30, 16]"),
    ],
)
def test_a_generated_map_save_whose_map_params_were_edited_says_so(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    old: str,
    new: str,
) -> None:
    save = _generated_save(tmp_path)
    data = read_yaml_mapping(save)
    assert old in data["scenario"]
    data["scenario"] = data["scenario"].replace(old, new, 1)
    write_yaml_atomic(save, data)  # sealed again: only the map's params differ
    before = save.read_bytes()
    capsys.readouterr()
    status, out, err = run([*command, str(save)], capsys)
    assert status == 2
    assert out == ""
    assert "map.digest: the map generated from seed=" in err
    assert "the save's map was edited, or made by another version of the generator" in err
    assert err.count("\n") == 1
    assert save.read_bytes() == before


def test_play_without_a_terminal_refuses_a_bad_map_before_listing_anything(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(["play", "sorcerer-diner", "--map", "generate:7"], capsys)
    assert status == 2
    assert out == ""
    assert (
        err == "arena: --map: sorcerer-diner: its tasks name cells of its own map; play it there\n"
    )


def test_play_without_a_terminal_plays_at_the_level_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fights = {}
    # Hard, not expert: the level's way from the command line to the AI is what is checked, and
    # the expert's look-ahead would make this the slowest test of the run.
    for level in (None, "easy", "hard"):
        extra = [] if level is None else ["--level", level]
        status, out, err = run(["play", "werewolf-ai-pack", "--seed", "3", *extra], capsys)
        assert (status, err) == (0, "")
        fights[level] = out
    run_easy = run(["run", "werewolf-ai-pack", "--seed", "3", "--level", "easy"], capsys)[1]
    assert fights["easy"] != fights[None]
    assert _ending(fights["easy"]) == _ending(run_easy)  # the same fight as arena run plays


def _ending(log: str) -> str:
    return next(line for line in log.splitlines() if "The fight is over" in line)


def test_play_without_a_terminal_plays_the_seed_asked(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["play", "werewolf-duel", "--seed", "3"], capsys)
    assert (status, err) == (0, "")
    assert "\nseed: 3\n" in out
    run_3 = run(["run", "werewolf-duel", "--seed", "3"], capsys)[1]
    assert _ending(out) == _ending(run_3)


@pytest.mark.parametrize(
    ("extra", "option"),
    [
        (["--maps", "generated"], "--maps"),
        (["--level", "hard"], "--level"),
        (["--fights", "3"], "--fights"),
        (["--auto", "ai:garou"], "--auto"),
        (["--seed", "4"], "--seed"),
        (["--ruleset", "sorcerer"], "--ruleset"),
        (["-n", "2"], "-n"),
        (["--continue", "run.json"], "--continue"),
    ],
)
def test_gauntlet_scores_refuses_the_options_of_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], option: str
) -> None:
    argv = ["gauntlet", "--scores", "--saves", str(tmp_path), *extra]
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err == f"arena: {option}: not with --scores (it shows the table, and plays no run)\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("text", "extra"),
    [
        ("generate:7:rooms:20x12:much:", "5 (the extra: '')"),
        ("generate:7::::", "5 (the extra: '')"),
        ("generate:7:rooms:30x16:much:x:y", "6 (the extra: 'x:y')"),
    ],
)
@pytest.mark.parametrize("command", ["run", "sim"])
def test_a_map_of_too_many_parts_says_how_many_and_which(
    capsys: pytest.CaptureFixture[str], text: str, extra: str, command: str
) -> None:
    status, out, err = run([command, "werewolf-duel", "--map", text], capsys)
    assert (status, out) == (2, "")
    assert err == (
        "arena: argument --map: expected generate:SEED[:STYLE[:WxH[:COVER]]]: at most 4 parts "
        f"after generate:, got {extra} (see arena {command} --help)\n"
    )
