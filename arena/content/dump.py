"""Write definitions back as YAML text (for saves of fights built in the UI)."""

from __future__ import annotations

import dataclasses

import yaml

from arena.content.scenario import ScenarioDef
from arena.rules.plain import to_plain


def scenario_to_yaml(scenario: ScenarioDef) -> str:
    """The scenario as YAML text that the strict loader reads back to an equal definition."""
    plain = to_plain(dataclasses.replace(scenario, script_lines=None), drop_defaults=True)
    if isinstance(plain, dict) and "generated_map" in plain:
        plain.pop("inline_map", None)  # a generated map is written as its params and digest
        plain["map"] = plain.pop("generated_map")
    if isinstance(plain, dict) and "inline_map" in plain:
        plain["map"] = plain.pop("inline_map")  # a file writes its own map under map:
    text: str = yaml.safe_dump(plain, sort_keys=False, allow_unicode=True)
    return text
