"""Reading the Werewolf world: the roster in stable order, current traits, content, the grid."""

from __future__ import annotations

import esper

from arena.content.maps import MapDef
from arena.content.werewolf import DEFAULT_PLACE, FormDef, ManeuverDef, PlaceDef, WeaponDef
from arena.ecs.components import Identity, Position, Status
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf.components import Body, Condition, Pools, Sheet, Turn, TurnClock, Vitality
from arena.rules.grid import Grid
from arena.rules.werewolf.attack import Maneuver
from arena.rules.werewolf.forms import Form, Physical, in_form, is_breed_form
from arena.rules.werewolf.frenzy import effective_wound_penalty
from arena.rules.werewolf.options import WerewolfOptions

GONE: tuple[str, ...] = ("fled", "dissipated")
"""States in which a combatant has left the map."""


def options(ctx: Ctx) -> WerewolfOptions:
    """The fight's options, typed."""
    opts: WerewolfOptions = ctx.options
    return opts


def roster() -> list[tuple[int, Identity]]:
    """Every combatant entity with its identity, in roster order (the stable tie-break)."""
    return sorted(esper.get_component(Identity), key=lambda pair: pair[1].roster)


def entity_of(cid: str) -> int:
    """The entity of the combatant with this id.

    Raises:
        KeyError: there is none.
    """
    for ent, ident in roster():
        if ident.cid == cid:
            return ent
    raise KeyError(cid)


def ident(ent: int) -> Identity:
    """The identity of an entity."""
    return esper.component_for_entity(ent, Identity)


def name(ent: int) -> str:
    """The display name of an entity."""
    return ident(ent).name


def clock() -> TurnClock:
    """The fight entity's turn clock."""
    return esper.get_component(TurnClock)[0][1]


def is_active(ent: int) -> bool:
    """True while the combatant is in the fight."""
    return esper.component_for_entity(ent, Status).active


def cell(ent: int) -> tuple[int, int]:
    """Where the combatant stands."""
    return esper.component_for_entity(ent, Position).cell


def sheet(ent: int) -> Sheet:
    """The combatant's sheet."""
    return esper.component_for_entity(ent, Sheet)


def body(ent: int) -> Body:
    """The combatant's body."""
    return esper.component_for_entity(ent, Body)


def pools(ent: int) -> Pools:
    """The combatant's Rage, Gnosis and Willpower."""
    return esper.component_for_entity(ent, Pools)


def vitality(ent: int) -> Vitality:
    """The combatant's health."""
    return esper.component_for_entity(ent, Vitality)


def condition(ent: int) -> Condition:
    """The combatant's frenzy, stun and Delirium."""
    return esper.component_for_entity(ent, Condition)


def turn(ent: int) -> Turn:
    """The combatant's turn."""
    return esper.component_for_entity(ent, Turn)


def form_def(ctx: Ctx, form: str) -> FormDef:
    """A form's content definition."""
    return ctx.catalog.get("werewolf", "forms", form, FormDef)


def form_of(ctx: Ctx, ent: int) -> Form:
    """The combatant's current form, as the rules use it."""
    form = body(ent).form
    return form_def(ctx, form).rules(form)


def traits(ctx: Ctx, ent: int) -> dict[str, int]:
    """Attributes and abilities now: the sheet's, with the current form's physical changes."""
    values = dict(sheet(ent).base)
    base = Physical(values["strength"], values["dexterity"], values["stamina"])
    now = in_form(base, form_of(ctx, ent))
    values.update(strength=now.strength, dexterity=now.dexterity, stamina=now.stamina)
    return values


def breed_form(ent: int) -> bool:
    """True for a Garou in its breed form."""
    s = sheet(ent)
    return is_breed_form(s.kind, s.breed, body(ent).form)


def wound_penalty(ent: int) -> int:
    """Dice the combatant's wounds take off its pools (none in frenzy, none for spirits)."""
    track = vitality(ent).track
    raw = track.penalty if track is not None else 0
    return effective_wound_penalty(raw, frenzied=condition(ent).frenzied)


def is_maneuver(ctx: Ctx, means: str) -> bool:
    """True if the means is a maneuver rather than a weapon."""
    return means in ctx.catalog.section("werewolf", "maneuvers")


def maneuver_def(ctx: Ctx, means: str) -> ManeuverDef:
    """A maneuver's content definition."""
    return ctx.catalog.get("werewolf", "maneuvers", means, ManeuverDef)


def weapon_def(ctx: Ctx, means: str) -> WeaponDef:
    """A weapon's content definition."""
    return ctx.catalog.get("werewolf", "weapons", means, WeaponDef)


def means_of(ctx: Ctx, ent: int, means: str) -> Maneuver:
    """A maneuver or weapon as the rules use it, in the combatant's current form."""
    if is_maneuver(ctx, means):
        return maneuver_def(ctx, means).rules(means, body(ent).form)
    return weapon_def(ctx, means).rules(means)


def means_name(ctx: Ctx, means: str) -> str:
    """A maneuver's or weapon's display name."""
    if is_maneuver(ctx, means):
        return maneuver_def(ctx, means).name
    return weapon_def(ctx, means).name


def place(ctx: Ctx) -> PlaceDef:
    """The place numbers of the fight's map (its own entry, else the default one)."""
    entries = ctx.catalog.section("werewolf", "places")
    found = entries.get(ctx.scenario.map, entries.get(DEFAULT_PLACE))
    if not isinstance(found, PlaceDef):
        raise KeyError(f"werewolf/places has no {ctx.scenario.map!r} or {DEFAULT_PLACE!r} entry")
    return found


def grid(ctx: Ctx) -> Grid:
    """The fight's map."""
    return Grid(ctx.catalog.get("arenas", "maps", ctx.scenario.map, MapDef).rows)


def taken_cells(exclude: int, *, fallen: bool = True) -> list[tuple[int, int]]:
    """Cells other combatants stand on; with `fallen` False, only those still fighting.

    The fallen can be stepped over but not stood on [ruling].
    """
    out = []
    for ent, _ in roster():
        state = esper.component_for_entity(ent, Status).state
        if ent == exclude or state in GONE or (not fallen and state != "active"):
            continue
        out.append(cell(ent))
    return out
