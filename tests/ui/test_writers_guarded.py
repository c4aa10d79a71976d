"""The screens' own writers (a fight's log, a run's morgue file) go through the write guard
the command line uses: nothing already there is written over, a link is not followed onto
the file it names, and a saves folder inside the content is refused with a message."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from arena.content.errors import ContentError
from arena.content.loader import Catalog
from arena.content.write_guard import Read, check_target, fresh_target
from arena.engine import Fight
from arena.gauntlet import new_run
from arena.gauntlet.morgue import morgue_path
from arena.ui.app import ArenaApp
from arena.ui.gauntlet_run import RUN_FILE, close_run
from arena.ui.summary_screen import SummaryScreen
from tests.ui.conftest import duel, make_app, pick

SCENARIO = "name: my own duel, by hand\n"
STAMP = "20260101-120000"


@pytest.fixture
def frozen_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every log of the test is saved in the same second."""
    monkeypatch.setattr(time, "strftime", lambda fmt, *args: STAMP)


def finished(saves: Path, catalog: Catalog) -> tuple[Fight, ArenaApp]:
    """A duel and its app; the test plays it to the summary."""
    fight = duel(catalog)
    return fight, make_app(catalog, saves, fight)


@pytest.mark.usefixtures("frozen_clock")
async def test_save_log_never_writes_through_a_link_onto_the_scenario_file(
    catalog: Catalog, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    scenario = tmp_path / "mine.yaml"  # the user's own input file
    scenario.write_text(SCENARIO, encoding="utf-8")
    fight, app = finished(saves, catalog)
    async with app.run_test(size=(100, 30)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("m")
        (taken,) = saves.glob("*.md")
        # Where the log goes in this second, a link to the scenario file: written through
        # (as before), the scenario was lost.
        taken.unlink()
        taken.symlink_to(scenario)
        await pilot.press("m")
        await pilot.press("m")
        await pilot.pause()
    assert scenario.read_text(encoding="utf-8") == SCENARIO
    assert os.path.islink(taken)
    stem = taken.name.removesuffix(".md")
    saved = sorted(p.name for p in saves.glob("*.md") if not p.is_symlink())
    assert saved == [f"{stem}-2.md", f"{stem}-3.md"]  # one file each, none over another
    assert (saves / f"{stem}-2.md").read_text(encoding="utf-8").startswith("# ")


async def test_save_log_refuses_a_saves_folder_in_the_content(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = tmp_path / "content"
    saves = content / "saves"
    saves.mkdir(parents=True)
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    fight, app = finished(saves, catalog)
    async with app.run_test(size=(100, 30)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("m")
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
    assert list(saves.iterdir()) == []
    assert any("Log not saved" in s and "is in the content folder arena reads" in s for s in said)


def test_the_guard_refuses_a_file_the_fight_was_read_from(tmp_path: Path) -> None:
    # A link left at the new file's name is passed over; the name itself, if it is the input
    # file, is refused by name.
    save = tmp_path / "fight.md"
    save.write_text("a save", encoding="utf-8")
    with pytest.raises(ContentError, match="is the save this fight came from"):
        check_target(save, "fight.md", (Read(str(save), "the save this fight came from"),))
    assert fresh_target(tmp_path, "fight", ".md").name == "fight-2.md"
    assert save.read_text(encoding="utf-8") == "a save"


def test_a_run_by_hand_never_writes_its_morgue_through_a_link(
    catalog: Catalog, tmp_path: Path
) -> None:
    state = new_run(catalog, "werewolf", 5)
    mine = tmp_path / "notes.md"  # the user's own file, and a link to one not there yet
    mine.write_text("my notes", encoding="utf-8")
    (tmp_path / "saves").mkdir()
    saves = tmp_path / "saves"
    first = morgue_path(saves, state)
    first.symlink_to(mine)
    second = first.with_name(first.stem + "-2.md")
    second.symlink_to(tmp_path / "made-through-a-link.md")
    written = close_run(saves, state, "Young Ahroun")
    assert written.name == first.stem + "-3.md"
    assert mine.read_text(encoding="utf-8") == "my notes"
    assert not (tmp_path / "made-through-a-link.md").exists()
    assert not (saves / RUN_FILE).exists()


def test_a_run_by_hand_refuses_a_saves_folder_in_the_content(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = tmp_path / "content"
    saves = content / "saves"
    saves.mkdir(parents=True)
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    with pytest.raises(OSError, match="is in the content folder arena reads") as caught:
        close_run(saves, new_run(catalog, "werewolf", 5), "Young Ahroun")
    assert caught.value.filename == str(morgue_path(saves, new_run(catalog, "werewolf", 5)))
    assert list(saves.iterdir()) == []
