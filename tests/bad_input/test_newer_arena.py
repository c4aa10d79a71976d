"""A save from a newer arena: a newer format is refused, a newer release of this format loads.

The format number decides: a newer one is refused naming the file, the line of ``format``
and both formats. A newer ``arena_version`` with this format loads, and says so in one
line on standard error, the log or report on standard output as it was. Covered: fight
saves of both rulesets read by replay, run --resume and sim --from; gauntlet run saves read
by --continue; an older release, a save without the key, and text that is no release say
nothing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arena import __version__
from arena.content.saves import body_digest, read_yaml_mapping, write_yaml_atomic
from tests.bad_input.hostile import listing, run, save_line

READERS = {
    "replay": lambda path: ["replay", str(path)],
    "resume": lambda path: ["run", "--resume", str(path)],
    "sim --from": lambda path: ["sim", "--from", str(path), "-n", "2", "--jobs", "1", "-q"],
}


def _save(tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str) -> Path:
    path = tmp_path / "s.yaml"
    status, _, err = run(["run", scenario, "--save", str(path), "--stop-after", "2"], capsys)
    assert status == 0, err
    return path


def _edited(path: Path, key: str, value: object) -> None:
    data = read_yaml_mapping(path)
    data[key] = value
    write_yaml_atomic(path, data)  # sealed again: only what it says is new


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("scenario", ["werewolf-duel", "sorcerer-duel"])
def test_a_fight_save_of_a_newer_release_loads_and_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str, reader: str
) -> None:
    path = _save(tmp_path, capsys, scenario)
    argv = READERS[reader](path)
    status, before, _ = run(argv, capsys)
    assert status == 0
    _edited(path, "arena_version", "9.9.9")
    status, out, err = run(argv, capsys)
    line = save_line(path, "arena_version")
    assert status == 0, err
    assert out == before  # the log or report is as it was
    note = (
        f"arena: note: {path}:{line}: arena_version: made by arena 9.9.9, newer than this one "
        f"({__version__}); its format 3 is this arena's, so it loads"
    )
    assert err.splitlines()[0] == note
    assert err.count("arena: note:") == 1


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("version", ["0.0.1", __version__, "dev", "0.1"])
def test_an_older_or_unnumbered_release_says_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], reader: str, version: str
) -> None:
    path = _save(tmp_path, capsys, "werewolf-duel")
    _edited(path, "arena_version", version)
    status, _, err = run(READERS[reader](path), capsys)
    assert status == 0, err
    assert "note:" not in err


@pytest.mark.parametrize("reader", READERS)
def test_a_fight_save_of_a_newer_format_is_refused_naming_its_line_and_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], reader: str
) -> None:
    path = _save(tmp_path, capsys, "sorcerer-duel")
    _edited(path, "format", 4)
    before = listing(tmp_path)
    status, out, err = run(READERS[reader](path), capsys)
    line = save_line(path, "format")
    assert (status, out) == (2, "")
    assert f"{path}:{line}: made by a newer arena, format 4; this arena reads format 3 only" in err
    assert listing(tmp_path) == before


# -- gauntlet run saves ---------------------------------------------------------------------------

GAUNTLET = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"]


@pytest.fixture
def run_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "run.json"
    argv = [
        *GAUNTLET,
        "--save",
        str(path),
        "--saves",
        str(tmp_path),
        "--out",
        str(tmp_path / "a.md"),
    ]
    status, _, err = run(argv, capsys)
    assert status == 0, err
    return path


def _run_edited(path: Path, **changes: object) -> None:
    data = json.loads(path.read_text())
    del data["digest"]
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    data["digest"] = body_digest(data)  # sealed again: only what it says is new
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")  # as arena writes it


def _continue(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    folder = path.parent
    argv = [*GAUNTLET, "--continue", str(path), "--saves", str(folder)]
    return run([*argv, "--out", str(folder / "b.md")], capsys)


def test_a_run_save_holds_the_arena_that_made_it(run_save: Path) -> None:
    assert json.loads(run_save.read_text())["arena_version"] == __version__


def test_a_run_save_of_a_newer_release_loads_and_says_so_in_one_line(
    run_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _run_edited(run_save, arena_version="9.9.9")
    status, out, err = _continue(run_save, capsys)
    line = save_line(run_save, "arena_version")
    assert status == 0, err
    assert out.startswith("fight 2: ")
    assert err == (
        f"arena: note: {run_save}:{line}: arena_version: made by arena 9.9.9, newer than this "
        f"one ({__version__}); its format arena-gauntlet/2 is this arena's, so it loads\n"
    )


@pytest.mark.parametrize("version", ["0.0.1", None])
def test_a_run_save_of_an_older_release_or_none_says_nothing(
    run_save: Path, capsys: pytest.CaptureFixture[str], version: str | None
) -> None:
    _run_edited(run_save, arena_version=version)  # None: a save from before the key
    status, _, err = _continue(run_save, capsys)
    assert (status, err) == (0, "")


def test_a_run_save_of_a_newer_format_is_refused_naming_its_line_and_both(
    run_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _run_edited(run_save, format="arena-gauntlet/3")
    before = listing(run_save.parent)
    status, out, err = _continue(run_save, capsys)
    line = save_line(run_save, "format")
    assert (status, out) == (2, "")
    assert err == (
        f"arena: {run_save}:{line}: a gauntlet run made by a newer arena, format 3; this arena "
        "continues format 2 only\n"
    )
    assert listing(run_save.parent) == before


def test_a_run_save_whose_arena_version_is_no_text_is_refused_on_its_line(
    run_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _run_edited(run_save, arena_version=3)
    status, _, err = _continue(run_save, capsys)
    line = save_line(run_save, "arena_version")
    assert status == 2
    assert re.fullmatch(
        rf"arena: {re.escape(str(run_save))}:{line}: a damaged gauntlet save \(arena_version: "
        r"text expected, not int\)\n",
        err,
    ), err


@pytest.mark.parametrize("scenario", ["werewolf-duel", "sorcerer-duel"])
def test_a_loaded_fight_carries_the_newer_arena_note_for_a_screen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str
) -> None:
    from arena.cli.common import catalog
    from arena.engine import load_save
    from arena.engine.setup import replay_fight
    from arena.ui.save_files import continue_from

    path = _save(tmp_path, capsys, scenario)
    cat = catalog()
    assert load_save(path, cat).newer_arena_note is None
    assert replay_fight(path, cat)[0].newer_arena_note is None
    _edited(path, "arena_version", "9.9.9")
    note = (
        f"{path}:{save_line(path, 'arena_version')}: arena_version: made by arena 9.9.9, "
        f"newer than this one ({__version__}); its format 3 is this arena's, so it loads"
    )
    notes: list[str] = []
    assert load_save(path, cat, notes).newer_arena_note == note
    assert notes == [note]  # the command line's note, word for word
    assert replay_fight(path, cat)[0].newer_arena_note == note
    found = continue_from(tmp_path, cat)
    assert found.path == path
    assert found.fight is not None
    assert found.fight.newer_arena_note == note
