"""`arena sim` on the command line: formats, reproducibility, bad arguments, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from arena.cli import main

QUICK = ["sim", "werewolf-duel", "-n", "12", "--jobs", "1", "-q"]


def test_text_report_names_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(QUICK) == 0
    out = capsys.readouterr().out
    for part in (
        "12 fights",
        "north won",
        "draw",
        "someone fled",
        "someone surrendered",
        "turns: mean",
        "90th percentile",
        "tom (north)",
        "health at the end:",
        "dice in",
        "faces: 1:",
    ):
        assert part in out, part


def test_the_same_command_twice_prints_the_same_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outputs = []
    for _ in range(2):
        assert main([*QUICK, "--vary", "tom.brawl=4"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert "varied − base" in outputs[0]


def test_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*QUICK, "--json", "--seed", "9"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["fights"], report["seed"], report["interrupted"]) == (12, 9, False)
    assert set(report["base"]["wins"]) == {"north", "south"}
    assert report["difference"] is None


def test_markdown_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*QUICK, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# ")
    assert "| outcome | fights | share | 95% interval |" in out


def test_progress_goes_to_standard_error_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "werewolf-duel", "-n", "20", "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    assert "sim: 20/20 fights" in captured.err  # plain counts: the capture is not a terminal
    assert "sim: 20 fights in" in captured.err
    assert "sim:" not in captured.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "0"], "fights must be a whole number from 1 to 1,000,000, got '0'"),
        (["-n", "many"], "fights must be a whole number from 1 to 1,000,000, got 'many'"),
        (["-n", "²"], "fights must be a whole number from 1 to 1,000,000, got '²'"),
        (["--jobs", "0"], "--jobs: at least 1 worker, got 0"),
        (["--vary", "tom"], "--vary 'tom': expected KEY=VALUE"),
        (["--vary", "tom.strength=lots"], "a trait takes a whole number"),
        (["--vary", "bob.strength=5"], "no combatant 'bob'"),
        (["--vary", "tom.luck=5"], "tom has no trait 'luck'"),
        (["--vary", "tom.controller=ai:oracle"], "unknown AI policy 'ai:oracle'"),
        (["--vary", "option.nonsense=1"], "nonsense"),
        (["--vary", "preset=nonsense"], "nonsense"),
        (["--json", "--markdown"], "not allowed with argument"),
    ],
)
def test_bad_arguments_exit_2_with_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", "werewolf-duel", "-q", *args]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.err.count("\n") == 1
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_an_unknown_scenario_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "no-such-scenario"]) == 2
    assert "no such file or shipped scenario" in capsys.readouterr().err


@pytest.mark.slow
def test_ctrl_c_stops_the_workers_and_reports_what_finished() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "arena",
            "sim",
            "werewolf-duel",
            "-n",
            "2000",
            "--jobs",
            "2",
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the first plain count: fights are being played
    assert "fights" in first
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    report = json.loads(out)
    assert report["interrupted"]
    assert 0 < report["fights"] < report["planned"] == 2000
    assert "Traceback" not in err
