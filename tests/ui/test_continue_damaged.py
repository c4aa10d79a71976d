"""Continue never stops at a save that does not load: damaged files are marked and passed over."""

from __future__ import annotations

import os
from pathlib import Path

from arena.content.loader import Catalog
from arena.engine import Controllers
from arena.engine.setup import scenario_fight
from arena.ui.arena_screen import ArenaScreen
from arena.ui.save_files import INDEX, list_saves, mark_damaged, resumable, write_save
from arena.ui.title_screen import ALL_OVER, NONE_LOADS, TitleScreen
from tests.ui.conftest import duel
from tests.ui.test_brackets import noticed


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


async def test_continue_goes_on_past_a_save_that_does_not_load(
    catalog: Catalog, saves: Path
) -> None:
    good, broken = _good_and_broken(catalog, saves)
    assert _offered(saves) == broken  # not yet tried
    app = noticed(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")  # the broken file is passed over: one press is enough
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        assert app.screen.saved_to == good
    (notice,) = app.notices  # one notice, naming the file passed over and why
    assert notice[0] == "Continue passed over saves"
    assert f"{broken.name}:1: not UTF-8 text" in notice[1]
    assert f"Continuing {good.name}." in notice[1]
    shown = {s.path: s.line() for s in list_saves(saves)}
    assert shown[broken] == "crashed-mid-write · damaged"
    assert _offered(saves) == good


async def test_continue_passes_over_every_damaged_save_in_one_go(
    catalog: Catalog, saves: Path
) -> None:
    good, broken = _good_and_broken(catalog, saves)
    older = saves / "hand-edited.yaml"
    older.write_text("format: 1\n", encoding="utf-8")
    os.utime(older, (1_500_000, 1_500_000))  # newer than the good save, older than the crash
    app = noticed(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        assert app.screen.saved_to == good
    (notice,) = app.notices
    lines = notice[1].splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == [broken.name, older.name]  # newest first
    assert lines[2] == f"Continuing {good.name}."
    assert {s.path for s in list_saves(saves) if s.damaged} == {broken, older}


async def test_continue_with_no_save_that_loads_says_so(catalog: Catalog, saves: Path) -> None:
    good, broken = _good_and_broken(catalog, saves)
    good.write_bytes(b"\xff damaged too")
    os.utime(good, (1_000_000, 1_000_000))
    app = noticed(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert _offered(saves) is None  # Continue is off now: nothing left to try
        await pilot.press("c")  # and says why, as it does with no save at all
        await pilot.pause()
    (notice, again) = app.notices
    assert notice[0] == "Cannot continue"
    assert [line.split(":")[0] for line in notice[1].splitlines()[:2]] == [broken.name, good.name]
    assert notice[1].endswith(NONE_LOADS)
    assert again == ("Nothing to open", ALL_OVER)


async def test_continue_passes_over_a_finished_fight_the_index_did_not_know(
    catalog: Catalog, saves: Path
) -> None:
    good, broken = _good_and_broken(catalog, saves)
    broken.unlink()
    ended = scenario_fight(catalog, "werewolf-duel")
    Controllers(ended, watch=True).run()
    assert ended.over
    over = write_save(ended, saves)
    (saves / INDEX).unlink()  # made elsewhere: nothing says it is finished until it loads
    app = noticed(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        assert app.screen.saved_to == good
    (notice,) = app.notices
    assert notice[1].splitlines()[0] == f"{over.name}: that fight is over (Load or Replay open it)"
    assert [s.path for s in list_saves(saves) if s.over] == [over]


def test_a_damaged_save_written_again_is_tried_again(catalog: Catalog, saves: Path) -> None:
    _, broken = _good_and_broken(catalog, saves)
    mark_damaged(broken)
    assert [s.damaged for s in list_saves(saves) if s.path == broken] == [True]
    os.utime(broken, (2_000_000, 2_000_000))  # written since: it may load now
    assert [s.damaged for s in list_saves(saves) if s.path == broken] == [False]
