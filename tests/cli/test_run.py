"""`arena run`: every shipped scenario meets its expect: block, byte-identical across processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import default_content_root
from arena.engine.saves import SAVE_FORMAT

SCENARIOS = sorted(p.stem for p in (default_content_root() / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("name", SCENARIOS)
def test_each_shipped_scenario_meets_its_expect_block(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", name]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "why:" in out  # every step is explained


# One scenario per ruleset in the quick run; every shipped one with `-m slow`.
ACROSS = [
    name
    if name in ("sorcerer-duel", "werewolf-duel")
    else pytest.param(name, marks=pytest.mark.slow)
    for name in SCENARIOS
]


@pytest.mark.parametrize("name", ACROSS)
def test_run_is_byte_identical_across_processes(name: str) -> None:
    outputs = []
    for hashseed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        proc = subprocess.run(
            [sys.executable, "-m", "arena", "run", name, "--format", "jsonl"],
            capture_output=True,
            env=env,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]


def test_a_failed_expectation_exits_1_and_says_what_differed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = (default_content_root() / "scenarios" / "werewolf-duel.yaml").read_text()
    bad = tmp_path / "wrong.yaml"
    # A fight may last that long (max_rounds is 20), but this one does not.
    bad.write_text(src.split("expect:")[0] + "expect:\n  rounds: 19\n")
    assert main(["run", str(bad)]) == 1
    assert "rounds: expected 19" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["run", "no-such-scenario"], "no such file or shipped scenario"),
        (["run", "werewolf-duel", "--dice", "3,11"], "not a d10 face"),
        (["run", "werewolf-duel", "--stop-after", "3"], "needs --save"),
        (["run", "--resume", "missing.yaml"], "missing.yaml"),
        (["run"], "give a scenario"),
    ],
)
def test_bad_input_exits_2_with_one_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_an_illegal_scripted_action_names_the_legal_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = (default_content_root() / "scenarios" / "werewolf-duel.yaml").read_text()
    bad = tmp_path / "script.yaml"
    bad.write_text(
        src.split("expect:")[0].replace(
            "controller: ai:nearest}", "controller: script, script: [fly:moon]}", 1
        )
    )
    assert main(["run", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "'fly:moon' is not a legal choice" in err
    assert "wait" in err


def test_save_and_resume_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.yaml"
    assert main(["run", "werewolf-duel", "--save", str(save), "--stop-after", "4"]) == 0
    assert "the fight goes on" in capsys.readouterr().out
    assert main(["run", "--resume", str(save)]) == 0
    resumed = capsys.readouterr().out
    assert main(["run", "werewolf-duel"]) == 0
    whole = capsys.readouterr().out
    assert resumed.split("\n\n", 1)[1] == whole.split("\n\n", 1)[1]


def test_an_unknown_ai_policy_is_named_with_the_nearest_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = (default_content_root() / "scenarios" / "werewolf-duel.yaml").read_text()
    bad = tmp_path / "policy.yaml"
    bad.write_text(src.replace("ai:nearest", "ai:nearst", 1))
    assert main(["run", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "combatants[0].controller: no AI policy 'ai:nearst'" in err
    assert "did you mean 'ai:nearest'" in err


def test_a_save_from_an_older_arena_is_named_not_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "old.yaml"
    assert main(["run", "werewolf-duel", "--save", str(save), "--stop-after", "4"]) == 0
    capsys.readouterr()
    save.write_text(save.read_text().replace(f"format: {SAVE_FORMAT}", "format: 1"))
    assert main(["run", "--resume", str(save)]) == 2
    err = capsys.readouterr().err
    assert "made by an older arena, format 1" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("name", ["werewolf-duel", "sorcerer-duel"])
def test_jsonl_carries_each_events_data_and_structured_roll(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", name, "--format", "jsonl"]) == 0
    header, *events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert header["header"]["ruleset"] == name.split("-")[0]
    assert all(isinstance(e["data"], dict) for e in events)
    rolls = [e["roll"] for e in events if e["roll"] is not None]
    assert rolls
    assert {r["type"] for r in rolls} <= {"storyteller", "contest"}
    assert all(all(type(f) is int for f in r.get("faces", r.get("first", []))) for r in rolls)
    reasons = [e for e in events if e["kind"] == "ai_reasoned"]
    assert reasons
    assert all(e["data"]["controller"] == "ai:nearest" for e in reasons)
    last = events[-1]
    assert last["kind"] == "fight_ended"
    assert last["data"]["winner"] in {"north", "south", None}
    placed = {e["actor"] for e in events if e["kind"] == "combatant_placed"}
    assert set(last["data"]["status"]) == placed


def test_a_long_fight_tells_how_far_it_got_on_standard_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every decision counts as a second gone, so the progress lines come at once.
    monkeypatch.setattr("arena.cli.run.PROGRESS_EVERY", 0.0)
    assert main(["run", "werewolf-duel"]) == 0
    err = capsys.readouterr().err
    assert "werewolf-duel: round 1 of at most" in err
    assert err.splitlines()[-1].startswith("expect: met")
