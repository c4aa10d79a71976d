"""Fights from the setup's answers, from shipped scenarios, from saves, and rematches."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from arena.ai.levels import policy_at
from arena.content import loader
from arena.content.arenas import spawn_numbers
from arena.content.bounds import NAME_MAX, SEED_MAX
from arena.content.dump import scenario_to_yaml
from arena.content.errors import ContentError, shorten
from arena.content.mapgen import STYLES, MapParams, generate
from arena.content.mapgen.seat import SeatError, on_generated_map
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, OptionValue, ScenarioDef
from arena.ecs.registry import ruleset_named
from arena.engine.fight import Fight
from arena.engine.saves import load_save
from arena.engine.setup.listing import Catalog, Entry, SetupError, list_fighters, list_presets
from arena.rules.commands import Command

PLAYER_SIDE: Final = "player"
GENERATED_MAP: Final = "(generated)"
"""The map a form names to play on a map generated from ``FightSpec.map_seed``."""


FOES_SIDE: Final = "opponents"


@dataclass(frozen=True, slots=True)
class FightSpec:
    """What the setup screen asks: everything a new fight needs."""

    ruleset: str
    fighter: str
    opponents: tuple[tuple[str, int], ...]
    """(template, count) pairs."""
    map: str
    policy: str = "nearest"
    level: str = ""
    """The AI's difficulty level (`arena.ai.levels`); empty is ``normal``: the policy alone."""
    seed: int = 1
    preset: str = ""
    """Empty: the ruleset's first preset."""
    options: tuple[tuple[str, OptionValue], ...] = ()
    max_rounds: int = 20
    map_seed: int = 0
    """With the map `GENERATED_MAP`: the seed the map is generated from (`generated_params`)."""


def generated_params(map_seed: int) -> MapParams:
    """The map a form's map seed gives: 20 x 12, some cover, its style picked by the seed."""
    return MapParams(map_seed, style=STYLES[map_seed % len(STYLES)])


PART_MAX: Final = 80
"""The longest ``name=value`` a form's options take: every option's name and value is shorter."""


def shown(text: str) -> str:
    """Typed text as an error quotes it: cut as the command line cuts it, so a paste stays short."""
    return repr(shorten(text))


def seed_from_text(text: str) -> int:
    """A seed typed in a form: ASCII digits, from 0 to the largest a save can hold.

    Raises:
        SetupError: anything else ('١٢٣', '-1', 2**64), quoting what was typed.
    """
    text = text.strip()
    whole = text.isascii() and text.isdigit() and len(text) <= len(str(SEED_MAX))
    value = int(text) if whole else -1
    if not 0 <= value <= SEED_MAX:
        raise SetupError(
            f"the seed must be a whole number from 0 to {SEED_MAX:,}, got {shown(text)}"
        )
    return value


def parse_option_text(text: str) -> tuple[tuple[str, OptionValue], ...]:
    """Read ``stun=on, moon_difficulty=5`` into option pairs (whole numbers become ints).

    Raises:
        SetupError: a part is not ``name=value``, or is longer than any option and its value.
    """
    pairs: list[tuple[str, OptionValue]] = []
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        if len(part.strip()) > PART_MAX:
            raise SetupError(
                f"options: {shown(part.strip())} is too long: no option and its value "
                f"take more than {PART_MAX} characters"
            )
        name, sep, value = (s.strip() for s in part.partition("="))
        if not sep or not name or not value:
            raise SetupError(f"options: {shown(part.strip())} is not name=value")
        number = value.removeprefix("-")
        # isdigit alone takes '²', which int() refuses.
        whole = number.isascii() and number.isdigit()
        pairs.append((name, int(value) if whole else value))
    return tuple(pairs)


def build_scenario(catalog: Catalog, spec: FightSpec) -> ScenarioDef:
    """Turn the setup's answers into a scenario with the player as the human combatant.

    Raises:
        SetupError: an unknown fighter or map, or more fighters than the map has spawn points.
    """
    if spec.map == GENERATED_MAP:
        map_def: object = generate(generated_params(spec.map_seed)).map
    else:
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
    seed_from_text(str(spec.seed))  # a seed no save could hold is refused here, in words
    try:
        ruleset_named(spec.ruleset).parse_options(preset, dict(spec.options))
    except ValueError as err:  # before the round-trip below, whose words are the file's
        raise SetupError(f"options: {err}") from None
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
    if spec.map == GENERATED_MAP:
        try:
            scenario = on_generated_map(scenario, generated_params(spec.map_seed))
        except SeatError as err:
            raise SetupError(str(err)) from None
    return _checked(scenario, catalog)


def new_fight(catalog: Catalog, spec: FightSpec, rigged: Sequence[int] | None = None) -> Fight:
    """A fight from the setup's answers, not yet started.

    Raises:
        SetupError: the answers do not make a legal fight (the message says which).
    """
    scenario = build_scenario(catalog, spec)
    try:
        return Fight(scenario, catalog, rigged=rigged)
    except ValueError as err:  # it names the options already
        raise SetupError(str(err)) from None


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
    again = rematch(saved)
    again.newer_arena_note = saved.newer_arena_note  # the same save, the same note
    return again, commands


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
    try:
        controller = f"ai:{policy_at(spec.policy, spec.level or 'normal')}"
    except ValueError as err:  # an unknown level: the message names the legal ones
        raise SetupError(str(err)) from None
    for template, count in spec.opponents:
        # A second copy of the player's own fighter is numbered from 2, the player being 1.
        numbered = count > 1 or template == spec.fighter
        start = 2 if template == spec.fighter else 1
        for n in range(start, start + count):
            cid = f"{template}-{n}" if numbered else template
            name = _numbered(fighters[template].name, n) if numbered else ""
            spawn = spawns[len(foes)]
            foes.append(CombatantDef(cid, template, FOES_SIDE, spawn, controller, name=name))
    return foes


def _numbered(name: str, n: int) -> str:
    """``Thug 2``: the name cut short where the number would make it longer than a name may be."""
    suffix = f" {n}"
    return name[: NAME_MAX - len(suffix)].rstrip() + suffix


def _checked(scenario: ScenarioDef, catalog: Catalog) -> ScenarioDef:
    """Round-trip through the scenario loader, so a built fight saves and loads like a file."""
    try:
        return loader.load_scenario_text(scenario_to_yaml(scenario), "new fight", catalog)
    except ContentError as err:  # the document is made here: its line numbers mean nothing
        raise SetupError(
            "; ".join(f"{i.key}: {i.message}" if i.key else i.message for i in err.issues)
        ) from None
