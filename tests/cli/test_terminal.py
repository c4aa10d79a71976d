"""Pipes and encodings: ASCII where the terminal cannot show a character, quiet on a closed pipe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli import main
from arena.cli.places import saves_folder
from arena.cli.terminal import to_ascii

ARENA = [sys.executable, "-m", "arena"]


@pytest.mark.parametrize(
    ("char", "expected"),
    [
        ("█", "#"),  # a full bar cell
        ("▍", "|"),  # the ragged end of a bar
        ("≥", ">="),  # in damage thresholds
        ("→", "->"),  # in step summaries
        ("é", "e"),  # accents dropped
        ("漢", "?"),  # nothing close in ASCII
    ],
)
def test_to_ascii(char: str, expected: str) -> None:
    assert to_ascii(char) == expected


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
@pytest.mark.parametrize(
    "argv",
    [["odds", "contest", "4", "5"], ["odds", "storyteller", "5", "6"], ["run", "sorcerer-duel"]],
)
def test_a_narrow_encoding_gets_ascii_not_a_traceback(encoding: str, argv: list[str]) -> None:
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    proc = subprocess.run([*ARENA, *argv], env=env, capture_output=True, check=False)
    said = b"expect: met (" if argv[0] == "run" else b""  # run ends with its expect line
    assert (proc.returncode, proc.stderr[: len(said)]) == (0, said)
    assert b"Traceback" not in proc.stderr
    proc.stdout.decode(encoding)  # every byte is one the terminal can show


def test_a_closed_pipe_ends_quietly() -> None:
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line
    try:
        proc = subprocess.run(
            [*ARENA, "odds", "table"],
            stdout=write,
            capture_output=False,
            stderr=subprocess.PIPE,
            check=False,
        )
    finally:
        os.close(write)
    assert (proc.returncode, proc.stderr) == (1, b"")


def test_no_color_output_has_no_escape_codes() -> None:
    env = dict(os.environ, NO_COLOR="1")
    for argv in (
        ["odds", "contest", "4", "5"],
        ["run", "werewolf-duel"],
        ["roll", "contest", "3", "3"],
    ):
        proc = subprocess.run([*ARENA, *argv], env=env, capture_output=True, check=False)
        assert b"\x1b" not in proc.stdout + proc.stderr


def test_a_bug_is_one_line_unless_asked(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def broken(_args: object) -> int:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("arena.cli.odds.handle", broken)
    monkeypatch.delenv("ARENA_TRACEBACK", raising=False)
    # The handler is looked up when the parser is built, so patch before main() builds it.
    assert main(["odds", "contest", "1", "1"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "internal error (ZeroDivisionError: division by zero)" in err
    monkeypatch.setenv("ARENA_TRACEBACK", "1")
    with pytest.raises(ZeroDivisionError):
        main(["odds", "contest", "1", "1"])


def test_saves_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ARENA_SAVES", raising=False)
    assert saves_folder(str(tmp_path)) == tmp_path  # --saves first
    assert saves_folder().name == "saves"  # a checkout's saves/ (or the user data folder)
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path / "env"))
    assert saves_folder() == tmp_path / "env"


def test_an_installed_arena_saves_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("ARENA_SAVES", raising=False)
    monkeypatch.setattr("arena.content.loader.is_checkout", lambda: False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert saves_folder() == tmp_path / "arena" / "saves"
