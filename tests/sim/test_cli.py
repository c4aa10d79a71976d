"""`arena sim` on the command line: formats, reproducibility, bad arguments, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

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
        (["-n", "0"], "expected a whole number from 1 to 1,000,000, got '0'"),
        (["-n", "many"], "expected a whole number from 1 to 1,000,000, got 'many'"),
        (["-n", "²"], "expected a whole number from 1 to 1,000,000, got '²'"),
        (["--jobs", "0"], "--jobs: expected a whole number from 1 to 256"),
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


# Fights slowed to a tenth of a second each, every one told on standard error as it ends, so a
# test knows how many finished; forked workers inherit the slow fight.
SLOW_BATCH = """
import os, sys, time
from arena.sim import batch
real = batch.play
def slow(setup, catalog, seed):
    time.sleep(0.1)
    summary = real(setup, catalog, seed)
    os.write(2, b"played\\n")  # one write, so two workers never mix their lines
    return summary
batch.play = slow
from arena.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C to a process group is POSIX")
def test_ctrl_c_on_workers_stops_within_a_fight_and_counts_every_fight_finished() -> None:
    # 3,200 fights on two workers once went out in chunks of 100 (ten seconds each here): Ctrl-C
    # waited for a whole chunk, then reported one fight of it.
    argv = ["sim", "werewolf-duel", "-n", "3200", "--jobs", "2", "--json", "-q"]
    proc = subprocess.Popen(
        [sys.executable, "-c", SLOW_BATCH, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job is
    )
    assert proc.stderr is not None
    played = 0
    while played < 6:
        line = proc.stderr.readline()
        assert line == "played\n", line
        played += 1
    os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C does: the workers get it too
    asked = time.monotonic()
    out, err = proc.communicate(timeout=60)
    stopped = time.monotonic() - asked
    assert (proc.returncode, "Traceback" in err) == (130, False), err
    assert stopped < 4, f"Ctrl-C took {stopped:.1f} s"  # a fight, not a chunk of them
    report = json.loads(out)
    played += err.count("played\n")
    assert report["fights"] + report["left_out"] == played  # each finished fight accounted for
    # The figures are those of the first fights of the batch, as one job plays them.
    again = ["-n", str(report["fights"]), "--jobs", "1", "--json", "-q"]
    one = subprocess.run(
        [sys.executable, "-m", "arena", *argv[:2], *again],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(one.stdout)["base"] == report["base"]


def test_one_fight_is_put_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "werewolf-duel", "-n", "1", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Tom and Vilna trade punches: 1 fight\n")
    assert "sim: 1 fight in " in err


def test_an_interrupted_report_says_how_many_fights_were_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from arena.sim import to_text

    assert main([*QUICK, "--json"]) == 0
    finished = json.loads(capsys.readouterr().out)
    report = {**finished, "planned": 40, "interrupted": True, "left_out": 1}
    text = to_text(report)
    assert "interrupted: 12 of 40 fights finished" in text
    assert "left out: 1 more fight finished after one that was not played" in text
    assert "left out" not in to_text(finished)
