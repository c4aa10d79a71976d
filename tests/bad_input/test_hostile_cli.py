"""Hostile command lines: each is refused in one line with status 2, and nothing on disk changes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bad_input.hostile import SCENARIO, listing, run

OLD = b"an earlier log, kept whole\n"


# -- arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["run", "werewolf-duel", "--bogus"], "--bogus (see arena run --help)"),  # a subcommand's
        (["odds", "contest", "3", "3", "9"], "9 (see arena odds --help)"),  # a stray positional
        (["--bogus"], "--bogus (see arena play --help)"),  # bare arena runs play: its help
    ],
)
def test_an_unrecognized_argument_names_its_subcommands_help(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    assert run(argv, capsys) == (2, "", f"arena: unrecognized arguments: {expected}\n")


# -- scenario files ----------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["run", "validate", "sim"])
def test_an_empty_map_name_is_refused_on_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # It passed the loader (an empty name is no reference) and failed in the fight.
    path = tmp_path / "bad.yaml"
    path.write_text(SCENARIO.replace("map: duel", "map: ''"))
    message = (
        f"{path}:3: map: expected a map of content/arenas/ by id, or one written inline, got ''"
    )
    shown = message if command == "validate" else f"arena: {message}"  # validate lists errors
    assert run([command, str(path)], capsys) == (2, "", f"{shown}\n")


BELL = SCENARIO.replace("seed: 7", 'seed: 7\ndescription: "a\x07"')


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(BELL, "5: malformed YAML: the character U+0007 is not allowed", id="bell"),
        pytest.param(
            "name: x\x00\n", "1: malformed YAML: the character U+0000 is not allowed", id="nul"
        ),
        # After a two-byte character: the C reader counts bytes, yet the line is right.
        pytest.param(
            "é: 1\n# \ufffe\n", "2: malformed YAML: the character U+FFFE is not allowed", id="fffe"
        ),
    ],
)
def test_a_forbidden_character_is_one_line_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert run(["run", str(path)], capsys) == (2, "", f"arena: {path}:{expected}\n")


# -- --out -------------------------------------------------------------------------------------


def test_out_empty_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # An empty name is the current folder to the file system: said as what was given.
    assert run(["run", "werewolf-duel", "--out", ""], capsys) == (
        2,
        "",
        "arena: --out: an empty file name\n",
    )


def test_out_a_named_pipe_is_refused_without_waiting_for_a_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "log.txt"
    os.mkfifo(pipe)
    status, out, err = run(["run", "werewolf-duel", "--out", str(pipe)], capsys)
    assert (status, out) == (2, "")
    assert err.endswith(f"arena: --out: {pipe}: is a named pipe, not a file to save to\n")


def test_out_replaces_an_existing_file_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log.txt"
    path.write_bytes(OLD)
    path.chmod(0o640)
    assert run(["run", "werewolf-duel", "--out", str(path)], capsys)[0] == 0
    assert path.read_text().startswith("scenario: Tom and Vilna trade punches\n")
    assert path.stat().st_mode & 0o777 == 0o640  # the file's permissions are its owner's
    assert list(listing(tmp_path)) == ["log.txt"]  # no temporary file is left


def test_out_through_a_symlink_replaces_the_file_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "real.txt").write_bytes(OLD)
    (tmp_path / "link.txt").symlink_to("real.txt")
    assert run(["run", "werewolf-duel", "--out", str(tmp_path / "link.txt")], capsys)[0] == 0
    assert (tmp_path / "link.txt").is_symlink()
    assert (tmp_path / "real.txt").read_text().startswith("scenario: Tom and Vilna")


@pytest.mark.parametrize(
    "option",
    [["--out"], ["--stop-after", "4", "--save"]],  # a log of ~5 KB; a save of ~3 KB
    ids=["out", "save"],
)
def test_a_full_disk_leaves_the_existing_file_as_it_was(tmp_path: Path, option: list[str]) -> None:
    # A file-size limit fails the write part way, as a full disk does.
    path = tmp_path / "old.txt"
    path.write_bytes(OLD)
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))\n"
        "from arena.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "run", "werewolf-duel", *option, str(path)],
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.decode().splitlines()[-1] == (
        f"arena: {option[-1]}: {path}: cannot write it: File too large"
    )
    assert listing(tmp_path) == {"old.txt": OLD}


def test_out_interrupted_leaves_the_existing_file_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "log.txt"
    path.write_bytes(OLD)

    def ctrl_c(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", ctrl_c)  # Ctrl-C while the new text goes to disk
    status, out, err = run(["run", "werewolf-duel", "--out", str(path)], capsys)
    assert (status, out, err.splitlines()[-1]) == (130, "", "arena: interrupted")
    assert listing(tmp_path) == {"log.txt": OLD}


# -- play --plain ------------------------------------------------------------------------------


def test_plain_play_whose_last_save_fails_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import arena.cli.plain

    def fails(fight: object, path: Path) -> None:
        raise NotADirectoryError(20, "Not a directory", str(path))

    # A folder under a file is refused before the fight now: the save fails once it is played.
    monkeypatch.setattr(arena.cli.plain, "save_fight", fails)
    saves = tmp_path / "saves"
    saves.mkdir()
    status, out, err = run(
        ["play", "--plain", "--saves", str(saves), "werewolf-duel"], capsys, stdin="s\nq\n"
    )
    assert status == 2
    # A numbered line folded past 80 columns goes on on unnumbered lines: read it whole.
    whole = re.sub(r"\n {6}\s*", " ", out)
    said = [line for line in whole.splitlines() if "saved" in line.lower()]
    assert len(said) == 1
    assert said[0].split(maxsplit=1)[1].startswith(f"Not saved: --saves: cannot save to {saves}/")
    assert said[0].endswith(": Not a directory.")
    assert err.startswith(f"arena: --saves: cannot save to {saves}/")
    assert err.endswith("-plain.yaml: Not a directory\n")
    assert err.count("\n") == 1
    assert listing(saves) == {}


def test_plain_play_refuses_a_saves_folder_under_a_file_before_the_fight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_bytes(OLD)
    saves = tmp_path / "file" / "saves"  # under a file: no folder can be made there
    status, out, err = run(
        ["play", "--plain", "--saves", str(saves), "werewolf-duel"], capsys, stdin="s\nq\n"
    )
    assert (status, out) == (2, "")
    assert err == f"arena: --saves: {saves}: not a folder: {tmp_path / 'file'} is a file\n"
    assert listing(tmp_path) == {"file": OLD}


# -- hostile YAML ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("name: &a [*a]\n", 1, id="a list in itself"),
        pytest.param("seed: 7\nx: &a\n  k: *a\n", 2, id="a mapping in itself"),
        pytest.param("x: [1, &b [2, [*b]]]\n", 1, id="deeper down"),
        pytest.param("? &k [*k]\n: 1\n", 1, id="a key"),
    ],
)
def test_an_alias_inside_the_value_it_names_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: int
) -> None:
    # Expanding it never ends: the check of aliases' sizes looped for ever.
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    message = "an alias (*name) inside the value it names: that value would hold itself"
    assert run(["run", str(path)], capsys) == (2, "", f"arena: {path}:{line}: {message}\n")


def test_an_alias_used_twice_is_no_recursion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(SCENARIO + "x-note: &n [1]\ny-note: [*n, [*n]]\n")
    status, _, err = run(["validate", str(path)], capsys)
    assert (status, err.splitlines()[0]) == (2, f"{path}:8: x-note: unknown key")


# -- where a file may be written ---------------------------------------------------------------


@pytest.mark.parametrize("option", ["--out", "--save"])
def test_a_name_ending_in_a_slash_is_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    # The path library drops the slash: the file was written as the folder's name.
    name = f"{tmp_path}/new/"
    message = f"arena: {option}: {name}: ends in a slash, so it names a folder, not a file\n"
    assert run(["run", "werewolf-duel", option, name], capsys) == (2, "", message)
    assert listing(tmp_path) == {}


def test_out_through_a_symlink_loop_says_it_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    message = f"arena: --out: {loop}: cannot write it: Too many levels of symbolic links\n"
    assert run(["run", "werewolf-duel", "--out", str(loop)], capsys) == (2, "", message)


def test_a_scenario_named_in_bytes_that_are_not_utf8_logs_to_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The name reaches Python with a surrogate in it, which UTF-8 cannot write.
    scenario = os.fsdecode(bytes(tmp_path) + b"/\xff.yaml")
    Path(scenario).write_text(SCENARIO)
    out = tmp_path / "log.txt"
    assert run(["run", scenario, "--out", str(out)], capsys)[0] == 0
    assert f"file: {tmp_path}/?.yaml\n" in out.read_text()


# -- digits that are not ASCII -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        # str.isdigit takes a superscript two, which int() refuses: an internal error.
        (
            ["sim", "werewolf-duel", "-n", "3", "-q", "--vary", "tom.strength=²"],
            "werewolf-duel: --vary 'tom.strength=²': a trait takes a whole number from 0, got '²'",
        ),
        # int() reads an Arabic-Indic three as 3: a seed nobody could type back.
        (
            ["run", "werewolf-duel", "--seed", "٣"],
            "argument --seed: expected a whole number from 0 to "
            "18,446,744,073,709,551,615, got '٣' (see arena run --help)",
        ),
        (
            ["roll", "contest", "3", "3", "--dice", "٣"],
            "argument --dice: expected d10 faces 1-10 separated by commas, got '٣' "
            "(not a d10 face) (see arena roll contest --help)",
        ),
        (
            ["play", "--plain", "--pace", "٣"],
            "argument --pace: expected seconds from 0 to 10, got '٣' (see arena play --help)",
        ),
    ],
    ids=["vary", "seed", "dice", "pace"],
)
def test_a_number_in_digits_that_are_not_ascii_is_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    assert run(argv, capsys) == (2, "", f"arena: {expected}\n")


def test_plain_play_takes_a_superscript_digit_as_no_choice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--plain", "--saves", str(tmp_path), "werewolf-duel"]
    status, out, err = run(argv, capsys, stdin="²\nq\n")
    assert (status, err) == (1, "")
    assert "  '²' is not a choice: give 1 to " in out


# -- closed standard streams -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("redirect", "argv", "status", "err"),
    [
        (">&-", ["odds", "contest", "3", "3"], 0, b""),  # what it prints is dropped, as asked
        ("<&-", ["run", "-"], 2, b"arena: <stdin>:1: empty file: expected a scenario\n"),
        ("2>&-", ["run", "nosuch"], 2, b""),  # nowhere to say it: the status says it
    ],
)
def test_a_closed_standard_stream_is_no_internal_error(
    tmp_path: Path, redirect: str, argv: list[str], status: int, err: bytes
) -> None:
    # Python makes a closed stream None; every write or read of it was an internal error.
    script = f'exec "$0" -m arena "$@" {redirect}'
    proc = subprocess.run(
        ["sh", "-c", script, sys.executable, *argv],
        capture_output=True,  # the shell closes the stream for arena alone
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (status, err)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--plain", "--saves", "", "werewolf-duel"],
        ["gauntlet", "--auto", "ai:garou", "-q", "--fights", "1", "--saves", ""],
    ],
    ids=["play", "gauntlet"],
)
def test_saves_empty_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    # An empty name was taken as no name: the saves went to the default folder unasked.
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    assert run(argv, capsys, stdin="q\n") == (2, "", "arena: --saves: an empty folder name\n")
    assert listing(tmp_path) == {}
