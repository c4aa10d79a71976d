"""The scenario of one gauntlet fight: the character as it is now against an opponent group."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from arena.content.arenas import spawn_numbers
from arena.content.gauntlet import Group
from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.content.sorcerer import SorcererCharacter
from arena.engine.setup import spawn_order
from arena.gauntlet.carried import Carried
from arena.rules.ruleset_traits import traits

PLAYER_SIDE = "player"
FOES_SIDE = "opponents"
_FIELDS = frozenset(f.name for f in dataclasses.fields(CombatantDef))
CARRIES_DAMAGE = "damage" in _FIELDS
"""The scenario format takes starting damage (``damage:``); without it damage is not carried."""
CARRIES_POOLS = "pools" in _FIELDS
"""The scenario format takes current pools (``pools:``); without it pools go as overrides."""


def bound_demons(catalog: Catalog, character: str) -> tuple[str, ...]:
    """The Sorcerer demons bound to a character, by template, in content order."""
    section = catalog.section("sorcerer", "characters")
    return tuple(
        tid
        for tid, sheet in section.items()
        if isinstance(sheet, SorcererCharacter)
        and sheet.demon is not None
        and sheet.demon.bound_to == character
    )


def fight_scenario(
    catalog: Catalog,
    *,
    ruleset: str,
    character: str,
    group: Group,
    carried: Carried,
    controller: str,
    seed: int,
    max_rounds: int,
) -> ScenarioDef:
    """The next fight as a scenario the engine plays, with what the character carries.

    Args:
        catalog: the content.
        ruleset: ``werewolf`` or ``sorcerer``.
        character: the character's template.
        group: the opponents and the map.
        carried: damage, pools and binding carried from earlier fights.
        controller: who plays the character: ``human`` or ``ai:<policy>``.
        seed: the fight's seed.
        max_rounds: the fight is a draw after this many rounds or turns.
    """
    map_def = catalog.get("arenas", "maps", group.map, MapDef)
    spawns = list(spawn_order(spawn_numbers(map_def)))
    player = _carry(
        CombatantDef(character, character, PLAYER_SIDE, spawns.pop(0), controller), carried
    )
    allies: list[CombatantDef] = []
    if traits(ruleset).demons and not carried.demon_gone:
        for demon in bound_demons(catalog, character):
            ally = CombatantDef(demon, demon, PLAYER_SIDE, spawns.pop(), "ai:demon")
            allies.append(_carry_demon(ally, carried))
    foes: list[CombatantDef] = []
    # A foe of the player's template (a rival double) or of an ally's (her bound demon) is
    # numbered, so no two combatants share an id.
    taken = {player.id, *(ally.id for ally in allies)}
    for foe in group.foes:
        for n in range(1, foe.count + 1):
            cid = f"{foe.template}-{n}" if foe.count > 1 or foe.template in taken else foe.template
            foes.append(
                CombatantDef(cid, foe.template, FOES_SIDE, spawns.pop(0), f"ai:{foe.policy}")
            )
    return ScenarioDef(
        name=group.name,
        ruleset=ruleset,  # type: ignore[arg-type]
        combatants=(player, *allies, *foes),
        map=group.map,
        description=group.description,
        seed=seed,
        max_rounds=max_rounds,
    )


def _carry(spec: CombatantDef, carried: Carried) -> CombatantDef:
    changes: dict[str, object] = {}
    overrides: dict[str, int] = dict(spec.overrides)
    damage = _damage(carried)
    if CARRIES_DAMAGE and damage:
        changes["damage"] = damage
    pools = {name.lower(): now for name, now, _ in carried.pools}
    if not CARRIES_POOLS and "humanity" in pools:
        overrides["humanity"] = pools.pop("humanity")  # Humanity lost is lost for good
    if CARRIES_POOLS and pools:
        changes["pools"] = pools
    else:
        overrides.update(pools)
    return dataclasses.replace(spec, overrides=overrides, **changes)  # type: ignore[arg-type]


def _carry_demon(spec: CombatantDef, carried: Carried) -> CombatantDef:
    changes: dict[str, object] = {}
    if carried.binding is not None:
        changes["overrides"] = {"binding": carried.binding}
    if CARRIES_DAMAGE and carried.demon_lasting:
        changes["damage"] = {"lasting": carried.demon_lasting}
    return dataclasses.replace(spec, **changes)  # type: ignore[arg-type]


def _damage(carried: Carried) -> Mapping[str, int]:
    values = {
        "bashing": carried.bashing,
        "lethal": carried.lethal,
        "aggravated": carried.aggravated,
        "lasting": carried.lasting,
    }
    return {k: v for k, v in values.items() if v}
