"""A saves folder that cannot take a save is named in plain words, and nothing saved is lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.ui.save_files import CannotSave, write_save
from tests.ui.conftest import duel


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
