"""Write definitions back as YAML text (for saves of fights built in the UI)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import yaml

from arena.content.scenario import ScenarioDef


def _plain(value: Any) -> Any:
    """Dataclasses, tuples and mappings as plain YAML data, defaults left out."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            default = (
                f.default
                if f.default is not dataclasses.MISSING
                else f.default_factory()
                if f.default_factory is not dataclasses.MISSING
                else dataclasses.MISSING
            )
            if default is not dataclasses.MISSING and item == default:
                continue
            out[f.name] = _plain(item)
        return out
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def scenario_to_yaml(scenario: ScenarioDef) -> str:
    """The scenario as YAML text that the strict loader reads back to an equal definition."""
    text: str = yaml.safe_dump(_plain(scenario), sort_keys=False, allow_unicode=True)
    return text
