"""Shared fixtures: the shipped content, loaded once; saves kept out of the checkout."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog(default_content_root())


@pytest.fixture(autouse=True)
def saves_elsewhere(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without it a test that saves (the UI's gauntlet) writes into the checkout's saves/.
    # A folder of its own, not tmp_path, so tests that list tmp_path find only their files.
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path_factory.mktemp("saves")))


@pytest.fixture(autouse=True)
def expert_budget_restored() -> Iterator[None]:
    # `arena run --ai-budget` sets the budget for the rest of the process: a test that calls
    # the command line in-process must not hand its budget to the tests after it.
    yield
    expert = sys.modules.get("arena.engine.expert")
    if expert is not None:
        from arena.rules.lookahead import DEFAULT_BUDGET_MS

        expert.set_budget(DEFAULT_BUDGET_MS)
