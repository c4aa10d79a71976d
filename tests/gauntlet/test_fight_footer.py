"""A gauntlet fight's footer reads whole at 80 columns, ending in the quit key."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from arena.content.loader import Catalog
from arena.ui.gauntlet_arena import GauntletArena
from tests.ui.conftest import make_app


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_footer_of_a_gauntlet_fight_fits(
    catalog: Catalog, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(catalog, tmp_path / "saves")
    async with app.run_test(size=size) as pilot:
        await pilot.press("g", "ctrl+f", "1")
        await pilot.pause()
        arena = app.screen
        assert isinstance(arena, GauntletArena)
        footer = arena.query_one(Footer)
        shown = [(key.key_display, key.description) for key in footer.query(FooterKey)]
        ends = [("q", "To gauntlet"), ("^q", "Quit")]
        # At 80 columns, while a choice is open, e (its whole explanation) has the palette's room.
        ends = [("e", "Explain"), *ends] if size[0] <= 80 else [*ends, ("^p", "palette")]
        assert shown[-len(ends) :] == ends
        assert ("s", "Save") not in shown
        # It ran past the edge: "q Back when it ▏^p palettet", and ^q Quit never showed.
        assert footer.virtual_size.width <= footer.size.width
        await pilot.press("s")  # the run saves itself after every move; s still says so
        await pilot.pause()
