"""The forms' seed fields take ASCII digits only, and refuse a seed no save could hold."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Input

from arena.content.loader import Catalog
from arena.ui.gauntlet_screen import GauntletSetupScreen
from arena.ui.setup_screen import SetupScreen
from tests.ui.test_brackets import SIZE, noticed


async def test_the_gauntlet_refuses_a_seed_its_save_could_not_hold(
    catalog: Catalog, saves: Path
) -> None:
    app = noticed(catalog, saves)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("g")
        await pilot.pause()
        app.screen.query_one("#g-seed", Input).value = "1000000000000000000000000000000"
        await pilot.press("ctrl+f")
        await pilot.pause()
        assert isinstance(app.screen, GauntletSetupScreen)
    assert not list(saves.glob("*.json"))  # no run that would not load back
    (notice,) = app.notices
    assert "from 0 to 18,446,744,073,709,551,615" in notice[1]


async def test_the_seed_field_takes_no_other_digits(catalog: Catalog, saves: Path) -> None:
    app = noticed(catalog, saves)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("n")
        await pilot.pause()
        seed = app.screen.query_one("#seed", Input)
        seed.value = ""
        seed.focus()
        await pilot.press(*"١٢٣", "4")
        assert seed.value == "4"


async def test_a_long_paste_in_options_is_quoted_short(catalog: Catalog, saves: Path) -> None:
    app = noticed(catalog, saves)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#options", Input).value = "stun=" + "y" * 5000
        await pilot.press("ctrl+f")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
    (notice,) = app.notices
    assert len(notice[1]) < 120


async def test_the_hot_seat_toggle_is_read_whole_at_80_columns(
    catalog: Catalog, saves: Path
) -> None:
    app = noticed(catalog, saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for toggle in app.screen.query(Checkbox):
            label = str(toggle.label)
            assert toggle.region.right <= 80
            # Its whole label fits the box it has: Textual cuts a toggle's label with '…'.
            assert toggle.content_size.width >= len(label) + 4, label
