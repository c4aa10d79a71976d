"""Shared fixtures: a registry with test-only sheets, and the good content tree loaded with it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from arena.content.loader import Catalog, load_catalog
from arena.content.maps import MapDef
from arena.content.registry import Registry

GOOD = Path(__file__).resolve().parents[1] / "data" / "good_content"


@dataclass(frozen=True, slots=True)
class Sheet:
    """A test-only character sheet, so these tests never depend on a ruleset's real one."""

    name: str
    armed: bool = False


def sample_registry() -> Registry:
    """Maps as shipped, and werewolf characters as test-only sheets."""
    registry = Registry()
    registry.register("arenas", "maps", MapDef)
    registry.register("werewolf", "characters", Sheet)
    return registry


@pytest.fixture
def registry() -> Registry:
    return sample_registry()


@pytest.fixture
def good_catalog(registry: Registry) -> Catalog:
    return load_catalog(GOOD, registry=registry)
