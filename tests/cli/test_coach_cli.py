"""`arena run` and `arena replay` with --coach and --decisions: the numbers; bad input refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.bad_input.hostile import run

LESSON = "lesson-1-initiative"
"""A short fight of two scripts: a few answered decisions."""


def _records(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def test_decisions_go_in_the_jsonl_log_before_the_events_of_their_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(["run", LESSON, "--format", "jsonl", "--decisions"], capsys)
    assert status == 0
    records = _records(out)
    plain_status, plain, _ = run(["run", LESSON, "--format", "jsonl"], capsys)
    assert plain_status == 0
    # The same log, with the decisions added: nothing else changes.
    assert [r for r in records if "decision" not in r] == _records(plain)
    decisions = [r["decision"] for r in records if "decision" in r]
    assert decisions
    events_before = 0
    for record in records[1:]:
        if "decision" not in record:
            events_before += 1
            continue
        found = record["decision"]
        assert found["event"] == events_before  # its answer's events come right after it
        assert found["controller"] == "script"
        assert found["taken"] in [c["key"] for c in found["choices"]]
        assert "coach" not in found
        for choice in found["choices"]:
            assert set(choice) == {"key", "label", "tags", "target", "rolls", "chance"}
            for roll in choice["rolls"]:
                assert roll["type"] in ("storyteller", "contest")
                assert roll["pool"] >= 0
    rolled = [c for d in decisions for c in d["choices"] if c["rolls"]]
    assert any(c["chance"] is not None and 0 < c["chance"] < 1 for c in rolled)


@pytest.mark.slow  # two coached fights: a few seconds on a busy machine
def test_coached_decisions_carry_each_choices_chance_to_win_in_jsonl_and_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["run", LESSON, "--coach", "--coach-budget", "2"]
    status, out, _ = run([*argv, "--format", "jsonl"], capsys)
    assert status == 0
    records = _records(out)
    decisions = [r["decision"] for r in records if "decision" in r]
    assert records[-1].keys() == {"coach_summary"}
    assert decisions
    for found in decisions:
        assert found["coach"]["continuations"] == 2
        ranked = found["coach"]["ranked"]
        assert sorted(ranked) == sorted(c["key"] for c in found["choices"])
        wins = {c["key"]: c["win"] for c in found["choices"]}
        assert wins[ranked[0]]["gap"] == 0
        shares = [wins[k]["share"] for k in ranked]
        assert shares == sorted(shares, reverse=True)
    status, text, _ = run(argv, capsys)
    assert status == 0
    # Plain text carries the same numbers: each ranked choice's chance and its gap.
    for found in decisions:
        for key in found["coach"]["ranked"]:
            win = next(c["win"] for c in found["choices"] if c["key"] == key)
            assert f"{win['share'] * 100:5.1f}% [" in text
    assert "costliest decisions" in text


@pytest.mark.slow
def test_replay_coaches_a_save_alike_with_one_job_and_two(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = str(tmp_path / "w20.yaml")
    status, _, _ = run(["run", "werewolf-w20", "--save", save, "--stop-after", "3"], capsys)
    assert status == 0
    argv = ["replay", save, "--coach", "--coach-budget", "3", "--format", "jsonl"]
    one = run([*argv, "--jobs", "1"], capsys)
    two = run([*argv, "--jobs", "2"], capsys)
    assert one[0] == two[0] == 0
    assert one[1] == two[1]
    assert any("decision" in r for r in _records(one[1]))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--coach", "--coach-budget", "0"], "argument --coach-budget: expected a whole number"),
        (["--coach", "--coach-budget", "x"], "argument --coach-budget: expected a whole number"),
        (["--coach", "--coach-budget", "2001"], "from 1 to 2,000, got '2001'"),
        (["--coach", "--coach-budget", "-5"], "argument --coach-budget: expected"),
        (["--coach-budget", "5"], "--coach-budget: only with --coach"),
        (["--jobs", "2"], "--jobs: only with --coach"),
        (["--coach", "--jobs", "0"], "argument --jobs: expected a whole number from 1 to 64"),
        (["--coach", "--jobs", "65"], "argument --jobs: expected a whole number from 1 to 64"),
        (["--decisions"], "--decisions: only with --format jsonl, not text"),
        (["--decisions", "--format", "markdown"], "--decisions: only with --format jsonl"),
        (["--coach", "--format", "markdown"], "--coach: with --format text or jsonl"),
    ],
)
@pytest.mark.parametrize("command", ["run", "replay"])
def test_bad_coach_options_are_refused_before_anything_is_written(
    command: str,
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    out = tmp_path / "log.txt"
    if command == "run":
        given = ["run", LESSON, "--out", str(out), *argv]
    else:
        save = tmp_path / "lesson.yaml"
        assert run(["run", LESSON, "--save", str(save)], capsys)[0] == 0
        given = ["replay", str(save), "--out", str(out), *argv]
    status, stdout, err = run(given, capsys)
    assert status == 2
    assert stdout == ""
    assert message in err
    assert err.startswith("arena: ")
    assert err.count("\n") == 1  # one line, no traceback
    assert not out.exists()


def test_replay_refuses_coach_on_screen(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "lesson.yaml"
    assert run(["run", LESSON, "--save", str(save)], capsys)[0] == 0
    status, _, err = run(["replay", str(save), "--ui", "--coach"], capsys)
    assert status == 2
    assert "--coach and --decisions: not with --ui" in err


def test_sorcerer_decisions_carry_their_contests_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["run", "lesson-3-sorcerer-round", "--format", "jsonl", "--decisions"]
    status, out, _ = run(argv, capsys)
    assert status == 0
    decisions = [r["decision"] for r in _records(out) if "decision" in r]
    assert {d["kind"] for d in decisions} >= {"intention"}
    contests = [r for d in decisions for c in d["choices"] for r in c["rolls"]]
    contests = [r for r in contests if r["type"] == "contest"]
    assert contests
    for roll in contests:
        assert roll["pool"] >= 0
        assert roll["opposing"] >= 0
        assert 0 <= roll["chance"] <= 1
        assert "difficulty" not in roll


def test_a_fight_the_ai_plays_alone_has_nothing_to_coach(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(["run", "werewolf-duel", "--coach"], capsys)
    assert status == 0
    assert out.endswith("\ncoach: no decision of a person or a script to coach\n")
    status, out, _ = run(["run", "werewolf-duel", "--coach", "--format", "jsonl"], capsys)
    assert status == 0
    assert _records(out)[-1] == {"coach_summary": {"costliest": []}}
