"""The rulesets a fight may be played under, asked by name: their presets and options."""

from __future__ import annotations

from collections.abc import Mapping

from arena import words as words  # the errors passed on carry phrases: drawn on read
from arena.content.scenario import OptionValue
from arena.ecs.registry import RULESETS, ruleset_named

__all__ = ["RULESETS", "parse_options"]


def parse_options(ruleset: str, preset: str, values: Mapping[str, OptionValue]) -> object:
    """A ruleset's options under a preset with these values set, as a fight parses them.

    Raises:
        ValueError: the ruleset or the preset is unknown, or an option or a value is not legal
            (the message names it).
    """
    return ruleset_named(ruleset).parse_options(preset, dict(values))
