"""A finished run's morgue file and high score are written both or neither, and a failure is
said once, naming the file that could not be written."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import Catalog
from arena.gauntlet import begin_fight, closing, new_run, play_fight
from arena.gauntlet.closing import write_together
from arena.gauntlet.run import RunState
from arena.gauntlet.saves import save_run
from arena.gauntlet.scores import FILE, load_scores
from arena.ui import gauntlet_run
from arena.ui.gauntlet_run import RUN_FILE, close_run
from tests.ui.conftest import make_app

RUN = ["gauntlet", "--auto", "ai:garou", "--seed", "7", "-q"]
MORGUE = "morgue-werewolf-ahroun-7.md"
FULL = "cannot write it: No space left on device"
REAL: Callable[[Path, str], Path] = closing.stage_text


def full_for(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The disk is full when the file ``name`` is written (its temporary file, beside it)."""

    def write(path: Path, text: str) -> Path:
        if path.name == name:
            raise OSError(errno.ENOSPC, FULL, str(path))
        return REAL(path, text)

    monkeypatch.setattr(closing, "stage_text", write)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize(
    ("full", "said"),
    [
        # The morgue did not fit: the table was written all the same, listing a run with none.
        (MORGUE, f"{MORGUE}: {FULL} (the run is not recorded: the high-score table is left"),
        # The table did not fit, after the morgue had been written.
        (FILE, f"{FILE}: {FULL} (the run is not recorded: no morgue file was written either)"),
    ],
)
def test_a_run_whose_files_do_not_fit_is_not_recorded_at_all(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    full: str,
    said: str,
) -> None:
    (tmp_path / FILE).write_text("[]\n")
    before = files(tmp_path)
    full_for(monkeypatch, full)
    assert main([*RUN, "--saves", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"arena: {tmp_path}/{said}"), err
    assert (err.count("\n"), err.count("cannot write"), "--out" in err) == (1, 1, False)
    assert files(tmp_path) == before  # no morgue, the table as it was, no temporary file


def test_a_morgue_given_to_out_that_cannot_be_written_is_named_as_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    full_for(monkeypatch, "m.md")
    out = tmp_path / "m.md"
    assert main([*RUN, "--saves", str(tmp_path), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"arena: --out: {out}: {FULL} (the run is not recorded: the high-score table is left "
        "as it was)\n"
    )
    assert files(tmp_path) == {}


def test_write_together_changes_no_file_when_one_cannot_be_written(tmp_path: Path) -> None:
    first, second = tmp_path / "first.md", tmp_path / "second.json"
    first.write_text("old first")
    os.chmod(first, 0o640)
    second.mkdir()  # not a file to write to
    with pytest.raises(OSError, match="is a folder") as caught:
        write_together(((first, "new first"), (second, "new second")))
    assert caught.value.filename == str(second)
    assert sorted(os.listdir(tmp_path)) == ["first.md", "second.json"]  # nothing staged left
    assert first.read_text() == "old first"
    second.rmdir()
    write_together(((first, "new first"), (second, "new second")))
    assert files(tmp_path) == {"first.md": b"new first", "second.json": b"new second"}
    assert os.stat(first).st_mode & 0o777 == 0o640  # the file keeps its permissions


def _finished(catalog: Catalog) -> RunState:
    state = new_run(catalog, "werewolf", 7, policy="garou")
    return replace(play_fight(state, catalog, "lone-thug"), end="dead")


def test_a_run_closed_in_the_ui_keeps_its_save_when_it_cannot_be_recorded(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _finished(catalog)
    (tmp_path / RUN_FILE).write_text("the run's save\n")
    full_for(monkeypatch, FILE)
    with pytest.raises(OSError, match="No space left") as caught:
        close_run(tmp_path, state, "Young Ahroun")
    assert caught.value.filename == str(tmp_path / FILE)
    # Its save was removed first: the run was lost, unrecorded, with no second chance.
    assert files(tmp_path) == {RUN_FILE: b"the run's save\n"}
    monkeypatch.setattr(closing, "stage_text", REAL)
    morgue = close_run(tmp_path, state, "Young Ahroun")
    assert sorted(files(tmp_path)) == sorted([FILE, morgue.name])
    assert [s.end for s in load_scores(tmp_path)] == ["dead"]


async def test_the_ui_names_the_file_it_cannot_write_once(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    waiting = begin_fight(new_run(catalog, "werewolf", 5), catalog, "knife-pair")
    save_run(waiting, catalog.digest, saves / RUN_FILE)
    full_for(monkeypatch, "morgue-werewolf-ahroun-5.md")

    def no_room(state: RunState, digest: str, path: Path) -> None:
        raise OSError(errno.ENOSPC, FULL, str(path))

    monkeypatch.setattr(gauntlet_run, "save_run", no_room)
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("g", "ctrl+f")  # a new run over the one waiting, on a full disk
        await pilot.pause()
        said = [n.message for n in app._notifications]
    assert said == [
        f"The run given up is not recorded: {saves}/morgue-werewolf-ahroun-5.md: {FULL}",
        # It said "[Errno 28] cannot write it: No space left on device: '.../gauntlet-run.json'".
        f"The run is not saved: {saves}/{RUN_FILE}: {FULL}",
    ]
