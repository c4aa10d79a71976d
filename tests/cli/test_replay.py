"""`arena replay SAVE`: the saved fight's log, checked as --resume checks it, played no further."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.cli import main


@pytest.fixture
def save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "duel.yaml"
    argv = ["run", "werewolf-duel", "--save", str(path), "--stop-after", "5"]
    assert main(argv) == 0
    capsys.readouterr()
    return path


def replay(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["replay", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_prints_the_log_to_the_saved_moment(save: Path, capsys) -> None:
    status, out, err = replay(capsys, str(save))
    assert (status, err) == (0, "")
    assert out.startswith("scenario: Tom and Vilna trade punches\n")
    assert out.endswith("(saved after 5 decisions; arena run --resume plays on)\n")


def test_replay_to_a_round_in_json_lines(save: Path, capsys) -> None:
    status, out, _ = replay(capsys, str(save), "--to-round", "1", "--format", "jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert "header" in lines[0]
    assert {line["round"] for line in lines[1:]} <= {0, 1}


def test_replay_writes_nothing_it_was_not_asked_to(save: Path, capsys) -> None:
    before = {p: p.read_bytes() for p in save.parent.iterdir()}
    replay(capsys, str(save), "--format", "markdown")
    assert {p: p.read_bytes() for p in save.parent.iterdir()} == before


def test_an_edited_save_is_refused(save: Path, capsys) -> None:
    save.write_text(save.read_text().replace("the nearest enemy", "the nearest foe", 1))
    status, out, err = replay(capsys, str(save))
    assert (status, out) == (2, "")
    assert (
        err == f"arena: {save}: digest: does not match the save: it was changed after arena "
        "wrote it, or damaged; a save cannot be edited\n"
    )


def test_resuming_a_seeded_save_says_expect_is_not_checked(tmp_path: Path, capsys) -> None:
    path = tmp_path / "seeded.yaml"
    argv = ["run", "werewolf-duel", "--seed", "12", "--save", str(path), "--stop-after", "3"]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["run", "--resume", str(path)]) == 0
    err = capsys.readouterr().err
    assert err == "expect: not checked (seed or dice overridden)\n"
