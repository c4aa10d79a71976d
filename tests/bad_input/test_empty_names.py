"""An empty name where a file or a scenario is asked for: refused as one, by every command."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bad_input.hostile import run

SCENARIO = "'': an empty name, not a scenario file or a shipped scenario's name"
SAVE = "'': an empty name, not a save file"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # Path('') is the current folder: these said ".: is a folder, not a regular file".
        (["replay", ""], SAVE),
        (["serve", "replay", ""], SAVE),
        (["sim", "", "-q"], SCENARIO),
        (["sim", "--from", "", "-q"], "--from: an empty name, not a save file"),
        # Taken for no name: --resume '' asked for a scenario, play '' played the default.
        (["run", ""], SCENARIO),
        (["run", "--resume", ""], "--resume: an empty name, not a save file"),
        (["play", ""], SCENARIO),
        (["play", "--plain", ""], SCENARIO),
        (["play", "--scenario", ""], "--scenario" + SCENARIO.removeprefix("''")),
        (["serve", "play", ""], SCENARIO),  # it used to start serving the default
        # Said as "no shipped scenario or file ''" with the whole list.
        (["demo", "werewolf-duel", ""], SCENARIO),
        (["serve", "demo", ""], SCENARIO),
        # It started a new run in its place.
        (
            ["gauntlet", "--auto", "ai:garou", "--continue", ""],
            "--continue: an empty name, not a saved gauntlet run",
        ),
        # Options that write a file already said so; kept as they are.
        (["run", "werewolf-duel", "--save", ""], "--save: an empty file name"),
        (["run", "werewolf-duel", "--out", ""], "--out: an empty file name"),
    ],
)
def test_an_empty_name_is_refused_as_one(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # the folder an empty name stood for
    status, out, err = run(argv, capsys)
    assert (status, out, err) == (2, "", f"arena: {message}\n")
    assert list(tmp_path.iterdir()) == []  # nothing written there
