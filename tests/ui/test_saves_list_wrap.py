"""At 80x24 the saves list wraps each save's lines under their indent: the date and time
stay together, and the file name breaks at a dash, not inside a word."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import OptionList

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from arena.ui.save_files import write_save
from arena.ui.saves_screen import SavesScreen
from tests.ui.conftest import make_app
from tests.ui.test_fight_at_80x24 import SMALL, seen

DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")


async def test_a_thug_fights_save_reads_whole_at_80x24(catalog: Catalog, saves: Path) -> None:
    fight = scenario_fight(catalog, "werewolf-thugs", human="ahroun")
    fight.start()
    path = write_save(fight, saves)
    app = make_app(catalog, saves)
    async with app.run_test(size=SMALL) as pilot:
        await app.push_screen(SavesScreen(saves, "Load a save"))
        await pilot.pause()
        await pilot.pause()
        shown = seen(app.screen.query_one("#saves-list", OptionList))
        lines = [line.rstrip() for line in shown.split("\n") if line.strip()]
        # Under the title: who fights, then when, then the file, each set in.
        assert all(line.startswith("   ") for line in lines[1:]), lines
        when = next(i for i, line in enumerate(lines) if DATE.search(line))
        assert lines[when].strip().endswith(DATE.search(lines[when]).group(0))  # type: ignore[union-attr]
        # The file name on the lines after, broken only after a dash.
        name = [line.strip() for line in lines[when + 1 :]]
        assert "".join(name) == path.name, lines
        assert all(piece.endswith("-") for piece in name[:-1]), lines
