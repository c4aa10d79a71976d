"""Shared fixtures: the shipped content, loaded once; saves kept out of the checkout."""

from __future__ import annotations

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
