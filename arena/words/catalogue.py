"""Every template by id, gathered from the per-ruleset tables; an id names one wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from arena.words import (
    ai_templates,
    common_templates,
    obstacles,
    sorcerer_templates,
    werewolf_templates,
)


def _gather(*tables: Mapping[str, str]) -> dict[str, str]:
    gathered: dict[str, str] = {}
    for table in tables:
        twice = gathered.keys() & table.keys()
        if twice:
            raise ValueError(f"template ids defined twice: {sorted(twice)}")
        gathered.update(table)
    return gathered


TEMPLATES: Final[Mapping[str, str]] = _gather(
    common_templates.TEMPLATES,
    werewolf_templates.TEMPLATES,
    sorcerer_templates.TEMPLATES,
    ai_templates.TEMPLATES,
    obstacles.TEMPLATES,
)
"""Template id -> ``str.format`` template; a `Phrase` whose template is no id is its own."""
