"""The lookups fights share: kept per setup, and dropped once nobody holds the setup's content."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.ecs.werewolf import lookup
from arena.sim import simulate
from tests.sim.plans import shipped_plan


def _fight_once(catalog: Catalog) -> None:
    simulate(shipped_plan(catalog, "werewolf-duel", 1), catalog)


def test_lookups_of_content_nobody_holds_are_dropped_when_a_new_setup_comes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lookup, "_setups", {})
    first = load_catalog(default_content_root())
    _fight_once(first)
    assert [held[0] for held in lookup._setups.values()] == [first]
    kept = load_catalog(default_content_root())
    _fight_once(kept)
    # Both contents are still held here: both setups keep their lookups.
    assert [held[0] for held in lookup._setups.values()] == [first, kept]
    del first
    _fight_once(load_catalog(default_content_root()))
    # The first content is gone: its lookups go with it; the held one stays.
    catalogs = [held[0] for held in lookup._setups.values()]
    assert len(catalogs) == 2
    assert catalogs[0] is kept
