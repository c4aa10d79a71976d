"""Pipes and encodings: ASCII where the terminal cannot show a character, quiet on a closed pipe."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli import main
from arena.cli.places import saves_folder
from arena.cli.terminal import to_ascii

ARENA = [sys.executable, "-m", "arena"]
FULL = os.strerror(errno.ENOSPC)


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


# Commands that print much or little, each once; a save for replay is made by the test.
PRINTING = [
    ["run", "werewolf-duel"],
    ["sim", "werewolf-duel", "-n", "3", "--jobs", "1", "-q"],
    ["odds", "table"],
    ["replay", "{save}"],
    ["validate"],
]


def _printing(argv: list[str], tmp_path: Path) -> list[str]:
    save = tmp_path / "duel.yaml"
    if "{save}" in argv and not save.exists():
        assert main(["run", "werewolf-duel", "--save", str(save), "--stop-after", "4"]) == 0
    return [arg.replace("{save}", str(save)) for arg in argv]


@pytest.mark.parametrize("argv", PRINTING, ids=lambda argv: argv[0])
def test_a_closed_pipe_ends_quietly(argv: list[str], tmp_path: Path, capsys) -> None:
    argv = _printing(argv, tmp_path)
    capsys.readouterr()
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line
    try:
        proc = subprocess.run(
            [*ARENA, *argv],
            stdout=write,
            capture_output=False,
            stderr=subprocess.PIPE,
            check=False,
        )
    finally:
        os.close(write)
    assert (proc.returncode, proc.stderr) == (1, b"")


@pytest.mark.skipif(
    not (os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)),
    reason="no /dev/full device",
)
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("argv", PRINTING, ids=lambda argv: argv[0])
def test_a_full_standard_output_is_said_in_one_line_not_as_a_bug(
    argv: list[str], buffered: bool, tmp_path: Path, capsys
) -> None:
    argv = _printing(argv, tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "ARENA_TRACEBACK")}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "wb") as full:  # every write to it fails: No space left on device
        proc = subprocess.run(
            [*ARENA, *argv], stdout=full, stderr=subprocess.PIPE, env=env, check=False
        )
    last = proc.stderr.decode().splitlines()[-1]
    assert (proc.returncode, last) == (2, "arena: cannot write to standard output: " + FULL)
    assert b"Traceback" not in proc.stderr
    assert b"Exception ignored" not in proc.stderr


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_standard_output_over_the_file_size_limit_is_said_in_one_line(
    buffered: bool, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"  # once, Python wrote what fitted and dropped the rest
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))\n"
        "from arena.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    with (tmp_path / "log.txt").open("wb") as log:  # a log of ~5 KB: more than the limit
        proc = subprocess.run(
            [sys.executable, "-c", code, "run", "werewolf-duel"],
            stdout=log,
            stderr=subprocess.PIPE,
            env=env,
            check=False,
        )
    assert proc.returncode == 2
    assert proc.stderr.decode().splitlines() == [
        "arena: cannot write to standard output: File too large"
    ]


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
    monkeypatch.setattr("arena.content.roots.is_checkout", lambda: False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert saves_folder() == tmp_path / "arena" / "saves"


@pytest.mark.parametrize("argv", [["odds", "table"], ["run", "werewolf-duel"]])
def test_a_closed_standard_output_is_the_null_device(argv: list[str]) -> None:
    # The shell's >&- leaves no standard output at all: the output goes nowhere, quietly.
    proc = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", *ARENA, *argv], stderr=subprocess.PIPE, check=False
    )
    assert proc.returncode == 0
    assert b"arena:" not in proc.stderr
    assert b"Exception ignored" not in proc.stderr
