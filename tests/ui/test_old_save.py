"""A save from an older arena is named as such on the UI's load and replay paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.content.loader import Catalog
from arena.engine import save_fight
from arena.engine.saves import SAVE_FORMAT
from arena.ui.app import ArenaApp
from arena.ui.title_screen import TitleScreen
from tests.ui.conftest import duel


class NoticedApp(ArenaApp):
    """The app, keeping every notice it shows."""

    notices: list[tuple[str, str]]

    def notify(self, message: str, *, title: str = "", **kwargs: Any) -> None:
        self.notices.append((title, message))
        super().notify(message, title=title, **kwargs)


@pytest.mark.parametrize("key", ["l", "r"], ids=["load", "replay"])
async def test_an_older_save_gets_a_clear_notice(catalog: Catalog, saves: Path, key: str) -> None:
    saves.mkdir(parents=True)
    old = saves / "old.yaml"
    fight = duel(catalog)
    fight.start()
    save_fight(fight, old)
    old.write_text(old.read_text().replace(f"format: {SAVE_FORMAT}", "format: 1"))
    app = NoticedApp(catalog, saves=saves, pace=0, hold=0, preferences=None)
    app.notices = []
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press(key, "enter")  # the menu entry, then the only save
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    (notice,) = app.notices
    assert "made by an older arena, format 1" in notice[1]
