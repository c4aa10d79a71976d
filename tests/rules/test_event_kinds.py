"""The closed set of event kinds is exactly the set the event docs describe, ruleset by ruleset."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.rules.event_kinds import (
    SHARED_FIELDS,
    SORCERER_ONLY,
    WEREWOLF_ONLY,
    data_fields,
    logged_by,
)
from arena.rules.events import EventKind

DOCS = Path(__file__).resolve().parents[2] / "docs"


def documented_kinds() -> set[str]:
    kinds: set[str] = set()
    for page in DOCS.glob("events*.md"):
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("### "):
                kinds.update(re.findall(r"`([a-z_]+)`", line))
    return kinds


def test_every_event_kind_is_documented_and_every_documented_kind_exists() -> None:
    assert set(get_args(EventKind)) == documented_kinds()


# -- which ruleset logs which kind and which data field ----------------------------------------


def _headings(page: str) -> set[str]:
    kinds: set[str] = set()
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        if line.startswith("### "):
            kinds.update(re.findall(r"`([a-z_]+)`", line))
    return kinds


def _table_fields(page: str) -> set[str]:
    """The fields the tables of a page name, past its JSON lines section (not data fields)."""
    found: set[str] = set()
    top = False
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        if line.startswith("## JSON lines"):
            top = True
        elif line.startswith("### ") and "`" in line:
            top = False
        if line.startswith("| `") and not top:
            found.update(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return found


def test_each_ruleset_logs_the_kinds_its_page_documents() -> None:
    shared = _headings("events.md")
    werewolf, sorcerer = _headings("events-werewolf.md"), _headings("events-sorcerer.md")
    assert werewolf - sorcerer - shared == WEREWOLF_ONLY
    assert sorcerer - werewolf - shared == SORCERER_ONLY
    assert logged_by("werewolf") == shared | werewolf
    assert logged_by("sorcerer") == shared | sorcerer


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
def test_each_ruleset_s_data_fields_are_its_page_s(ruleset: str) -> None:
    page = f"events-{ruleset}.md"
    # Every field a table names is known; every known one is written on the page (some in words,
    # as Werewolf's health numbers and a lost action's reason are).
    assert _table_fields(page) | _table_fields("events.md") <= data_fields(ruleset)
    words = set(re.findall(r"`([a-z_]+)`", (DOCS / page).read_text(encoding="utf-8")))
    assert data_fields(ruleset) - SHARED_FIELDS <= words
    assert _table_fields("events.md") == SHARED_FIELDS


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
def test_every_data_field_a_shipped_fight_logs_is_known(catalog: Catalog, ruleset: str) -> None:
    logged: set[str] = set()
    for scenario in catalog.scenarios.values():
        if scenario.ruleset != ruleset:
            continue
        fight = Fight(scenario, catalog)
        controllers = Controllers(fight, watch=True)
        fight.start()
        while controllers.step() is not None:
            pass
        logged.update(key for event in fight.events for key in event.data)
    assert logged <= data_fields(ruleset)
