"""Hostile input, third pass: each is refused in one line with status 2, nothing changed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.bad_input.hostile import listing, run

GAUNTLET = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"]
Edit = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def run_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A werewolf run saved after its first fight, as data."""
    from arena.cli import main

    folder = tmp_path_factory.mktemp("run")
    argv = [*GAUNTLET, "--save", str(folder / "run.json"), "--out", str(folder / "m.md")]
    assert main([*argv, "--saves", str(folder)]) == 0
    data: dict[str, Any] = json.loads((folder / "run.json").read_text())
    return data


def _record(key: str, value: object) -> Edit:
    return lambda d: d["records"][0].__setitem__(key, value)


def _underway(**fields: object) -> Edit:
    underway = {"group": "knife-pair", "commands": [], "reasons": [], "moment": ""}
    return lambda d: d.__setitem__("underway", {**underway, **fields})


# -- gauntlet saves with a bad value -----------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        # A record's fields were taken as they came: these reached the morgue and failed there.
        (
            _record("luck", {"rolls": "x", "expected": 1.0, "actual": 0}),
            "records[0].luck.rolls: a whole number expected, not str",
        ),
        (_record("opponents", [1, 2]), "records[0].opponents[0]: text expected, not int"),
        # Or were kept, to be shown as they were.
        (_record("rounds", -5), "records[0].rounds: -5 is not from 0 to 1000"),
        (_record("number", "1"), "records[0].number: a whole number expected, not str"),
        (_record("winner", 7), "records[0].winner: text expected, not int"),
        (lambda d: d.__setitem__("policy", None), "policy: text expected, not NoneType"),
        # Or were said in Python's words, naming no key.
        (_record("extra", 1), "records[0].extra: not a field of a fight's record"),
        (lambda d: d.__setitem__("underway", []), "underway: a mapping expected, not list"),
        (lambda d: d["carried"].pop("lethal"), "carried.lethal: missing"),
        (
            lambda d: d["carried"].__setitem__("pools", [["Rage", 3]]),
            "carried.pools[0]: [name, now, most] expected, got ['Rage', 3]",
        ),
        (
            _underway(commands=[{"kind": "move", "actor": "ahroun", "to": "x"}], reasons=["r"]),
            "underway.commands[0].to: expected 2 whole numbers, got 'x'",
        ),
        (
            _underway(commands=[{"kind": "wait", "actor": "ahroun"}], reasons=[3]),
            "underway.reasons[0]: text expected, not int",
        ),
        # More fights than a run holds went on, and into the high scores.
        (
            lambda d: d.__setitem__(
                "records", [{**d["records"][0], "number": n} for n in range(1, 8)]
            ),
            "(records: 7 fights and not over; a run is 7)",
        ),
        (_record("number", 5), "(records[0].number: 5, not 1)"),
        # A fight under way that cannot be fought on was said without its file, in two lines.
        (_underway(group="lone-thug"), "'lone-thug' is not on offer; offered: knife-pair, "),
        (
            _underway(commands=[{"kind": "wait", "actor": "ahroun"}], reasons=["r"]),
            "(the fight under way: command 1: ahroun's wait is not legal at that point; "
            "legal choices: ahroun (Young Ahroun: spend Rage",
        ),
        (_underway(moment="0" * 64), "(the fight under way does not play back to where it was"),
    ],
)
def test_continue_from_a_save_with_a_bad_value_is_refused_naming_its_key(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    run_save: dict[str, Any],
    edit: Edit,
    expected: str,
) -> None:
    data = json.loads(json.dumps(run_save))
    edit(data)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(data))
    before = listing(tmp_path)
    argv = [*GAUNTLET, "--continue", str(path), "--out", str(tmp_path / "m.md")]
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: {path}: a damaged gauntlet save ("), err
    assert expected in err
    assert listing(tmp_path) == before


# -- the high-score table ------------------------------------------------------------------------

ROW = {"name": "A", "ruleset": "werewolf", "seed": 1, "won": 3, "taken": 0, "end": "won"}


@pytest.mark.parametrize("command", [["gauntlet", "--scores"], GAUNTLET])
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A count of text or a list failed in the sort or the table: an internal error.
        (json.dumps([{**ROW, "won": "x"}]), ": a damaged high-score table ([0].won: a whole"),
        (json.dumps([{**ROW, "taken": [1]}]), ": a damaged high-score table ([0].taken: a whole"),
        # These were an empty table: the next run's score replaced the whole file.
        (json.dumps([ROW, {"name": "B"}]), ": a damaged high-score table ([1]: expected the keys"),
        (json.dumps({"a": 1}), ": not a high-score table (not a list)"),
        ("[1,\n", ":2: not a high-score table (Expecting value)"),
    ],
)
def test_a_damaged_score_table_is_refused_and_left_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], text: str, expected: str
) -> None:
    path = tmp_path / "gauntlet-scores.json"
    path.write_text(text)
    before = listing(tmp_path)
    # --scores shows the table and plays no run, so it takes no --out (refused on its own).
    out_file = [] if "--scores" in command else ["--out", str(tmp_path / "m.md")]
    argv = [*command, "--saves", str(tmp_path), *out_file]
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: {path}{expected}"), err
    assert listing(tmp_path) == before  # no morgue, and the table as it was


def test_a_run_that_ends_leaves_a_damaged_table_whole(tmp_path: Path) -> None:
    from arena.gauntlet import RunState
    from arena.gauntlet.scores import add_score

    path = tmp_path / "gauntlet-scores.json"
    path.write_text(json.dumps([{**ROW, "won": "x"}]))
    with pytest.raises(OSError, match=r"left as it was: .*\[0\]\.won: a whole number expected"):
        add_score(tmp_path, RunState("werewolf", "ahroun", 1, end="dead"), "Ahroun")
    assert json.loads(path.read_text()) == [{**ROW, "won": "x"}]


def test_a_name_in_the_score_table_never_drives_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Refused on load now (it was shown escaped): arena never writes one, so it is an edit.
    path = tmp_path / "gauntlet-scores.json"
    path.write_text(json.dumps([{**ROW, "name": "A\x1b[31m"}]))
    status, out, err = run(["gauntlet", "--scores", "--saves", str(tmp_path)], capsys)
    assert (status, out, "\x1b" in err) == (2, "", False)
    assert err == (
        f"arena: {path}: [0].name: text holds the control character \\x1b: arena never writes one\n"
    )


# -- play --plain --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "stdin",
    [
        "x" * 1_001 + "\n1\nq\n",  # a long answer was read whole, and echoed whole
        "\0" * 5_000_000,  # as /dev/zero gives: read whole, it never ends (a MemoryError)
    ],
    ids=["long line", "no line end"],
)
def test_plain_play_refuses_an_answer_too_long_to_be_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stdin: str
) -> None:
    argv = ["play", "--plain", "--saves", str(tmp_path), "werewolf-duel"]
    status, out, err = run(argv, capsys, stdin=stdin)
    assert (status, err) == (
        2,
        "arena: standard input: a line of more than 1,000 characters is no answer\n",
    )
    assert "xxx" not in out
    assert "\0" not in out
    assert listing(tmp_path) == {}  # nothing saved


# -- text a save holds ---------------------------------------------------------------------------


def test_a_reason_in_a_save_never_reorders_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from arena.content.saves import read_yaml_mapping, write_yaml_atomic

    path = tmp_path / "duel.yaml"
    assert run(["run", "werewolf-duel", "--save", str(path), "--stop-after", "4"], capsys)[0] == 0
    data = read_yaml_mapping(path)
    data["reasons"][0] = "\x1b[31mred\u202eder"  # an escape code, then a right-to-left override
    write_yaml_atomic(path, data)  # sealed again: the digest matches the edit
    # Refused on load now (it was shown escaped): arena never writes one, so it is an edit.
    status, out, err = run(["replay", str(path)], capsys)
    assert (status, out) == (2, "")
    assert "reasons[0]: text holds the control character \\x1b: arena never writes one" in err
    assert "\x1b" not in err
    assert "\u202e" not in err
