"""Hostile input, seventh pass: names in a folder that may be listed but not searched."""

from __future__ import annotations

import errno
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.content.files import is_folder, is_there
from arena.content.loader import shipped_content_root
from tests.bad_input.hostile import SCENARIO, run

# -- a file in a folder that may not be searched -----------------------------------------------
#
# Such a file cannot be looked at: os.path.lexists said it was not there, so it was called
# missing ("no such file or shipped scenario"), and Path.is_dir raised, so validate ended in
# an internal error (status 70). Root may search every folder, so the folder is shut here by
# refusing every look at a name inside it, as the system does for anyone else.

SHUT = "shut"
"""The folder whose names cannot be looked at."""


@pytest.fixture
def shut(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder, listed but not searched: a scenario, a saved fight and a gauntlet run in it."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / SHUT
    folder.mkdir()
    (folder / "fight.yaml").write_text(SCENARIO)
    inside = str(folder) + os.sep

    def refused(real: Callable[..., Any]) -> Callable[..., Any]:
        def look(path: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, str | os.PathLike):
                name = os.path.abspath(os.fsdecode(path))
                if name.startswith(inside):
                    raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
            return real(path, *args, **kwargs)

        return look

    monkeypatch.setattr(os, "stat", refused(os.stat))
    monkeypatch.setattr(os, "lstat", refused(os.lstat))
    return folder


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["run", "shut/fight.yaml"], "arena: shut/fight.yaml: cannot read it: permission denied"),
        (
            ["sweep", "shut/fight.yaml", "--grid", "tom.dexterity=1,2", "-n", "1", "-q"],
            "arena: shut/fight.yaml: cannot read it: permission denied",
        ),
        (["sim", "shut/fight.yaml", "-n", "1", "-q"], "arena: shut/fight.yaml: cannot read it"),
        (["play", "--plain", "shut/fight.yaml"], "arena: shut/fight.yaml: cannot read it"),
        (["demo", "shut/fight.yaml"], "arena: demo: shut/fight.yaml: cannot read it"),
        (["validate", "shut/fight.yaml"], "shut/fight.yaml: cannot read it: permission denied"),
        (["validate", "shut"], "shut/fight.yaml: cannot read it: permission denied"),
        (["validate", "shut/fight.yaml", "--json"], "cannot read it: permission denied"),
        (["run", "--resume", "shut/fight.yaml"], "arena: shut/fight.yaml: cannot read it"),
        (["replay", "shut/fight.yaml"], "arena: shut/fight.yaml: cannot read it"),
        (["sim", "--from", "shut/fight.yaml", "-q"], "arena: --from: shut/fight.yaml: cannot"),
        (
            ["gauntlet", "--continue", "shut/fight.yaml", "--auto", "ai:garou", "--saves", "."],
            "arena: shut/fight.yaml: cannot read it: permission denied",
        ),
        (
            ["gauntlet", "--scores", "--saves", "shut"],
            "arena: shut/gauntlet-scores.json: cannot read it: permission denied",
        ),
    ],
    ids=[
        "run",
        "sweep",
        "sim",
        "play",
        "demo",
        "validate a file",
        "validate the folder",
        "validate --json",
        "resume",
        "replay",
        "sim --from",
        "gauntlet --continue",
        "gauntlet --scores",
    ],
)
def test_a_file_in_a_folder_that_may_not_be_searched_is_unreadable_not_missing(
    argv: list[str], said: str, shut: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Called missing, or an internal error; the scores were shown as none at all, status 0."""
    status, out, err = run(argv, capsys)
    assert status == 2, err
    assert said in out + err
    assert "no such file" not in out + err
    assert "internal error" not in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root searches every folder")
def test_a_folder_shut_for_real_is_said_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same, with the folder's mode, where the system itself refuses the look."""
    monkeypatch.chdir(tmp_path)
    Path(SHUT).mkdir()
    Path(SHUT, "fight.yaml").write_text(SCENARIO)
    Path(SHUT).chmod(stat.S_IRUSR)  # listed, not searched
    try:
        for argv in (["run", "shut/fight.yaml"], ["validate", "shut"]):
            status, _, err = run(argv, capsys)
            assert status == 2
            assert "shut/fight.yaml: cannot read it: permission denied" in err
    finally:
        Path(SHUT).chmod(stat.S_IRWXU)


def test_a_name_that_cannot_be_looked_at_is_there_and_no_folder(shut: Path) -> None:
    assert is_there(shut / "fight.yaml")
    assert is_there(shut / "nothing.yaml")  # who cannot search a folder cannot tell
    assert not is_folder(shut / "fight.yaml")
    assert not is_there(shut.parent / "nothing.yaml")
    assert not is_there(shut.parent / "nul\0.yaml")
    assert not is_folder(shut.parent / "nul\0.yaml")
    assert is_folder(shut)


# -- a content tree whose werewolf places serve no map ------------------------------------------

PLACE_MESSAGE = "no werewolf/places entry for 'duel', and no 'default' one to serve it"


@pytest.fixture
def placeless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the content whose werewolf/places has no 'default' entry, the one in use."""
    monkeypatch.chdir(tmp_path)
    content = tmp_path / "content"
    shutil.copytree(shipped_content_root(), content)
    places = content / "werewolf" / "places.yaml"
    text = places.read_text()
    assert "  default:\n" in text
    places.write_text(text.replace("  default:\n", "  elsewhere:\n", 1))
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    return content


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "werewolf-duel"],
        ["validate"],
        ["sim", "werewolf-duel", "-n", "1", "-q", "--jobs", "1"],
        ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q", "--saves", "."],
    ],
    ids=["run", "validate", "sim", "gauntlet"],
)
def test_a_werewolf_map_with_no_place_entry_is_refused_on_its_map_line(
    argv: list[str], placeless: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Validate passed it, and the first roll needing the Gauntlet ended in an internal error."""
    status, _, err = run(argv, capsys)
    assert status == 2, err
    assert "internal error" not in err
    assert "scenarios/werewolf-duel.yaml:6: map: " + PLACE_MESSAGE in err
    # a gauntlet group on such a map too: the run offers it
    assert "gauntlet/werewolf.yaml:74: werewolf.lone-spiral.map: " + PLACE_MESSAGE in err


@pytest.mark.parametrize(
    ("map_line", "said"),
    [
        ("map: duel", "fight.yaml:3: map: " + PLACE_MESSAGE),
        (
            "map: {name: Box, rows: ['#####', '#1.2#', '#####']}",
            "fight.yaml:3: map: no werewolf/places entry for a map written inline",
        ),
    ],
    ids=["named", "inline"],
)
@pytest.mark.parametrize("command", ["run", "validate"])
def test_a_scenario_file_on_a_map_with_no_place_entry_is_refused(
    map_line: str,
    said: str,
    command: str,
    placeless: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Content that loads without the shipped Werewolf scenarios and gauntlet groups.
    shutil.rmtree(placeless / "scenarios")
    (placeless / "gauntlet" / "werewolf.yaml").unlink()
    Path("fight.yaml").write_text(SCENARIO.replace("map: duel", map_line))
    status, _, err = run([command, "fight.yaml"], capsys)
    assert status == 2, err
    assert said in err


def test_a_place_entry_for_the_map_itself_is_enough(
    placeless: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.rmtree(placeless / "scenarios")
    (placeless / "gauntlet" / "werewolf.yaml").unlink()
    places = placeless / "werewolf" / "places.yaml"
    places.write_text(places.read_text().replace("  elsewhere:\n", "  duel:\n", 1))
    Path("fight.yaml").write_text(SCENARIO)
    status, _, err = run(["run", "fight.yaml"], capsys)
    assert status == 0, err


# -- a content tree without a task the Sorcerer rules look up -----------------------------------

TASKS_MESSAGE = (
    "no sorcerer/tasks entry 'close_in': a Sorcerer fight looks up move, close_in, flee, aim, climb"
)
SORCERER = (
    "name: Hostile\n"  # 1
    "ruleset: sorcerer\n"  # 2
    "map: duel\n"  # 3
    "combatants:\n"  # 4
    "  - {id: rook, template: rook, side: north, spawn: 1}\n"  # 5
    "  - {id: mara, template: mara, side: south, spawn: 2}\n"  # 6
)


@pytest.fixture
def taskless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the content whose sorcerer/tasks has no 'close_in' entry."""
    monkeypatch.chdir(tmp_path)
    content = tmp_path / "content"
    shutil.copytree(shipped_content_root(), content)
    tasks = content / "sorcerer" / "tasks.yaml"
    text = tasks.read_text()
    assert "  close_in:\n" in text
    tasks.write_text(text.replace("  close_in:\n", "  closing:\n", 1))
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    return content


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "sorcerer-duel"],
        ["validate"],
        ["gauntlet", "--ruleset", "sorcerer", "--auto", "ai:sorcerer", "-q", "--saves", "."],
    ],
    ids=["run", "validate", "gauntlet"],
)
def test_content_without_a_task_the_rules_look_up_is_refused(
    argv: list[str], taskless: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Validate passed it; the first move ended the fight in an internal error."""
    status, _, err = run(argv, capsys)
    assert status == 2, err
    assert "internal error" not in err
    assert "gauntlet/sorcerer.yaml:8: sorcerer.lone-bruiser: " + TASKS_MESSAGE in err
    if argv == ["validate"]:  # which lists every problem; the others stop at twenty
        assert "scenarios/sorcerer-duel.yaml:6: ruleset: " + TASKS_MESSAGE in err


@pytest.mark.parametrize("command", ["run", "validate"])
def test_a_sorcerer_scenario_file_on_content_without_a_task_is_refused(
    command: str, taskless: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Content that loads without the shipped Sorcerer scenarios and gauntlet groups.
    for scenario in (taskless / "scenarios").glob("*.yaml"):
        if "ruleset: sorcerer" in scenario.read_text():
            scenario.unlink()
    (taskless / "gauntlet" / "sorcerer.yaml").unlink()
    Path("fight.yaml").write_text(SORCERER)
    status, _, err = run([command, "fight.yaml"], capsys)
    assert status == 2, err
    assert "fight.yaml:2: ruleset: " + TASKS_MESSAGE in err


# -- an empty name where content names another entry ---------------------------------------------


@pytest.mark.parametrize(
    ("file", "old", "new", "said"),
    [
        (
            "sorcerer/weapons.yaml",
            "    damage: fists\n",
            '    damage: ""\n',
            "sorcerer/weapons.yaml:5: weapons.fists.damage: no sorcerer/damage named ''",
        ),
        (
            "gauntlet/werewolf.yaml",
            "    map: duel\n",
            '    map: ""\n',
            "gauntlet/werewolf.yaml:11: werewolf.lone-thug.map: no arenas/maps named ''",
        ),
        (
            "gauntlet/werewolf.yaml",
            "{template: thug, policy: thug}",
            '{template: "", policy: thug}',
            "gauntlet/werewolf.yaml:12: werewolf.lone-thug.foes[0].template: "
            "no werewolf/characters named ''",
        ),
        (
            "gauntlet/sorcerer.yaml",
            "template: bruiser",
            'template: ""',
            ".foes[0].template: no sorcerer/characters named ''",
        ),
    ],
    ids=["weapon damage", "gauntlet map", "werewolf foe", "sorcerer foe"],
)
@pytest.mark.parametrize(
    "argv",
    [
        ["validate"],
        ["run", "sorcerer-duel"],
        ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q", "--saves", "."],
        ["gauntlet", "--ruleset", "sorcerer", "--auto", "ai:sorcerer", "--fights", "1", "-q"],
    ],
    ids=["validate", "run", "werewolf gauntlet", "sorcerer gauntlet"],
)
def test_an_empty_name_of_another_entry_is_refused_on_its_line(
    file: str,
    old: str,
    new: str,
    said: str,
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Validate passed it, and looking it up mid-fight ended in an internal error."""
    monkeypatch.chdir(tmp_path)
    content = tmp_path / "content"
    shutil.copytree(shipped_content_root(), content)
    edited = content / file
    text = edited.read_text()
    assert old in text
    edited.write_text(text.replace(old, new, 1))
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    status, _, err = run([*argv, "--saves", "."] if "sorcerer" in argv else argv, capsys)
    assert status == 2, err
    assert said in err
    assert "internal error" not in err


# -- plain play names its save in a folder whose name holds an escape code --------------------


@pytest.mark.parametrize("how", ["--saves", "ARENA_SAVES"])
def test_plain_play_writes_out_an_escape_code_in_the_saves_folder_s_name(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Saved to ...' printed the folder's name raw: the escape code cleared the terminal."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "s\x1b[2Jv"
    argv = ["play", "--plain", "werewolf-duel"]
    if how == "--saves":
        argv += ["--saves", str(folder)]
    else:
        monkeypatch.setenv("ARENA_SAVES", str(folder))
    status, out, err = run(argv, capsys, stdin="s\nq\n")
    assert status == 1, err
    assert "\x1b" not in out + err
    assert f"Saved to {tmp_path}/s\\x1b[2Jv/" in out
    assert len(list(folder.iterdir())) == 1  # the save itself is where it was asked
