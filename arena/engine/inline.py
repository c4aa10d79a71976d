"""What a fight's systems look up: the catalog with a scenario's inline map and characters."""

from __future__ import annotations

import dataclasses

from arena.content.loader import Catalog
from arena.content.scenario import INLINE_MAP, ScenarioDef


def for_play(scenario: ScenarioDef, catalog: Catalog) -> tuple[ScenarioDef, Catalog]:
    """The scenario and catalog the systems see: inline definitions entered as entries.

    An inline character becomes the entry ``(<id>)`` of its ruleset's characters, and the
    combatant's template names it; an inline map becomes the map ``(inline)``.
    """
    if scenario.inline_map is None and all(c.character is None for c in scenario.combatants):
        return scenario, catalog
    sections = dict(catalog.sections)
    if scenario.inline_map is not None:
        sections[("arenas", "maps")] = {
            **sections.get(("arenas", "maps"), {}),
            # Under the scenario's own map id: `INLINE_MAP`, or a generated map's name.
            scenario.map or INLINE_MAP: scenario.inline_map,
        }
    key = (scenario.ruleset, "characters")
    characters = dict(sections.get(key, {}))
    combatants = []
    for c in scenario.combatants:
        if c.character is not None:
            characters[f"({c.id})"] = c.character
            c = dataclasses.replace(c, template=f"({c.id})")
        combatants.append(c)
    sections[key] = characters
    played = dataclasses.replace(scenario, combatants=tuple(combatants))
    return played, dataclasses.replace(catalog, sections=sections)
