"""A damaged high-score table is refused naming the line of the key at fault.

As a gauntlet save's refusals do: ``file:line: a damaged high-score table ([1].won: ...)``.
The table as arena writes it (one key a line) names the line; a table on one line names the
key alone, as a line number would say nothing more. Covered: a count that is no count, text
that is no text, an unknown key (its own line), a missing key (the entry's line), an entry
that is no mapping; read by --scores and before an --auto run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.bad_input.hostile import listing, run, save_line

ROW = {"name": "A", "ruleset": "werewolf", "seed": 1, "won": 3, "taken": 0, "end": "won"}
GAUNTLET = ["gauntlet", "--auto", "ai:nearest", "--fights", "1", "-q"]


@pytest.mark.parametrize("command", [["gauntlet", "--scores"], GAUNTLET])
@pytest.mark.parametrize(
    ("rows", "key", "said"),
    [
        ([ROW, {**ROW, "won": "x"}], "[1].won", "[1].won: a whole number expected, got 'x'"),
        ([ROW, {**ROW, "seed": -1}], "[1].seed", "[1].seed: a whole number expected, got -1"),
        ([ROW, {**ROW, "name": 7}], "[1].name", "[1].name: text expected, got 7"),
        ([ROW, {**ROW, "luck": 1}], "[1].luck", "[1].luck: not a key of an entry: name, "),
        ([ROW, {"name": "B"}], "[1]", "[1]: expected the keys name, "),
        ([ROW, ["B"]], "[1]", "[1]: expected the keys name, "),
    ],
    ids=["a count", "a seed", "a name", "an unknown key", "a missing key", "no mapping"],
)
def test_a_damaged_score_table_names_the_line_of_its_key(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    rows: list[Any],
    key: str,
    said: str,
) -> None:
    path = tmp_path / "gauntlet-scores.json"
    path.write_text(json.dumps(rows, indent=1) + "\n")  # as arena writes it
    before = listing(tmp_path)
    out_file = [] if "--scores" in command else ["--out", str(tmp_path / "m.md")]
    status, out, err = run([*command, "--saves", str(tmp_path), *out_file], capsys)
    line = save_line(path, key)  # JSON is YAML: the same finder names its key's line
    assert line > 1
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: {path}:{line}: a damaged high-score table ({said}"), err
    assert listing(tmp_path) == before


def test_a_table_on_one_line_names_the_key_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gauntlet-scores.json"
    path.write_text(json.dumps([ROW, {**ROW, "won": "x"}]))
    status, _, err = run(["gauntlet", "--scores", "--saves", str(tmp_path)], capsys)
    assert status == 2
    assert err.startswith(f"arena: {path}: a damaged high-score table ([1].won: "), err


@pytest.mark.parametrize("char", ["\x1b", "\u202e", "\u2028"])
@pytest.mark.parametrize("where", ["a value", "a key"])
def test_a_control_character_in_a_gauntlet_file_is_refused_on_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], char: str, where: str
) -> None:
    # It named the key alone: a table as arena writes it has one key a line.
    bad = "name" if where == "a value" else f"n{char}"
    row = {**ROW, "name": f"A{char}"} if where == "a value" else {**ROW, bad: 1}
    path = tmp_path / "gauntlet-scores.json"
    path.write_text(json.dumps([ROW, row], indent=1) + "\n")
    text = path.read_text()
    second = text.index("{", text.index("{") + 1)  # the second entry
    line = text[: text.index(json.dumps(bad), second)].count("\n") + 1
    status, out, err = run(["gauntlet", "--scores", "--saves", str(tmp_path)], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: {path}:{line}: [1]."), err
    assert "text holds the control character" in err


def test_a_key_given_twice_in_the_table_is_refused_on_the_second(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gauntlet-scores.json"
    text = json.dumps([ROW, ROW], indent=1) + "\n"
    at = text.rindex('"taken"')
    path.write_text(text[:at] + '"taken": 9,\n  ' + text[at:])  # the second entry's, twice
    line = path.read_text()[: at + 1].count("\n") + 1
    status, _, err = run(["gauntlet", "--scores", "--saves", str(tmp_path)], capsys)
    assert status == 2
    assert err == (
        f"arena: {path}:{line + 1}: not a high-score table "
        "(the key 'taken' is given twice in one object)\n"
    )


def test_a_key_given_twice_in_a_run_save_is_refused_on_the_second(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.json"
    argv = [*GAUNTLET, "--saves", str(tmp_path), "--out", str(tmp_path / "a.md")]
    status, _, err = run([*argv, "--save", str(path)], capsys)
    assert status == 0, err
    text = path.read_text()
    at = text.index('"seed"')
    path.write_text(text[:at] + '"seed": 2,\n ' + text[at:])
    second = text[:at].count("\n") + 2
    status, _, err = run([*argv, "--continue", str(path)], capsys)
    assert status == 2
    assert err == (
        f"arena: {path}:{second}: not a gauntlet save "
        "(the key 'seed' is given twice in one object)\n"
    )
