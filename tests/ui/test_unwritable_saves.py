"""A saves folder that cannot take a save is named in plain words, and nothing saved is lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.quit_screen import QuitScreen
from arena.ui.save_files import CannotSave, write_save
from arena.ui.title_screen import TitleScreen
from tests.ui.conftest import duel, make_app, pick


def test_a_saves_folder_that_is_a_file(catalog: Catalog, tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.write_text("my notes")
    with pytest.raises(CannotSave) as err:
        write_save(duel(catalog), folder)
    assert str(err.value) == f"cannot save to {folder}: it is a file"
    assert folder.read_text() == "my notes"


def test_a_saves_folder_inside_a_file(catalog: Catalog, tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("mine")
    folder = tmp_path / "notes" / "saves"
    with pytest.raises(CannotSave) as err:
        write_save(duel(catalog), folder)
    assert str(err.value) == f"cannot save to {folder}: {tmp_path / 'notes'} is a file"


def over_a_file(catalog: Catalog, tmp_path: Path) -> tuple[Path, Fight, ArenaApp]:
    """A duel whose saves folder is a file of the player's notes."""
    folder = tmp_path / "saves"
    folder.write_text("my notes")
    fight = duel(catalog)
    return folder, fight, make_app(catalog, folder, fight)


async def test_the_fight_goes_on_and_q_can_leave_without_saving(
    catalog: Catalog, tmp_path: Path
) -> None:
    folder, fight, app = over_a_file(catalog, tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        await pilot.press("s")
        await pilot.pause()
        assert not screen.paused  # the folder's fault: the fight goes on
        said = [n.title for n in app._notifications]  # what the notices said
        assert said[-1] == "Not saved"
        await pilot.press("q")  # cannot save on the way out: asked, not stuck
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        leave = app.screen
        await pilot.press("ctrl+q")  # quitting the app is another question, asked over it
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert app.screen is not leave
        assert app.return_code is None  # nothing quit yet
        await pilot.press("escape")  # back to the leave question
        await pilot.pause()
        assert app.screen is leave
        await pilot.press("escape")  # back to the fight
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        await pilot.press("q", "y")  # leave without saving
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert folder.read_text() == "my notes"


async def test_a_save_that_works_again_says_so(catalog: Catalog, tmp_path: Path) -> None:
    folder, fight, app = over_a_file(catalog, tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.press("s")
        await pilot.pause()
        folder.unlink()  # the player makes room, and tries again
        await pilot.press("s")
        await pilot.pause()
        said = [n.title for n in app._notifications]
        assert said == ["Saved"]  # "Not saved" is gone with it
    assert len(list(folder.glob("*.yaml"))) == 1
