"""Continue never points at a save that does not load: a damaged file is marked and skipped."""

from __future__ import annotations

import os
from pathlib import Path

from arena.content.loader import Catalog
from arena.ui.arena_screen import ArenaScreen
from arena.ui.save_files import list_saves, mark_damaged, resumable, write_save
from arena.ui.title_screen import TitleScreen
from tests.ui.conftest import duel, make_app


def _good_and_broken(catalog: Catalog, saves: Path) -> tuple[Path, Path]:
    """An unfinished fight's save, and a newer file that is not a save at all."""
    fight = duel(catalog)
    fight.start()
    fight.apply(fight.pending()[0].choices[0].command)
    good = write_save(fight, saves)
    broken = saves / "crashed-mid-write.yaml"
    broken.write_bytes(b"\xff\xfe not a save")
    os.utime(good, (1_000_000, 1_000_000))  # the broken file is the newest
    return good, broken


def _offered(saves: Path) -> Path | None:
    going = resumable(saves)
    return None if going is None else going.path


async def test_continue_skips_a_save_that_failed_to_load(catalog: Catalog, saves: Path) -> None:
    good, broken = _good_and_broken(catalog, saves)
    assert _offered(saves) == broken  # not yet tried
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")  # the broken file: refused, and marked
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert _offered(saves) == good
        shown = {s.path: s.line() for s in list_saves(saves)}
        assert shown[broken] == "crashed-mid-write · damaged"
        await pilot.press("c")  # now the good one
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)


def test_a_damaged_save_written_again_is_tried_again(catalog: Catalog, saves: Path) -> None:
    _, broken = _good_and_broken(catalog, saves)
    mark_damaged(broken)
    assert [s.damaged for s in list_saves(saves) if s.path == broken] == [True]
    os.utime(broken, (2_000_000, 2_000_000))  # written since: it may load now
    assert [s.damaged for s in list_saves(saves) if s.path == broken] == [False]
