"""A save a newer arena wrote opens in the UI and says so once, as the command line does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena import __version__
from arena.content.loader import Catalog
from arena.content.saves import body_digest, read_yaml_mapping, write_yaml_atomic
from arena.gauntlet import new_run
from arena.gauntlet.saves import save_run
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.gauntlet_run import RUN_FILE, GauntletScreen
from arena.ui.gauntlet_screen import GauntletSetupScreen
from arena.ui.newer import NEWER_TITLE
from arena.ui.replay_screen import ReplayScreen
from arena.ui.save_files import write_save
from tests.bad_input.hostile import save_line
from tests.ui.conftest import duel

NEWER = "9.9.9"
"""A release after every one this arena could be."""


class NoticedApp(ArenaApp):
    """The app, keeping every notice it shows."""

    notices: list[tuple[str, str]]

    def notify(self, message: str, *, title: str = "", **kwargs: Any) -> None:
        self.notices.append((title, message))
        super().notify(message, title=title, **kwargs)


def _app(catalog: Catalog, saves: Path) -> NoticedApp:
    app = NoticedApp(catalog, saves=saves, pace=0, hold=0, preferences=None)
    app.notices = []
    return app


def _newer_save(catalog: Catalog, saves: Path) -> tuple[Path, str]:
    """A fight under way, saved, then marked as written by a newer arena; and the note on it."""
    fight = duel(catalog)
    fight.start()
    fight.apply(fight.pending()[0].choices[0].command)
    path = write_save(fight, saves)
    data = read_yaml_mapping(path)
    data["arena_version"] = NEWER
    write_yaml_atomic(path, data)  # sealed again: only its arena is new
    note = (
        f"{path}:{save_line(path, 'arena_version')}: arena_version: made by arena {NEWER}, "
        f"newer than this one ({__version__}); its format 3 is this arena's, so it loads"
    )
    return path, note


def _toasts(app: ArenaApp) -> list[str]:
    """The words of the notices on screen, as drawn."""
    return [toast.render().plain for toast in app.screen.query("Toast")]


@pytest.mark.parametrize(
    ("keys", "opened"),
    [
        (("c",), ArenaScreen),  # Continue: the newest unfinished save
        (("l", "enter"), ArenaScreen),  # Load a save: the only one
        (("r", "enter"), ArenaScreen),  # Replay a save
        (("v", "enter"), ReplayScreen),  # the replay viewer
    ],
    ids=["continue", "load", "replay", "viewer"],
)
async def test_a_save_from_a_newer_arena_opens_and_says_so_once(
    catalog: Catalog, saves: Path, keys: tuple[str, ...], opened: type[Any]
) -> None:
    path, note = _newer_save(catalog, saves)
    app = _app(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, opened)  # it opened: the note blocks nothing
        assert app.notices == [(NEWER_TITLE, note)]
        shown = _toasts(app)
        assert any(f"made by arena {NEWER}, newer than this one" in words for words in shown)
        assert any(NEWER_TITLE in words for words in shown)
        if opened is ArenaScreen:
            assert app.screen.saved_to == path  # type: ignore[attr-defined]
        await pilot.press("escape")  # the next screen says it no more
        await pilot.pause()
    assert app.notices.count((NEWER_TITLE, note)) == 1


async def test_a_save_of_this_arena_opens_without_a_note(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    fight.start()
    fight.apply(fight.pending()[0].choices[0].command)
    write_save(fight, saves)
    app = _app(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("l", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        assert [n for n in app.notices if n[0] == NEWER_TITLE] == []


async def test_a_gauntlet_run_from_a_newer_arena_continues_and_says_so(
    catalog: Catalog, saves: Path
) -> None:
    saves.mkdir(parents=True)
    path = saves / RUN_FILE
    save_run(new_run(catalog, "werewolf", 7), catalog.digest, path)
    data = json.loads(path.read_text())
    del data["digest"]
    data["arena_version"] = NEWER
    data["digest"] = body_digest(data)  # sealed again: only its arena is new
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if NEWER in text)
    note = (
        f"{path}:{line}: arena_version: made by arena {NEWER}, newer than this one "
        f"({__version__}); its format arena-gauntlet/2 is this arena's, so it loads"
    )
    app = _app(catalog, saves)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GauntletSetupScreen)
        assert app.notices == []  # the form only offers it
        app.screen.action_continue()
        await pilot.pause()
        assert isinstance(app.screen, GauntletScreen)
        assert app.notices == [(NEWER_TITLE, note)]
        assert any(f"made by arena {NEWER}" in words for words in _toasts(app))
