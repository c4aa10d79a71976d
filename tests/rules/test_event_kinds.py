"""The closed set of event kinds is exactly the set the event docs describe."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

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
