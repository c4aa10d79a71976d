"""What the fight setup, the title menu and the odds screen need from content, rules and AI."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeAlias

from arena.ai import POLICIES
from arena.content import loader
from arena.content.arenas import spawn_numbers
from arena.content.dump import scenario_to_yaml
from arena.content.errors import ContentError
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, OptionValue, ScenarioDef
from arena.ecs.registry import RULESETS, ruleset_named
from arena.engine.fight import Fight
from arena.engine.saves import load_save
from arena.rules.commands import Command
from arena.rules.logtext import to_markdown, to_text

Catalog: TypeAlias = loader.Catalog
"""The loaded content, for annotations in layers that may not import `arena.content`."""

PLAYER_SIDE: Final = "player"
FOES_SIDE: Final = "opponents"
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


@dataclass(frozen=True, slots=True)
class FightSpec:
    """What the setup screen asks: everything a new fight needs."""

    ruleset: str
    fighter: str
    opponents: tuple[tuple[str, int], ...]
    """(template, count) pairs."""
    map: str
    policy: str = "nearest"
    seed: int = 1
    preset: str = ""
    """Empty: the ruleset's first preset."""
    options: tuple[tuple[str, OptionValue], ...] = ()
    max_rounds: int = 20


@dataclass(frozen=True, slots=True)
class OddsReport:
    """The exact odds of one roll, ready to show: a summary and one row per outcome."""

    title: str
    summary: str
    rows: tuple[tuple[str, float], ...]


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
        (fighter, opponent) templates from the first shipped scenario of the ruleset (by file
        name), the opponent being the first combatant on another side; None if there is none.
    """
    for _, scenario in sorted(catalog.scenarios.items()):
        if scenario.ruleset != ruleset or not scenario.combatants:
            continue
        first = scenario.combatants[0]
        foe = next((c for c in scenario.combatants if c.side != first.side), None)
        if foe is not None:
            return first.template, foe.template
    return None


def list_policies() -> tuple[str, ...]:
    """The AI policies opponents can play by, from the weakest named first."""
    return tuple(sorted(POLICIES, key=lambda p: (p != "random", p)))


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


def parse_option_text(text: str) -> tuple[tuple[str, OptionValue], ...]:
    """Read ``stun=on, moon_difficulty=5`` into option pairs (whole numbers become ints).

    Raises:
        SetupError: a part is not ``name=value``.
    """
    pairs: list[tuple[str, OptionValue]] = []
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, value = (s.strip() for s in part.partition("="))
        if not sep or not name or not value:
            raise SetupError(f"options: {part.strip()!r} is not name=value")
        number = value.lstrip("-")
        pairs.append((name, int(value) if number.isdigit() else value))
    return tuple(pairs)


def build_scenario(catalog: Catalog, spec: FightSpec) -> ScenarioDef:
    """Turn the setup's answers into a scenario with the player as the human combatant.

    Raises:
        SetupError: an unknown fighter or map, or more fighters than the map has spawn points.
    """
    map_def = catalog.section("arenas", "maps").get(spec.map)
    if not isinstance(map_def, MapDef):
        raise SetupError(f"no map named {spec.map!r}")
    fighters = {e.id: e for e in list_fighters(catalog, spec.ruleset)}
    for template in (spec.fighter, *(t for t, _ in spec.opponents)):
        if template not in fighters:
            raise SetupError(f"no {spec.ruleset} fighter named {template!r}")
    count = 1 + sum(n for _, n in spec.opponents)
    spawns = spawn_order(spawn_numbers(map_def))
    if count > len(spawns):
        raise SetupError(f"{map_def.name} has {len(spawns)} spawn points; this fight needs {count}")
    if count == 1:
        raise SetupError("choose at least one opponent")
    player = CombatantDef(spec.fighter, spec.fighter, PLAYER_SIDE, spawns[0], "human")
    foes = _opponents(spec, fighters, spawns[1:])
    preset = spec.preset or list_presets(spec.ruleset)[0]
    name = f"{fighters[spec.fighter].name} against " + ", ".join(
        f"{n} × {fighters[t].name}" if n > 1 else fighters[t].name for t, n in spec.opponents if n
    )
    scenario = ScenarioDef(
        name=name,
        ruleset=spec.ruleset,  # type: ignore[arg-type]
        combatants=(player, *foes),
        map=spec.map,
        description=f"A fight set up by hand on {map_def.name}.",
        seed=spec.seed,
        preset=preset,
        options=dict(spec.options),
        max_rounds=spec.max_rounds,
    )
    return _checked(scenario, catalog)


def new_fight(catalog: Catalog, spec: FightSpec, rigged: Sequence[int] | None = None) -> Fight:
    """A fight from the setup's answers, not yet started.

    Raises:
        SetupError: the answers do not make a legal fight (the message says which).
    """
    scenario = build_scenario(catalog, spec)
    try:
        return Fight(scenario, catalog, rigged=rigged)
    except ValueError as err:
        raise SetupError(f"options: {err}") from None


def scenario_fight(
    catalog: Catalog,
    name: str,
    *,
    seed: int | None = None,
    human: str | None = None,
    rigged: Sequence[int] | None = None,
) -> Fight:
    """A shipped scenario's fight, not yet started.

    Args:
        catalog: the content.
        name: the scenario's file name, e.g. ``werewolf-duel``.
        seed: overrides the scenario's seed.
        human: a combatant id the player takes over (its controller becomes ``human``).
        rigged: overrides the scenario's rigged faces.

    Raises:
        SetupError: no such scenario or combatant.
    """
    if name not in catalog.scenarios:
        known = ", ".join(sorted(catalog.scenarios))
        raise SetupError(f"no shipped scenario {name!r}; shipped: {known}")
    scenario = catalog.scenarios[name]
    if human is not None:
        scenario = with_human(scenario, human)
    return Fight(scenario, catalog, seed=seed, rigged=rigged)


def first_combatant(catalog: Catalog, name: str) -> str:
    """The id of a shipped scenario's first combatant (the one a player takes by default)."""
    return catalog.scenarios[name].combatants[0].id


def humans_of(catalog: Catalog, name: str) -> tuple[str, ...]:
    """The ids of a shipped scenario's human-controlled combatants."""
    return tuple(c.id for c in catalog.scenarios[name].combatants if c.controller == "human")


def with_human(scenario: ScenarioDef, cid: str) -> ScenarioDef:
    """The scenario with one combatant handed to the player.

    Raises:
        SetupError: no combatant has that id.
    """
    ids = [c.id for c in scenario.combatants]
    if cid not in ids:
        raise SetupError(f"no combatant {cid!r} in this scenario; it has {', '.join(ids)}")
    combatants = tuple(
        dataclasses.replace(c, controller="human", script=()) if c.id == cid else c
        for c in scenario.combatants
    )
    return dataclasses.replace(scenario, combatants=combatants)


def rematch(fight: Fight, seed: int | None = None) -> Fight:
    """The same fight from the start: same scenario and options, the same or a new seed."""
    return Fight(
        fight.scenario,
        fight.catalog,
        seed=fight.seed if seed is None else seed,
        rigged=fight.rigged if seed is None else (),
        options=fight.option_values,
        preset=fight.preset,
    )


def replay_fight(path: Path, catalog: Catalog) -> tuple[Fight, tuple[Command, ...]]:
    """A saved fight from its start, and the commands to feed it to watch it again.

    Raises:
        SaveError: the save does not load or replay (see `load_save`).
    """
    saved = load_save(path, catalog)
    commands = tuple(saved.commands)
    return rematch(saved), commands


def log_header(fight: Fight) -> tuple[tuple[str, str], ...]:
    """The settings every log of the fight starts with."""
    return (
        ("scenario", fight.scenario.name),
        ("ruleset", fight.scenario.ruleset),
        ("seed", str(fight.seed)),
        ("rigged", ",".join(map(str, fight.rigged)) or "none"),
        *fight.options_record(),
    )


def markdown_log(fight: Fight) -> str:
    """The whole fight as a Markdown report."""
    return to_markdown(fight.scenario.name, log_header(fight), fight.events)


def text_log(fight: Fight) -> str:
    """The whole fight as explained text."""
    return to_text(log_header(fight), fight.events)


def storyteller_odds(pool: int, difficulty: int, *, willpower: bool = False) -> OddsReport:
    """Exact odds of a Storyteller roll (Werewolf)."""
    from arena.rules import odds as exact  # icepool is slow to import: only when asked

    odds = exact.storyteller_odds(pool, difficulty, automatic=int(willpower))
    extra = " with Willpower" if willpower else ""
    title = f"{pool} dice at difficulty {difficulty}{extra}"
    return OddsReport(title, exact.describe_storyteller(odds), _at_least(odds.at_least))


def damage_odds(pool: int, difficulty: int = 6) -> OddsReport:
    """Exact odds of a damage or soak roll (10s rerolled)."""
    from arena.rules import odds as exact  # icepool is slow to import: only when asked

    odds = exact.open_odds(pool, difficulty)
    title = f"{pool} damage or soak dice at difficulty {difficulty}, 10s rerolled"
    return OddsReport(title, exact.describe_storyteller(odds), _at_least(odds.at_least))


def contest_odds(first: int, second: int) -> OddsReport:
    """Exact odds of a Sorcerer contest: who wins, and by how many victories."""
    from arena.rules import odds as exact  # icepool is slow to import: only when asked

    odds = exact.contest_odds(first, second)
    rows = [(f"first, {v} victories", p) for v, p in enumerate(odds.first_victories) if p]
    rows += [(f"second, {v} victories", p) for v, p in enumerate(odds.second_victories) if p]
    rows.append(("complete tie", odds.p_tie))
    title = f"{first} dice against {second}"
    return OddsReport(title, exact.describe_contest(odds), tuple(rows))


def _at_least(table: Sequence[float]) -> tuple[tuple[str, float], ...]:
    return tuple((f"{k}+ successes", p) for k, p in enumerate(table) if k and p >= 0.0005)


def _entry(eid: str, value: Any, **extra: Any) -> Entry:
    return Entry(
        eid,
        str(getattr(value, "name", eid)),
        " ".join(str(getattr(value, "description", "")).split()),
        str(getattr(value, "glyph", "")),
        **extra,
    )


def spawn_order(spawns: tuple[int, ...]) -> tuple[int, ...]:
    """The player's spawn first, then the far half of the map, then the rest."""
    if not spawns:
        return ()
    half = len(spawns) // 2
    far = spawns[half:] if half else ()
    near = tuple(s for s in spawns[1:] if s not in far)
    return (spawns[0], *far, *near)


def _opponents(
    spec: FightSpec, fighters: Mapping[str, Entry], spawns: Sequence[int]
) -> list[CombatantDef]:
    foes: list[CombatantDef] = []
    controller = f"ai:{spec.policy}"
    for template, count in spec.opponents:
        # A second copy of the player's own fighter is numbered from 2, the player being 1.
        numbered = count > 1 or template == spec.fighter
        start = 2 if template == spec.fighter else 1
        for n in range(start, start + count):
            cid = f"{template}-{n}" if numbered else template
            name = f"{fighters[template].name} {n}" if numbered else ""
            spawn = spawns[len(foes)]
            foes.append(CombatantDef(cid, template, FOES_SIDE, spawn, controller, name=name))
    return foes


def _checked(scenario: ScenarioDef, catalog: Catalog) -> ScenarioDef:
    """Round-trip through the scenario loader, so a built fight saves and loads like a file."""
    try:
        return loader.load_scenario_text(scenario_to_yaml(scenario), "new fight", catalog)
    except ContentError as err:
        raise SetupError(str(err)) from None
