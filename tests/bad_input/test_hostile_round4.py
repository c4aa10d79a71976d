"""Hostile input, fourth pass: each is refused in one line with status 2, nothing changed."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.bad_input.hostile import listing, run

SEED_RANGE = "expected a whole number from 0 to 18,446,744,073,709,551,615"

# -- whole numbers on the command line ---------------------------------------------------------

# Every option that takes a seed, with what its refusal's help hint names.
SEED_TAKERS = [
    (["run", "werewolf-duel"], "arena run"),
    (["play", "--plain", "werewolf-duel"], "arena play"),
    (["sim", "werewolf-duel", "-n", "1", "-q"], "arena sim"),
    (["roll", "storyteller", "3", "6"], "arena roll storyteller"),
    (["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"], "arena gauntlet"),
]


@pytest.mark.parametrize(("command", "helped"), SEED_TAKERS, ids=[c[0][0] for c in SEED_TAKERS])
@pytest.mark.parametrize(
    "seed",
    [
        " 5",  # taken for 5, though ascii_int (--jobs) and the scenario's seed: refuse it
        "5 ",
        "5\n",
        "\t5",
        "1_0",  # int() reads 10; refused already, kept here so the rule is seen whole
    ],
)
def test_a_seed_with_spaces_or_underscores_is_refused_by_every_command(
    capsys: pytest.CaptureFixture[str], command: list[str], helped: str, seed: str
) -> None:
    status, out, err = run([*command, "--seed", seed], capsys)
    assert (status, out) == (2, "")
    assert err == f"arena: argument --seed: {SEED_RANGE}, got {seed!r} (see {helped} --help)\n"


@pytest.mark.parametrize(
    ("argv", "option", "expected"),
    [
        (["sim", "werewolf-duel", "-q", "-n", " 2"], "-n/--fights", "expected a whole number"),
        (["odds", "storyteller", "3", "6 "], "DIFFICULTY", "expected a whole number"),
        (["odds", "contest", " 3", "3"], "FIRST", "expected a whole number"),
        (["run", "werewolf-duel", "--ai-budget", " 8"], "--ai-budget", "expected a whole number"),
        (["gauntlet", "--auto", "ai:garou", "--fights", "1 "], "--fights", "expected a whole"),
        (["serve", "--port", " 8000"], "--port", "expected a whole number"),
    ],
)
def test_every_whole_number_option_refuses_spaces_alike(
    capsys: pytest.CaptureFixture[str], argv: list[str], option: str, expected: str
) -> None:
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: argument {option}: {expected}"), err
    assert repr(next(a for a in argv if a != a.strip())) in err


def test_a_seed_with_a_plus_sign_is_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    # A sign is taken, as a scenario's `seed: +5` is: the same seed, the same dice.
    plain = run(["roll", "storyteller", "6", "6", "--seed", "5"], capsys)
    signed = run(["roll", "storyteller", "6", "6", "--seed", "+5"], capsys)
    assert plain[0] == 0
    assert signed == plain


# -- gauntlet files that are not quite JSON ----------------------------------------------------

GAUNTLET = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"]


@pytest.fixture(scope="module")
def run_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A werewolf run saved after its first fight, as its text."""
    from arena.cli import main

    folder = tmp_path_factory.mktemp("run")
    argv = [*GAUNTLET, "--save", str(folder / "run.json"), "--out", str(folder / "m.md")]
    assert main([*argv, "--saves", str(folder)]) == 0
    return (folder / "run.json").read_text()


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        # The last of two was taken: an edit hidden behind the first went unseen.
        (
            lambda text: text.replace('\n "seed": ', '\n "seed": 3,\n "seed": ', 1),
            "(the key 'seed' is given twice in one object)",
        ),
        # Python reads these, JSON has none; a count's range check caught them only by luck.
        (lambda text: text.replace('"seed": ', '"seed": NaN, "x": ', 1), "(NaN is not JSON)"),
        (
            lambda text: text.replace('"seed": ', '"seed": -Infinity, "x": ', 1),
            "(-Infinity is not JSON)",
        ),
    ],
    ids=["twice", "NaN", "-Infinity"],
)
def test_continue_from_a_save_that_is_not_strict_json_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    run_text: str,
    edit: Callable[[str], str],
    expected: str,
) -> None:
    path = tmp_path / "run.json"
    path.write_text(edit(run_text))
    assert path.read_text() != run_text
    before = listing(tmp_path)
    argv = [*GAUNTLET, "--continue", str(path), "--out", str(tmp_path / "m.md")]
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    where = str(path)
    if "twice" in expected:  # blamed on the line of the second
        text = path.read_text()
        first = text.index('\n "seed": 3,\n') + 1  # the top level's; records hold seeds too
        where += f":{text[:first].count(chr(10)) + 2}"
    assert err == f"arena: {where}: not a gauntlet save {expected}\n"
    assert listing(tmp_path) == before


def test_a_score_table_with_a_key_twice_is_refused_and_left_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gauntlet-scores.json"
    row = '{"name": "A", "ruleset": "werewolf", "seed": 1, "won": 3, "won": 7, "taken": 0, '
    path.write_text(f'[{row}"end": "won"}}]')
    before = listing(tmp_path)
    status, out, err = run(["gauntlet", "--scores", "--saves", str(tmp_path)], capsys)
    assert (status, out) == (2, "")
    assert err == (
        f"arena: {path}: not a high-score table (the key 'won' is given twice in one object)\n"
    )
    assert listing(tmp_path) == before


# -- serve -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("app", "expected"),
    [
        # Each was served, and failed in every browser tab that opened it.
        (["replay", "{dir}/none.yaml"], "arena: {dir}/none.yaml: no such file"),
        (["replay", "{dir}"], "arena: {dir}: is a folder, not a regular file"),
        (["replay", "{dir}/save.yaml", "--big"], "arena: --big: only with --ui"),
        (["play", "no-such-fight"], "arena: play: no shipped scenario or file 'no-such-fight'"),
        (["play", "werewolf-duel", "--as", "nobody"], "arena: play: no combatant 'nobody'"),
        # It read the server's own standard input, which no browser tab writes to.
        (["play", "-"], "arena: serve play: - (standard input) cannot be served"),
        (["play", "--saves", "{dir}/save.yaml"], "arena: --saves: {dir}/save.yaml: not a folder"),
    ],
    ids=["missing save", "folder", "big", "unknown scenario", "unknown --as", "-", "saves"],
)
def test_serve_refuses_what_its_app_would_refuse_before_serving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], app: list[str], expected: str
) -> None:
    pytest.importorskip("textual_serve")
    (tmp_path / "save.yaml").write_text("")
    with socket.socket() as taken:  # were the app not checked, the taken port would be said
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        argv = ["serve", "--port", port, *(a.replace("{dir}", str(tmp_path)) for a in app)]
        status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(expected.replace("{dir}", str(tmp_path))), err


# -- validate: folders a walk cannot read, and an empty name -----------------------------------


def _content_tree(folder: Path) -> Path:
    """A copy of the shipped werewolf content and its scenarios, under ``folder/content``."""
    import shutil

    from arena.content.loader import default_content_root

    root = folder / "content"
    for part in ("werewolf", "arenas"):
        shutil.copytree(default_content_root() / part, root / part)
    return root


def test_validate_reports_a_folder_too_deep_to_read_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _content_tree(tmp_path)
    deep = root / "notes"
    deep.mkdir()
    fd = os.open(deep, os.O_RDONLY)
    try:
        for _ in range(20):  # 20 folders of 250 characters: a path longer than the system reads
            os.mkdir("d" * 250, dir_fd=fd)
            inner = os.open("d" * 250, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
    finally:
        os.close(fd)
    status, out, err = run(["validate", str(root)], capsys)
    # The file system's error left the walk: an internal error, status 70.
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert (
        err == "content/notes/" + "d" * 183 + "...: cannot read this folder (File name too long)\n"
    )


def test_validate_skips_a_folder_that_vanishes_while_it_is_walked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a process's folder in /proc does: `arena validate /` ended in an internal error.
    root = _content_tree(tmp_path)
    (root / "gone").mkdir()
    real = os.scandir

    def scandir(path: Any = ".") -> Any:
        if os.fspath(path).endswith("gone"):
            raise FileNotFoundError(2, "No such file or directory", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    status, out, err = run(["validate", str(root)], capsys)
    assert (status, err) == (0, "")
    assert out.startswith("ok: ")


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_validate_an_empty_name_is_refused_as_one(
    capsys: pytest.CaptureFixture[str], json_flag: list[str]
) -> None:
    # It was said as ": no such file or folder", and --json called it the shipped content.
    status, out, err = run(["validate", *json_flag, ""], capsys)
    assert status == 2
    if json_flag:
        said = json.loads(out)
        assert (said["path"], said["paths"], err) == ("", [""], "")
        assert said["errors"] == [
            {"file": "''", "line": 0, "key": "", "message": "an empty name, not a file or folder"}
        ]
    else:
        assert (out, err) == ("", "'': an empty name, not a file or folder\n")


# -- play --saves ------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [[], ["--watch"]], ids=["listing", "watch"])
def test_play_refuses_a_saves_folder_that_is_a_file_whatever_its_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: list[str]
) -> None:
    # Only --plain checked it: the screen took a file for its saves folder, and failed at the
    # first save; without a terminal it was taken and never used.
    path = tmp_path / "notes.txt"
    path.write_text("keep\n")
    status, out, err = run(["play", *mode, "--saves", str(path)], capsys)
    assert (status, out, err) == (2, "", f"arena: --saves: {path}: not a folder but a file\n")
    assert path.read_text() == "keep\n"
