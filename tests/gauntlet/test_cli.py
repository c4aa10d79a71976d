from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli import main


def _arena(*args: str, saves: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARENA_SAVES": str(saves)}
    return subprocess.run(
        [sys.executable, "-m", "arena", *args], capture_output=True, text=True, env=env, check=False
    )


@pytest.mark.parametrize(
    ("ruleset", "policy"), [("werewolf", "ai:garou"), ("sorcerer", "ai:sorcerer")]
)
def test_same_seed_same_morgue_in_two_processes(tmp_path: Path, ruleset: str, policy: str) -> None:
    outs = []
    for name in ("a.md", "b.md"):
        done = _arena(
            "gauntlet",
            "--ruleset",
            ruleset,
            "--auto",
            policy,
            "--fights",
            "3",  # a short run: the same seed in another process, not the whole ladder
            "--seed",
            "9",
            "--out",
            str(tmp_path / name),
            saves=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        outs.append((tmp_path / name).read_bytes())
    assert outs[0] == outs[1]
    assert outs[0].startswith(b"# ")
    assert b"## Fight 1:" in outs[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--auto", "ai:nope"], "no AI policy"),  # an unknown policy
        (["--auto", "garou"], "expected ai:POLICY"),  # no ai: prefix
        ([], "playing by hand needs a terminal"),  # by hand, with no terminal for the UI
        (["--ruleset", "chess"], "--ruleset"),  # by hand: checked before the UI opens
        (["--character", "tomm"], "did you mean 'tom'"),  # likewise
        (["--out", "m.md"], "--out goes with --auto"),  # headless options need the AI
        (["--auto", "ai:garou", "--ruleset", "chess"], "--ruleset"),  # an unknown ruleset
        (["--auto", "ai:garou", "--character", "tomm"], "did you mean 'tom'"),  # a typo
        (["--auto", "ai:garou", "--json"], "--json goes with -n"),  # --json without a batch
        (["--auto", "ai:garou", "-n", "0"], "-n/--runs: expected a whole number"),  # no runs
        (
            ["--auto", "ai:garou", "--offer-odds", "0"],
            "--offer-odds: expected a whole number",
        ),  # no fights
        (
            ["--auto", "ai:garou", "--offer-odds", "many"],
            "--offer-odds: expected a whole number",
        ),  # not a number
        (["--auto", "ai:garou", "-n", "2", "--offer-odds", "5"], "with a single run"),  # a batch
    ],
)
def test_bad_input_exits_2(
    args: list[str],
    words: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    assert main(["gauntlet", *args]) == 2
    assert words in capsys.readouterr().err


KNOWN = (
    "known: ai:nearest, ai:random, ai:thug, ai:gang, ai:gunman, ai:shooter, ai:coward, "
    "ai:demon, ai:sorcerer, ai:fomor, ai:garou, ai:bane, ai:frenzy"
)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # Each refused without the legal choices, or in an odd wording.
        (
            ["--character", "zzz"],
            "--character: no werewolf character 'zzz'; the werewolf characters: tom, vilna, "
            "ahroun, spiral, fomor, operative, thug, knifer, bane",
        ),
        (
            ["--auto", "ai:sorcerer", "--ruleset", "sorcerer", "--character", "vik"],
            "--character: no sorcerer character 'vik' (did you mean 'vic'?); the sorcerer "
            "characters: rook, mara, vic, scratch, ada, tick, hunger, ember, bruiser, clubber, "
            "cutter, gunman",
        ),
        (["--auto", "zzz"], f"--auto: expected ai:POLICY[/LEVEL], got 'zzz'; {KNOWN}"),
        (["-n", "3"], f"-n 3: missing --auto ai:POLICY, the AI that plays the runs; {KNOWN}"),
        # Accepted up to 20, and played as if not given.
        (
            ["--auto", "ai:garou", "--fights", "8"],
            "--fights: 8 is more than a werewolf run holds (7 fights); leave it out to play the "
            "run to its end",
        ),
    ],
)
def test_a_refusal_lists_the_legal_choices_or_says_what_is_missing(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["gauntlet", *args, "--saves", str(tmp_path)]) == 2
    assert capsys.readouterr() == ("", f"arena: {said}\n")
    assert list(tmp_path.iterdir()) == []


def test_continue_a_saved_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    save = str(tmp_path / "run.json")
    assert (
        main(["gauntlet", "--auto", "ai:garou", "--seed", "3", "--fights", "1", "--save", save])
        == 0
    )
    assert "fight 1:" in capsys.readouterr().out
    assert (
        main(
            ["gauntlet", "--continue", save, "--auto", "ai:garou", "--fights", "1", "--save", save]
        )
        == 0
    )
    assert "fight 2:" in capsys.readouterr().out


def test_a_single_run_prints_each_offers_chance_to_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    args = ["gauntlet", "--auto", "ai:garou", "--seed", "7", "--fights", "1", "--offer-odds", "4"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:6] == [
        "offers for fight 1:",
        "  1. A thug with a bat (danger 11): win ≈ 100% of 4",
        "  2. Two knife thugs (danger 24): win ≈ 100% of 4",
        "  3. Fomori in the warehouse (danger 32): win ≈ 100% of 4",
        "fight 1: A thug with a bat: player in 2; unhurt; Rage 3/5, Gnosis 1/1, Willpower",
        "    3/4",
    ]


def test_help() -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["gauntlet", "--help"])
    assert exit_.value.code == 0
