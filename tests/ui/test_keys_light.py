"""A fight's keys do no work of the collector's or the footer's: what the fight keeps is set
aside from full garbage collections, and the compact footer's keys are born compact."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from arena.content.loader import Catalog
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.footer import CompactFooter
from tests.ui.conftest import duel, make_app, pick


async def test_a_fight_at_the_keys_keeps_its_objects_out_of_full_collections(
    catalog: Catalog, saves: Path
) -> None:
    # A full pass over the content and an 8-combatant fight took a tenth of a second, on
    # whichever key came next.
    fight = duel(catalog)
    app = ArenaApp(
        catalog, saves=saves, pace=0, hold=0, fight=fight, preferences=None, set_aside=True
    )
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pick(pilot, fight.pending()[0], "Move to (5, 3)")
            await pilot.pause()
            assert isinstance(app.screen, ArenaScreen)
            kept = gc.get_freeze_count()
            # What a full pass would still scan is a small part of what the fight keeps.
            assert kept > 10 * len(gc.get_objects(generation=2))
    finally:
        gc.unfreeze()  # the rest of the test run as it was


async def test_a_test_run_leaves_the_collector_alone(catalog: Catalog, saves: Path) -> None:
    gc.unfreeze()
    fight = duel(catalog)
    async with make_app(catalog, saves, fight).run_test(size=(100, 30)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.pause()
        assert gc.get_freeze_count() == 0


async def test_the_fights_footer_keys_are_not_restyled_once_on_screen(
    catalog: Catalog, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Made compact after mounting, each key restyled itself: a fifth of the fight's last key,
    # as the summary opened with ten of them.
    restyled: list[FooterKey] = []
    update = FooterKey.update_node_styles

    def counted(self: FooterKey, animate: bool = True) -> None:
        restyled.append(self)
        update(self, animate)

    monkeypatch.setattr(FooterKey, "update_node_styles", counted)
    fight = duel(catalog)
    async with make_app(catalog, saves, fight).run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        footer = pilot.app.screen.query_one(CompactFooter)
        keys = list(footer.query(FooterKey))
        assert keys
        assert all(key.has_class("-compact") for key in keys)
        assert footer.compact
        assert [key for key in restyled if key in keys] == []
