"""What a new fight can be made of: rulesets, fighters, maps, scenarios, AI, presets, options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from arena import ai
from arena.ai import POLICIES
from arena.ai.levels import LADDER, short
from arena.ai.registry import EXPERT
from arena.content import loader
from arena.content.arenas import spawn_numbers
from arena.content.errors import ContentError
from arena.content.maps import MapDef
from arena.ecs.registry import RULESETS, ruleset_named
from arena.engine.fight import Fight

Catalog: TypeAlias = loader.Catalog
"""The loaded content, for annotations in layers that may not import `arena.content`."""


PRESET_CANDIDATES: Final = ("seed", "w20", "default")
"""Preset names the rulesets use; each ruleset offers those its options accept."""


class SetupError(Exception):
    """A fight cannot be set up as asked: the message says why, in words."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One pickable thing of the content: a fighter, a map or a scenario."""

    id: str
    name: str
    description: str = ""
    glyph: str = ""
    kind: str = ""
    """A fighter's kind (garou, human, demon...) or a scenario's ruleset."""
    spawns: int = 0
    """A map's spawn points."""


def load_catalog() -> Catalog:
    """The shipped content.

    Raises:
        SetupError: the content does not load; the message names the file and key.
    """
    try:
        return loader.load_catalog(loader.default_content_root())
    except ContentError as err:
        raise SetupError(str(err)) from None


def list_rulesets() -> tuple[str, ...]:
    """The rulesets a fight can be played under."""
    return RULESETS


def list_fighters(catalog: Catalog, ruleset: str) -> tuple[Entry, ...]:
    """Every character of a ruleset, sorted by name."""
    try:
        section = catalog.section(ruleset, "characters")
    except KeyError:
        return ()
    entries = (
        _entry(cid, sheet, kind=str(getattr(sheet, "kind", ""))) for cid, sheet in section.items()
    )
    return tuple(sorted(entries, key=lambda e: (e.name, e.id)))


def list_maps(catalog: Catalog) -> tuple[Entry, ...]:
    """Every map, sorted by name, with its number of spawn points."""
    entries = []
    for mid, map_def in catalog.section("arenas", "maps").items():
        if isinstance(map_def, MapDef):
            entries.append(_entry(mid, map_def, spawns=len(spawn_numbers(map_def))))
    return tuple(sorted(entries, key=lambda e: (e.name, e.id)))


def map_name(fight: Fight) -> str:
    """The display name of a fight's map."""
    map_def = fight.catalog.section("arenas", "maps").get(fight.scenario.map)
    return map_def.name if isinstance(map_def, MapDef) else fight.scenario.map


def list_scenarios(catalog: Catalog) -> tuple[Entry, ...]:
    """Every shipped scenario, by file name; ``kind`` is its ruleset."""
    return tuple(
        Entry(name, s.name, s.description.strip(), kind=s.ruleset)
        for name, s in sorted(catalog.scenarios.items())
    )


def suggested_match(catalog: Catalog, ruleset: str) -> tuple[str, str] | None:
    """A fighter and an opponent to start a new fight with: a shipped scenario's first two.

    Returns:
        (fighter, opponent) templates from the ruleset's duel (``<ruleset>-duel``), else its
        first shipped scenario by file name, the opponent being the first combatant on another
        side; None if there is none.
    """
    duel = f"{ruleset}-duel"
    for _, scenario in sorted(catalog.scenarios.items(), key=lambda kv: (kv[0] != duel, kv[0])):
        if scenario.ruleset != ruleset or not scenario.combatants:
            continue
        first = scenario.combatants[0]
        foe = next((c for c in scenario.combatants if c.side != first.side), None)
        if foe is not None:
            return first.template, foe.template
    return None


def list_policies(ruleset: str = "") -> tuple[Entry, ...]:
    """The AI policies opponents can play by (for a ruleset, if named), each with a summary.

    ``nearest`` comes first: the plainest way to fight.
    """
    summaries = getattr(ai, "ENTRIES", {})  # policy name → entry with a summary, where known
    found = []
    for name in sorted(POLICIES, key=lambda p: (p != "nearest", p)):
        entry = summaries.get(name)
        bodies = dict(getattr(entry, "bodies", ()))
        if ruleset and bodies and ruleset not in bodies:
            continue  # a policy written for the other game
        worded = getattr(entry, "summary_for", None)
        summary = worded(ruleset) if worded else getattr(entry, "summary", "")
        found.append(Entry(name, name, str(summary)))
    return tuple(found)


def list_levels() -> tuple[str, ...]:
    """The AI's difficulty levels (``easy``, ``normal``, ``hard``, ``expert``).

    ``expert`` is the engine's look-ahead over the policy (`arena.engine.expert`); there is
    none without the policies' own levels.
    """
    levels = tuple(str(level) for level in getattr(ai, "LEVELS", ()))
    return (*levels, EXPERT) if levels else ()


def list_level_entries() -> tuple[Entry, ...]:
    """The difficulty levels, weakest first, each with how it plays and how it measured."""
    return tuple(Entry(r.name, r.name, short(r)) for r in LADDER)


def list_presets(ruleset: str) -> tuple[str, ...]:
    """The presets a ruleset accepts, the default first."""
    rules = ruleset_named(ruleset)
    found = []
    for name in PRESET_CANDIDATES:
        try:
            rules.parse_options(name, {})
        except ValueError:
            continue
        found.append(name)
    return tuple(found)


def list_options(ruleset: str, preset: str) -> tuple[tuple[str, str], ...]:
    """Every option of a ruleset under a preset, with its value, as logs record them.

    Raises:
        SetupError: the preset is unknown.
    """
    rules = ruleset_named(ruleset)
    try:
        return rules.options_record(rules.parse_options(preset, {}))
    except ValueError as err:
        raise SetupError(str(err)) from None


def _entry(eid: str, value: Any, **extra: Any) -> Entry:
    return Entry(
        eid,
        str(getattr(value, "name", eid)),
        " ".join(str(getattr(value, "description", "")).split()),
        str(getattr(value, "glyph", "")),
        **extra,
    )
