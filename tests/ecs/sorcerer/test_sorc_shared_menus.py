"""Fights of one content share their intention menus, and that changes nothing in them.

A menu is kept by a key of every fact it reads that a fight changes (cells, statuses, damage,
rollovers, demons): a fact left out of the key would hand one fight another's menu. Thirty
seeded fights of one scenario, played one after the other as a batch plays them, must keep
the fingerprints recorded for fights that share nothing.
"""

from __future__ import annotations

import pytest

from arena.sim.plan import batch_scenario
from tests.engine.test_fingerprints import CATALOG, FIGHTS, _recorded, played_print

SORCERER = sorted(n for n, s in CATALOG.scenarios.items() if s.ruleset == "sorcerer")


@pytest.mark.parametrize("name", SORCERER)
def test_fights_sharing_their_menus_keep_their_fingerprints(name: str) -> None:
    scenario = batch_scenario(CATALOG.scenarios[name])  # one scenario for every fight
    prints = [played_print(scenario, seed) for seed in range(1, FIGHTS + 1)]
    assert prints == _recorded()[name]
