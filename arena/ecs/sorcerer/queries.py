"""Reading the Sorcerer world: the roster in order, components by entity, content lookups."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final, TypeAlias

import esper

from arena.content.maps import MapDef
from arena.content.sorcerer import DamageChartRow, RitualDef, SorcererCharacter, TaskDef, Weapon
from arena.ecs.components import Identity, Position, Status
from arena.ecs.events import event as make_event
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import DemonState, Health, Plan, RoundState, Scores
from arena.ecs.world import TABLES
from arena.rules.dice import Contest
from arena.rules.events import Datum, Event, EventKind
from arena.rules.grid import Cell, Grid, distance
from arena.rules.phrase import Text
from arena.rules.sorcerer import DamageRow, SorcererOptions, TurnOrder
from arena.rules.views import Status as StatusName

STEP_SETUP: Final = "sorc_setup"
STEP_INTENTIONS: Final = "sorc_intentions"
STEP_MODIFIERS: Final = "sorc_modifiers"
STEP_ORDER: Final = "sorc_order"
STEP_REACTIONS: Final = "sorc_reactions"
STEP_CONSEQUENCES: Final = "sorc_consequences"
STEP_FINISHING: Final = "sorc_finishing"

OUT: Final = frozenset({"helpless", "dead", "fled", "banished", "absent"})
"""Statuses of combatants not (or no longer) in the fight."""


def roster() -> tuple[tuple[int, Identity], ...]:
    """Every combatant entity with its identity, in roster order (fixed once spawned)."""
    # `round_state()` without its call when the world is the one last looked in (nearly always).
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    if not rs.roster:
        rs.roster = tuple(sorted(esper.get_component(Identity), key=lambda pair: pair[1].roster))
        rs.entities = {i.cid: ent for ent, i in rs.roster}
        rs.names = {i.cid: i.name for _, i in rs.roster}
        rs.demons = tuple(
            ent for ent, _ in rs.roster if DemonState in TABLES[esper.current_world][ent]
        )
    return rs.roster


def demon_entities() -> tuple[int, ...]:
    """Every demon entity, present or not, in roster order (fixed once spawned)."""
    # As in `roster`.
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    if not rs.roster:
        roster()
    return rs.demons


def entity(cid: str) -> int:
    """The entity of a combatant id.

    Raises:
        KeyError: no combatant has that id.
    """
    # As in `roster`.
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    if not rs.roster:
        roster()
    return rs.entities[cid]


def name_of(cid: str) -> str:
    """The display name of a combatant id (`name` of its entity, in one call).

    Raises:
        KeyError: no combatant has that id.
    """
    # As in `roster`.
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    if not rs.roster:
        roster()
    return rs.names[cid]


# The lookups below read the active world's table of components (`TABLES`) directly
# (``esper.component_for_entity`` does the same in one more call): a fight asks for them
# thousands of times.


Parts: TypeAlias = tuple[Identity, Position, Status, Scores, Health, Plan, DemonState | None]
"""A combatant's components: identity, position, status, scores, health, plan and demon."""


def parts(ent: int) -> Parts:
    """Every component of a combatant at once, for a function that reads most of them."""
    found = TABLES[esper.current_world][ent]
    return (
        found[Identity],
        found[Position],
        found[Status],
        found[Scores],
        found[Health],
        found[Plan],
        found[DemonState] if DemonState in found else None,  # noqa: SIM401 (no call: see demon)
    )


def ident(ent: int) -> Identity:
    """A combatant's identity."""
    found: Identity = TABLES[esper.current_world][ent][Identity]
    return found


def scores(ent: int) -> Scores:
    """A combatant's scores."""
    found: Scores = TABLES[esper.current_world][ent][Scores]
    return found


def health(ent: int) -> Health:
    """A combatant's damage."""
    found: Health = TABLES[esper.current_world][ent][Health]
    return found


def plan(ent: int) -> Plan:
    """A combatant's plan for the round."""
    found: Plan = TABLES[esper.current_world][ent][Plan]
    return found


def demon(ent: int) -> DemonState | None:
    """A combatant's demon state, or None for a human."""
    comps = TABLES[esper.current_world][ent]
    # A test and a subscript rather than .get(): no call, and this runs thousands of times.
    if DemonState in comps:
        found: DemonState = comps[DemonState]
        return found
    return None


def demon_state(ent: int) -> DemonState:
    """A demon's state.

    Raises:
        ValueError: the combatant is not a demon.
    """
    state = demon(ent)
    if state is None:
        raise ValueError(f"not_a_demon: {ident(ent).cid}")
    return state


def turn_order() -> TurnOrder:
    """The order fixed at Step 3.

    Raises:
        RuntimeError: no order has been fixed this round.
    """
    order = round_state().order
    if order is None:
        raise RuntimeError("order_not_fixed")  # Step 3 fixes it before any action resolves
    return order


def cell(ent: int) -> Cell:
    """Where a combatant stands."""
    pos: Position = TABLES[esper.current_world][ent][Position]
    return (pos.x, pos.y)


def status(ent: int) -> StatusName:
    """A combatant's status word."""
    found: Status = TABLES[esper.current_world][ent][Status]
    return found.state


def set_status(ent: int, state: StatusName) -> None:
    """Change a combatant's status."""
    esper.component_for_entity(ent, Status).state = state


def in_fight(ent: int) -> bool:
    """Still in the fight: not helpless, dead, fled, banished or absent."""
    found: Status = TABLES[esper.current_world][ent][Status]
    return found.state not in OUT


def round_state() -> RoundState:
    """The fight's own state (looked up once while its world stays the active one)."""
    world = esper.current_world
    if _here[0] != world:
        _here[:] = [world, esper.get_component(RoundState)[0][1]]
    found: RoundState = _here[1]
    return found


def settle_in(rs: RoundState) -> None:
    """The active world's own state is `rs` (a new fight has just been spawned in it)."""
    _here[:] = [esper.current_world, rs]


_here: list[Any] = ["", None]
"""The world last looked in and its fight's own state: every call into a fight asks for it
many times, and a world's name is never reused for another fight while it exists."""


def note_side(ent: int) -> None:
    """Remember that the combatant's side has someone in the fight."""
    rs, side = round_state(), ident(ent).side
    if side not in rs.sides:
        rs.sides.append(side)


def opts(ctx: Ctx) -> SorcererOptions:
    """The fight's rules options."""
    options: SorcererOptions = ctx.options
    return options


def enemies(ent: int) -> list[int]:
    """Enemies still in the fight, nearest first, then in roster order."""
    side, here = ident(ent).side, cell(ent)
    found = [e for e, i in roster() if i.side != side and in_fight(e)]
    # Already in roster order, and a sort keeps that order among equals.
    return sorted(found, key=lambda e: distance(here, cell(e)))


def master_of(ent: int) -> int | None:
    """The entity of a demon's master, if it is bound and its master is in the roster."""
    state = demon(ent)
    if state is None or state.binding is None:
        return None
    try:
        return entity(state.binding.master)
    except KeyError:
        return None


def demons_of(ent: int) -> list[int]:
    """The demons bound to a combatant, in roster order."""
    cid = ident(ent).cid
    found = []
    for other in demon_entities():
        state = demon(other)
        if state is not None and state.binding is not None and state.binding.master == cid:
            found.append(other)
    return found


def occupied(but: int | None = None) -> list[Cell]:
    """Cells where combatants stand (the absent and fled take none)."""
    return [cell(e) for e, _ in roster() if e != but and status(e) not in {"fled", "absent"}]


def grid(ctx: Ctx) -> Grid:
    """The fight's map."""
    try:  # the catalog's own entry, as `Catalog.get` finds it, without its three calls
        found = ctx.catalog.sections[_MAPS][ctx.scenario.map]
    except KeyError:
        found = None
    if type(found) is not MapDef:
        found = ctx.catalog.get("arenas", "maps", ctx.scenario.map, MapDef)
    return _grid(found.rows)


@lru_cache(maxsize=64)
def _grid(rows: tuple[str, ...]) -> Grid:
    return Grid(rows)


def sheet(ctx: Ctx, ent: int) -> SorcererCharacter:
    """A combatant's character sheet."""
    who: Identity = TABLES[esper.current_world][ent][Identity]
    try:  # the catalog's own entry, as `Catalog.get` finds it, without its three calls
        found = ctx.catalog.sections[_CHARACTERS][who.template]
    except KeyError:
        found = None
    if type(found) is SorcererCharacter:
        return found
    return ctx.catalog.get("sorcerer", "characters", who.template, SorcererCharacter)


def weapon(ctx: Ctx, wid: str) -> Weapon:
    """A weapon from content.

    Raises:
        NotInCatalog: no such weapon.
    """
    try:  # the catalog's own entry, as `Catalog.get` finds it, without its three calls
        found = ctx.catalog.sections[_WEAPONS][wid]
    except KeyError:
        found = None
    if type(found) is Weapon:
        return found
    return ctx.catalog.get("sorcerer", "weapons", wid, Weapon)


_WEAPONS: Final = ("sorcerer", "weapons")
_MAPS: Final = ("arenas", "maps")
_CHARACTERS: Final = ("sorcerer", "characters")


def damage_row(ctx: Ctx, rid: str) -> DamageRow:
    """A row of the damage chart, formulas parsed."""
    try:  # the catalog's own entry, as `Catalog.get` finds it, without its three calls
        found = ctx.catalog.sections[_DAMAGE][rid]
    except KeyError:
        found = None
    if type(found) is not DamageChartRow:
        found = ctx.catalog.get("sorcerer", "damage", rid, DamageChartRow)
    # By the entry's id, not its value: hashing a row is a call; the entry is held beside.
    kept = _rows.get(id(found))
    if kept is None:
        if len(_rows) >= ROWS_KEPT:
            _rows.clear()
        kept = _rows[id(found)] = (found, found.row())
    return kept[1]


ROWS_KEPT: Final = 256
"""Parsed damage chart rows kept at once."""
_rows: dict[int, tuple[DamageChartRow, DamageRow]] = {}
"""Parsed rows by the id of their catalog entry, each held with its entry (so that no id is
reused while it is kept)."""
_DAMAGE: Final = ("sorcerer", "damage")
_TASKS: Final = ("sorcerer", "tasks")


def task(ctx: Ctx, tid: str) -> TaskDef:
    """An other task or distance rule from content."""
    try:  # the catalog's own entry, as `Catalog.get` finds it, without its three calls
        found = ctx.catalog.sections[_TASKS][tid]
    except KeyError:
        found = None
    if type(found) is TaskDef:
        return found
    return ctx.catalog.get("sorcerer", "tasks", tid, TaskDef)


def ritual(ctx: Ctx, rid: str) -> RitualDef:
    """A ritual from content."""
    return ctx.catalog.get("sorcerer", "rituals", rid, RitualDef)


def name(ent: int) -> str:
    """A combatant's display name."""
    found: Identity = TABLES[esper.current_world][ent][Identity]
    return found.name


def event(
    ctx: Ctx,
    kind: EventKind,
    step: str,
    text: Text,
    *,
    why: Text = "",
    actor: int | None = None,
    target: int | None = None,
    roll: Contest | None = None,
    terse: bool = True,
    amount: int = 0,
    data: Mapping[str, Datum] | None = None,
) -> Event:
    """An event of the current round, naming its combatants (entities here) by id."""
    return make_event(
        ctx,
        kind,
        step,
        text,
        why=why,
        actor="" if actor is None else TABLES[esper.current_world][actor][Identity].cid,
        target="" if target is None else TABLES[esper.current_world][target][Identity].cid,
        roll=roll,
        terse=terse,
        amount=amount,
        data=data,
    )


def faces(values: tuple[int, ...]) -> str:
    """Faces for the log, high to low, e.g. ``9 7 3`` (``none`` for no dice)."""
    return " ".join(map(str, sorted(values, reverse=True))) or "none"
