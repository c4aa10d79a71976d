"""The opponents' list: a fighter a line, its description cut where the list ends."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from arena.content.loader import Catalog
from arena.ui.opponent_picker import OpponentPicker
from tests.ui.conftest import make_app


def lines(picker: OpponentPicker) -> dict[str, str]:
    """Each fighter's line as shown, by id."""
    return {e.id: Text.assemble(picker.get_option(e.id).prompt).plain for e in picker.entries}


async def test_descriptions_use_the_width_the_list_has(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        picker = app.screen.query_one(OpponentPicker)
        narrow = lines(picker)
        room = picker.scrollable_content_region.width
        assert all(len(line) <= room for line in narrow.values())
        assert narrow["operative"].endswith("…")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        wide = lines(picker)
        room = picker.scrollable_content_region.width
        assert all(len(line) <= room for line in wide.values())
        assert len(wide["operative"]) > len(narrow["operative"]) + 30
        assert wide["vilna"].startswith(narrow["vilna"].removesuffix("…"))
