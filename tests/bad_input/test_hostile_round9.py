"""Hostile input, ninth pass: each is refused in one line with status 2, nothing changed."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.cli import main
from arena.cli.common import catalog
from arena.content.saves import read_yaml_mapping, write_yaml_atomic
from arena.engine import SaveError, load_save
from tests.bad_input.hostile import listing, run, save_line

# -- a save's command that is illegal where it comes -------------------------------------------

# Each duel's second command is an attack; aimed at its own actor it is legal nowhere.
DUELS = {"werewolf-duel": ("tom", "punch"), "sorcerer-duel": ("mara", "fists")}
READERS = {
    "replay": ["replay"],
    "run --resume": ["run", "--resume"],
    "sim --from": ["sim", "-n", "2", "-q", "--from"],
}


@pytest.fixture(scope="module")
def duel_saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Each duel saved after 4 decisions, as data: played once for every case."""
    folder = tmp_path_factory.mktemp("duels")
    saves = {}
    for scenario in DUELS:
        path = folder / f"{scenario}.yaml"
        assert main(["run", scenario, "--save", str(path), "--stop-after", "4"]) == 0
        saves[scenario] = read_yaml_mapping(path)
    return saves


def _self_attack(tmp_path: Path, saves: dict[str, dict[str, Any]], scenario: str) -> Path:
    """The duel's save with its second command turned on its own actor, sealed again."""
    data = copy.deepcopy(saves[scenario])
    actor, means = DUELS[scenario]
    assert data["commands"][1] == {**data["commands"][1], "kind": "attack", "means": means}
    data["commands"][1]["target"] = actor
    path = tmp_path / "duel.yaml"
    write_yaml_atomic(path, data)
    return path


@pytest.mark.parametrize("scenario", DUELS)
@pytest.mark.parametrize("reader", READERS)
def test_a_save_with_an_illegal_command_is_refused_in_words_with_the_legal_choices(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    duel_saves: dict[str, dict[str, Any]],
    scenario: str,
    reader: str,
) -> None:
    # It was refused with the command as a Python dict: {'kind': 'attack', ...} is not legal now.
    path = _self_attack(tmp_path, duel_saves, scenario)
    capsys.readouterr()
    before = listing(tmp_path)
    actor, means = DUELS[scenario]
    status, out, err = run([*READERS[reader], str(path)], capsys)
    shown = f"--from: {path}" if reader == "sim --from" else str(path)
    line = save_line(path, "commands[1]")
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(
        f"arena: {shown}:{line}: commands[1]: {actor}'s attack (target {actor}, means {means}) "
        f"is not legal at that point; legal choices: {actor} ("
    ), err
    assert "{" not in err
    assert "Traceback" not in err
    assert listing(tmp_path) == before


@pytest.mark.parametrize("scenario", DUELS)
def test_a_save_with_an_illegal_command_is_refused_in_words_on_load(
    tmp_path: Path, duel_saves: dict[str, dict[str, Any]], scenario: str
) -> None:
    # The screens' load shows the message of `load_save` as it is.
    path = _self_attack(tmp_path, duel_saves, scenario)
    actor, _ = DUELS[scenario]
    with pytest.raises(SaveError) as caught:
        load_save(path, catalog())
    message = str(caught.value)
    assert message.startswith(f"{path}:{save_line(path, 'commands[1]')}: commands[1]: {actor}'s ")
    assert "legal choices: " in message
    assert "{" not in message
    assert "\n" not in message


# -- a gauntlet save's refusal names the line of the key at fault ------------------------------

RUNS = {
    "werewolf": ["--auto", "ai:garou"],
    "sorcerer": ["--ruleset", "sorcerer", "--auto", "ai:sorcerer"],
}
Edit = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def run_saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """A run of each ruleset saved after its first fight, as data."""
    saves = {}
    for ruleset, how in RUNS.items():
        folder = tmp_path_factory.mktemp(ruleset)
        out = ["--save", str(folder / "run.json"), "--out", str(folder / "m.md")]
        argv = ["gauntlet", *how, "--fights", "1", "-q", *out, "--saves", str(folder)]
        assert main(argv) == 0
        saves[ruleset] = json.loads((folder / "run.json").read_text())
    return saves


def _set(*path: str | int, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]  # type: ignore[index]
        data[path[-1]] = value  # type: ignore[index]

    return edit


def _illegal_underway(actor: str, group: str) -> Edit:
    underway = {"group": group, "commands": [{"kind": "wait", "actor": actor}], "reasons": ["r"]}
    return _set("underway", value={**underway, "moment": ""})


@pytest.mark.parametrize(
    ("ruleset", "edit", "key", "expected"),
    [
        ("werewolf", _set("records", 0, "luck", "rolls", value="x"), "records[0].luck.rolls", ""),
        ("werewolf", _set("carried", "pools", value=[["Rage", 3]]), "carried.pools[0]", ""),
        ("werewolf", lambda d: d["carried"].pop("lethal"), "carried", "carried.lethal: missing"),
        ("werewolf", _set("character", value="nobody"), "character", ""),
        (
            "werewolf",
            _illegal_underway("ahroun", "knife-pair"),
            "underway.commands[0]",
            "ahroun's wait is not legal at that point; legal choices: ",
        ),
        ("sorcerer", _set("carried", "aggravated", value=1), "carried.aggravated", ""),
        ("sorcerer", _set("policy", value=None), "policy", ""),
        ("sorcerer", _set("records", 0, "number", value="1"), "records[0].number", ""),
        ("sorcerer", _set("hospital", value=True), "hospital", ""),
    ],
)
def test_a_damaged_gauntlet_save_is_refused_naming_the_line_of_its_key(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    run_saves: dict[str, dict[str, Any]],
    ruleset: str,
    edit: Edit,
    key: str,
    expected: str,
) -> None:
    # It named the key but no line: run.json: a damaged gauntlet save (carried.aggravated: ...).
    data = copy.deepcopy(run_saves[ruleset])
    edit(data)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")  # as arena writes it
    before = listing(tmp_path)
    auto = RUNS[ruleset][-2:]  # the ruleset is the save's own
    argv = ["gauntlet", *auto, "--fights", "1", "-q", "--continue", str(path)]
    status, out, err = run([*argv, "--out", str(tmp_path / "m.md")], capsys)
    line = save_line(path, key)  # JSON is YAML: the same finder names its key's line
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: {path}:{line}: a damaged gauntlet save ("), err
    assert (expected or f"({key}: ") in err
    assert listing(tmp_path) == before


# -- a save's preset or option at fault is blamed on its own line ------------------------------


def _options(**values: object) -> Edit:
    return _set("options", value=values)


@pytest.mark.parametrize("scenario", DUELS)
@pytest.mark.parametrize(
    ("edit", "key", "expected"),
    [
        (_options(preset="zz"), "options.preset", "options.preset: unknown option; known: "),
        (_options(zz=1), "options.zz", "options.zz: unknown option; known: "),
        (_options(initiative="zz", tie="zz"), "options.initiative", ""),
        (_set("preset", value="zz"), "preset", "preset: "),
    ],
    ids=["a preset among the options", "an unknown option", "an illegal value", "the preset"],
)
@pytest.mark.parametrize("reader", READERS)
def test_a_save_with_a_bad_option_is_refused_on_the_line_of_its_key(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    duel_saves: dict[str, dict[str, Any]],
    scenario: str,
    edit: Edit,
    key: str,
    expected: str,
    reader: str,
) -> None:
    # Each was blamed on the options: line, whichever key under it (or the preset) was at fault.
    data = copy.deepcopy(duel_saves[scenario])
    edit(data)
    if key == "options.initiative" and scenario == "sorcerer-duel":
        key = "options.tie"  # each ruleset's own option, given a value it does not take
    if key.startswith("options."):
        data["options"] = {k: v for k, v in data["options"].items() if f"options.{k}" == key}
    path = tmp_path / "duel.yaml"
    write_yaml_atomic(path, data)  # sealed again: the digest matches the edit
    capsys.readouterr()
    before = listing(tmp_path)
    status, out, err = run([*READERS[reader], str(path)], capsys)
    shown = f"--from: {path}" if reader == "sim --from" else str(path)
    line = save_line(path, key)
    assert line != save_line(path, "options")
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: {shown}:{line}: {expected or key + ': '}"), err
    assert listing(tmp_path) == before
