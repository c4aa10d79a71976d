"""The kinds of event and their data fields are those the event pages of the docs document.

The pages are the one place they are written; ``arena/rules/event_tables.py`` is written from
them by ``tools/event_tables.py``, so the package never reads the docs.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import get_args

import pytest

from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.rules import event_tables
from arena.rules.event_kinds import data_fields, logged_by
from arena.rules.events import EventKind

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "event_tables_tool", ROOT / "tools/event_tables.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_event_tables_are_written_from_the_event_pages() -> None:
    # Fails after an edit of docs/events*.md until `python tools/event_tables.py` is run.
    assert (ROOT / "arena/rules/event_tables.py").read_text(encoding="utf-8") == _tool().render()


def test_the_tool_finds_a_kind_in_a_heading_and_a_field_in_a_table_s_first_column() -> None:
    tool = _tool()
    page = "## JSON lines\n\n| `kind` | text |\n\n### `moved`\n\n| `cell` | a `side` |\n"
    assert tool.page_kinds(page) == {"moved"}
    assert tool.page_fields(page) == {"cell"}


def test_every_kind_of_event_is_one_a_page_documents() -> None:
    kinds = event_tables.SHARED_KINDS | event_tables.WEREWOLF_KINDS | event_tables.SORCERER_KINDS
    assert set(get_args(EventKind)) == kinds
    assert {"combatant_placed", "rage_spent", "demon_arrived"} <= kinds


def test_each_ruleset_logs_the_shared_kinds_and_its_page_s() -> None:
    assert logged_by("werewolf") == event_tables.SHARED_KINDS | event_tables.WEREWOLF_KINDS
    assert logged_by("sorcerer") == event_tables.SHARED_KINDS | event_tables.SORCERER_KINDS
    assert "demon_arrived" in logged_by("sorcerer") - logged_by("werewolf")
    assert "rage_spent" in logged_by("werewolf") - logged_by("sorcerer")


def test_a_free_attack_s_stop_is_a_werewolf_data_field() -> None:
    # action_lost carries `stopped` after a free attack; an `expect:` may name it.
    assert "stopped" in data_fields("werewolf")
    assert "stopped" not in data_fields("sorcerer")


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
