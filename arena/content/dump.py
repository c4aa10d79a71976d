"""Write definitions back as YAML text (for saves of fights built in the UI)."""

from __future__ import annotations

import yaml

from arena.content.scenario import ScenarioDef
from arena.rules.plain import to_plain


def scenario_to_yaml(scenario: ScenarioDef) -> str:
    """The scenario as YAML text that the strict loader reads back to an equal definition."""
    text: str = yaml.safe_dump(
        to_plain(scenario, drop_defaults=True), sort_keys=False, allow_unicode=True
    )
    return text
