"""Hostile inputs, round 11: edited gauntlet saves, and expect checks that could never fail."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.bad_input.hostile import first_fight_save, run, write_sealed


@pytest.fixture(scope="module")
def one_fight(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A Werewolf run's save after its first fight, as data without its seal."""
    return first_fight_save(tmp_path_factory.mktemp("run"))


def _under_way(data: dict[str, Any]) -> None:
    group = data["records"][0]["group"]
    data["underway"] = {"group": group, "commands": [], "reasons": [], "moment": "", "zz": 1}


EDITS: dict[str, tuple[Callable[[dict[str, Any]], None], str, str]] = {
    "a key of the save": (
        lambda data: data.__setitem__("zz", 1),
        "zz",
        "not a key of a gauntlet save",
    ),
    "a key of the fight under way": (
        _under_way,
        "zz",
        "underway.zz: not a key of a fight under way",
    ),
}


@pytest.mark.parametrize("case", EDITS)
def test_a_sealed_run_with_a_key_arena_never_writes_is_refused_at_its_line(
    case: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    one_fight: dict[str, Any],
) -> None:
    edit, key, said = EDITS[case]
    data = copy.deepcopy(one_fight)
    edit(data)
    path = write_sealed(data, tmp_path)
    before = path.read_bytes()
    line = next(n for n, text in enumerate(before.decode().split("\n"), 1) if f'"{key}"' in text)
    argv = ["gauntlet", "--continue", str(path), "--auto", "ai:garou", "--saves", str(tmp_path)]
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: {path}:{line}: a damaged gauntlet save ("), err
    assert f"{said})\n" in err, err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


@pytest.mark.parametrize(
    ("damage", "key", "total"),
    [
        ({"bashing": 8}, "bashing", 8),
        ({"bashing": 3, "aggravated": 5}, "aggravated", 8),
        ({"lethal": 1000}, "lethal", 1000),
    ],
)
def test_a_sealed_run_carrying_more_damage_than_health_levels_is_refused(
    damage: dict[str, int],
    key: str,
    total: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    one_fight: dict[str, Any],
) -> None:
    data = copy.deepcopy(one_fight)
    data["carried"].update(damage)
    path = write_sealed(data, tmp_path)
    before = path.read_bytes()
    line = next(n for n, text in enumerate(before.decode().split("\n"), 1) if f'"{key}"' in text)
    argv = ["gauntlet", "--continue", str(path), "--auto", "ai:garou", "--saves", str(tmp_path)]
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, ""), err
    assert err == (
        f"arena: {path}:{line}: a damaged gauntlet save (carried.{key}: {total} health levels "
        "in all, but 7 at most (bashing, lethal and aggravated))\n"
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


def test_a_sealed_run_carrying_up_to_its_health_levels_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], one_fight: dict[str, Any]
) -> None:
    data = copy.deepcopy(one_fight)
    data["carried"].update(bashing=3, lethal=4)
    path = write_sealed(data, tmp_path)
    argv = ["gauntlet", "--continue", str(path), "--auto", "ai:garou", "--saves", str(tmp_path)]
    status, out, err = run([*argv, "--fights", "1", "-q"], capsys)
    assert (status, err) == (0, ""), err
    assert out.startswith("fight 2: ")


# -- an expect check written as null was read as left out: a check that could never fail -------

NULLS: dict[str, tuple[str, str]] = {
    "winner": (
        "winner: null",
        "expect.winner: null checks nothing: write none for a fight no side wins",
    ),
    "rounds": ("rounds: ~", "expect.rounds: null checks nothing: give the rounds or turns played"),
    "an event's round": (
        "events: [{kind: attack_hit, round: null}]",
        "expect.events[0].round: null checks nothing: give the round",
    ),
}


@pytest.mark.parametrize("case", NULLS)
@pytest.mark.parametrize("command", ["run", "validate"])
def test_an_expect_check_written_as_null_is_refused_at_its_line(
    case: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.bad_input.hostile import SCENARIO

    written, said = NULLS[case]
    path = tmp_path / "fight.yaml"
    path.write_text(f"{SCENARIO}expect:\n  {written}\n", encoding="utf-8")
    before = path.read_bytes()
    status, out, err = run([command, str(path)], capsys)
    assert (status, out) == (2, ""), err
    lead = "arena: " if command == "run" else ""
    assert err == f"{lead}{path}:9: {said}, or leave the key out\n"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.yaml"]
