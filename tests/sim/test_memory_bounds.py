"""A batch's memory stays flat: every cache the fights fill has a bound (bench/ measures it)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from arena.content.loader import Catalog
from arena.ecs.werewolf import lookup
from arena.sim import simulate
from tests.sim.plans import shipped_plan

# Caches filled once and for all: keyed by a class or a fixed pattern, never by a fight.
FILLED_ONCE = {"arena.content.schema._hints", "arena.content.script_keys._pattern"}
# The packages a batch's fights run through (the UI keeps its own, per screen).
PACKAGES = ("arena.ai", "arena.content", "arena.ecs", "arena.engine", "arena.rules", "arena.sim")


def _caches() -> dict[str, object]:
    found: dict[str, object] = {}
    for package in PACKAGES:
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, f"{package}."):
            loaded = importlib.import_module(info.name)
            for name, value in vars(loaded).items():
                if hasattr(value, "cache_parameters") and value.__module__ == info.name:
                    found[f"{info.name}.{name}"] = value
    return found


def test_every_cache_a_fight_fills_has_a_bound() -> None:
    caches = _caches()
    assert len(caches) > 20, sorted(caches)  # the walk found them
    unbounded = [
        name
        for name, cache in caches.items()
        if cache.cache_parameters()["maxsize"] is None and name not in FILLED_ONCE  # type: ignore[attr-defined]
    ]
    assert unbounded == []


def test_the_lookups_fights_share_stay_within_their_bound(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lookup, "SHARED_MOST", 40)
    monkeypatch.setattr(lookup, "_setups", {})
    simulate(shipped_plan(catalog, "werewolf-thugs", 3), catalog)
    (held,) = lookup._setups.values()
    shared = held[2]
    assert 0 < len(shared.found) <= 20
    assert 0 < len(shared.older) <= 20  # turned over at least once


def test_a_shared_lookup_used_again_survives_a_turnover(monkeypatch: pytest.MonkeyPatch) -> None:
    from arena.ecs.werewolf.components import Shared

    monkeypatch.setattr(lookup, "SHARED_MOST", 4)  # two generations of two
    shared = Shared({})
    made: list[str] = []

    def make(key: str) -> str:
        made.append(key)
        return key

    for key in "abacadaeaf":
        assert lookup.kept_in(shared, (key,), make, key) == key
        assert len(shared.found) <= 2
        assert len(shared.older) <= 2
    assert made == list("abcdef")  # "a", used between every turnover, was made once
    lookup.kept_in(shared, ("g",), make, "g")
    lookup.kept_in(shared, ("h",), make, "h")
    lookup.kept_in(shared, ("i",), make, "i")
    lookup.kept_in(shared, ("b",), make, "b")  # unused for two turnovers: gone, made again
    assert made[-1] == "b"
