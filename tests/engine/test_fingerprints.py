"""The events' data and round hashes of 30 seeded fights per shipped scenario stay as recorded.

A change that makes the engine leaner must not change what happens in a fight. Each fight's
fingerprint is a SHA-256 over its events' numbers and ids (kind, round, step, actor, target,
amount, dice, data: never words) and the state hash at the end of every round. To re-record
after a change the rules demand, run this file with ``ARENA_RECORD_FINGERPRINTS=1`` and say why
in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from pathlib import Path

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.content.scenario import ScenarioDef
from arena.engine import Controllers, Fight
from arena.rules.events import Event
from arena.sim.plan import batch_scenario

RECORD = Path(__file__).parent.parent / "data" / "fingerprints.json"
FIGHTS = 30


def _catalog() -> Catalog:
    return load_catalog(default_content_root())


CATALOG = _catalog()
SCENARIOS = sorted(CATALOG.scenarios)


def _datum(event: Event) -> object:
    roll = None if event.roll is None else asdict(event.roll)
    return [
        event.kind,
        event.round,
        event.step,
        event.actor,
        event.target,
        event.amount,
        roll,
        event.data,
    ]


def fingerprint(name: str, seed: int) -> str:
    """The fingerprint of one AI-played fight of the scenario with this seed."""
    return played_print(batch_scenario(CATALOG.scenarios[name]), seed)


def played_print(scenario: ScenarioDef, seed: int) -> str:
    """The fingerprint of one AI-played fight of this (batch-ready) scenario with this seed."""
    fight = Fight(scenario, CATALOG, seed=seed, rigged=())
    try:
        Controllers(fight, watch=True, reasons=False).run()
    finally:
        fight.close()
    text = json.dumps(
        {"events": [_datum(e) for e in fight.events], "rounds": fight.round_hashes},
        sort_keys=True,
        default=list,
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _recorded() -> dict[str, list[str]]:
    found: dict[str, list[str]] = json.loads(RECORD.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize("name", SCENARIOS)
def test_thirty_seeded_fights_of_each_shipped_scenario_keep_their_fingerprint(name: str) -> None:
    prints = [fingerprint(name, seed) for seed in range(1, FIGHTS + 1)]
    if os.environ.get("ARENA_RECORD_FINGERPRINTS") == "1":
        recorded = _recorded() if RECORD.exists() else {}
        recorded[name] = prints
        RECORD.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert prints == _recorded()[name]


def test_every_shipped_scenario_has_a_recorded_fingerprint() -> None:
    assert sorted(_recorded()) == SCENARIOS
