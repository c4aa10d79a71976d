"""Shared fixtures: the shipped content, loaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog(default_content_root())
