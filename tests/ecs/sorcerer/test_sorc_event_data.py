"""Every Sorcerer event carries its numbers in `data`, each field documented."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from arena.content.loader import Catalog
from arena.ecs.sorcerer.data import status_data, taken_data, wounds_data
from arena.engine import Fight, ScriptError
from arena.engine.controllers import play_until_human
from arena.rules.events import Event
from arena.rules.sorcerer import Damage, Wounds
from tests.conftest import ROOT

DOC = ROOT / "docs" / "events-sorcerer.md"
SHARED = ROOT / "docs" / "events.md"
"""The kinds both rulesets share, and those the engine makes, are documented there."""
SCENARIOS = ("sorcerer-ai-street", "sorcerer-ai-hunger", "sorcerer-summoning", "sorcerer-gunman")
NO_DATA = {"intention_declared"}
"""Kinds that carry no numbers (the intention is still hidden)."""


@cache
def documented() -> dict[str, set[str]]:
    """Kind → the data fields the Sorcerer page and the shared page list for it."""
    found: dict[str, set[str]] = {}
    kinds: list[str] = []
    for line in (SHARED.read_text() + DOC.read_text()).splitlines():
        if line.startswith("### "):
            kinds = re.findall(r"`([a-z_]+)`", line)
            for kind in kinds:
                found.setdefault(kind, set())
        elif line.startswith("| `") and kinds:
            cell = line.split("|")[1]
            for kind in kinds:
                found[kind] |= set(re.findall(r"`([a-z_]+)`", cell))
    return found


def is_datum(value: Any) -> bool:
    """Numbers, ids and names, in tuples and mappings: never another object."""
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, tuple):
        return all(is_datum(v) for v in value)
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and is_datum(v) for k, v in value.items())
    return False


def fights(catalog: Catalog) -> list[Event]:
    events: list[Event] = []
    for name in SCENARIOS:
        for seed in range(4):
            fight = Fight(catalog.scenarios[name], catalog, seed=seed)
            # A scripted side may meet a choice its script no longer fits on another seed.
            with fight, contextlib.suppress(ScriptError):
                play_until_human(fight, humans_too=True)
            events += fight.events
    return events


def test_every_event_has_documented_data(catalog: Catalog) -> None:
    docs = documented()
    seen: set[str] = set()
    for e in fights(catalog):
        seen.add(e.kind)
        assert e.kind in docs, f"{e.kind} is in neither {DOC.name} nor {SHARED.name}"
        assert is_datum(e.data), f"{e.kind}: {e.data!r}"
        assert bool(e.data) != (e.kind in NO_DATA), f"{e.kind} has data {e.data!r}"
        undocumented = set(e.data) - docs[e.kind]
        assert not undocumented, f"{e.kind}: {sorted(undocumented)} not in {DOC.name}"
    # The fights reach the common kinds; the rest are checked in the fights of their own tests.
    assert {"attack_hit", "damage_taken", "order_rolled", "aftermath", "fight_ended"} <= seen


def test_attack_data_matches_its_roll_and_damage(catalog: Catalog) -> None:
    # The contest's faces are the roll's; the damage's parts add up to the amount.
    events = fights(catalog)
    hits = [e for e in events if e.kind == "attack_hit"]
    assert hits
    for e in hits:
        assert e.roll is not None
        assert (e.data["attack"], e.data["defence"]) == (e.roll.first, e.roll.second)
        assert e.data["winner"] == "attack"
        assert e.data["victories"] == e.roll.victories
    for e in (e for e in events if e.kind == "damage_taken"):
        assert e.amount == e.data["temporary"] + e.data["lasting"]


@pytest.mark.parametrize("kind", sorted(NO_DATA))
def test_the_kinds_without_data_are_documented(kind: str) -> None:
    assert kind in documented()


def test_data_made_in_one_dict_keeps_its_keys_in_order() -> None:
    # Made whole, not merged from the helpers: the same keys, in the helpers' order.
    wounds = Wounds(2, 3)
    assert list(status_data("cannot_act", wounds).items()) == [
        ("status", "cannot_act"),
        ("lasting", 2),
        ("temporary", 3),
        ("penalty", 5),
    ]
    assert status_data("active", wounds) == {"status": "active", **wounds_data(wounds)}
    hit = Damage(1, 2, armor_absorbed=1)
    assert list(taken_data("knife", hit, wounds).items()) == [
        ("row", "knife"),
        ("temporary", 1),
        ("lasting", 2),
        ("armor_absorbed", 1),
        ("after", {"lasting": 2, "temporary": 3, "penalty": 5}),
    ]


def test_attack_and_damage_data_list_their_keys_in_order(catalog: Catalog) -> None:
    events = fights(catalog)
    contests = [e for e in events if e.kind in ("attack_hit", "attack_missed", "attack_tied")]
    assert contests
    for e in contests:
        assert list(e.data) == [
            "weapon",
            "reaction",
            "defence_dice",
            "attack",
            "defence",
            "set_aside",
            "winner",
            "victories",
            "ties_rerolled",
        ]
        assert e.roll is not None
        assert e.data["set_aside"] == e.roll.set_aside
    stands = [e for e in events if e.kind == "damage_stands"]
    assert stands
    for e in stands:
        assert list(e.data) == ["status", "lasting", "temporary", "penalty"]
        assert e.data["penalty"] == e.data["lasting"] + e.data["temporary"]
