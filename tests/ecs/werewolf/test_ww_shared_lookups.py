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


def test_event_lines_are_kept_apart_from_the_lookups(
    monkeypatch: pytest.MonkeyPatch, catalog: Catalog
) -> None:
    monkeypatch.setattr(lookup, "_setups", {})
    _fight_once(catalog)
    (_, _, shared) = next(iter(lookup._setups.values()))
    line_kinds = {key[0] for key in shared.said}
    # The lines of a fight: its initiative, declarations, attacks, blows, damage and soak.
    assert {"ww_initiative_segment", "ww_declares", "ww_rolls_damage"} <= line_kinds
    # None of them is among the views and menus, whose turnover they would hasten.
    assert not line_kinds & {key[0] for key in shared.found}


def test_event_lines_are_forgotten_all_at_once_when_the_store_is_full(
    monkeypatch: pytest.MonkeyPatch, catalog: Catalog
) -> None:
    monkeypatch.setattr(lookup, "_setups", {})
    monkeypatch.setattr(lookup, "SAID_MOST", 3)
    _fight_once(catalog)
    (_, _, shared) = next(iter(lookup._setups.values()))
    # Never more than the most, and emptied (not trimmed) when full: 1 to 3 lines are left.
    assert 1 <= len(shared.said) <= 3
