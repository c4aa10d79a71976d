"""Reading the Sorcerer world: each combatant's carried record, the roster, components, content."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

import esper

from arena.content.maps import MapDef
from arena.content.sorcerer import DamageChartRow, RitualDef, SorcererCharacter, TaskDef, Weapon
from arena.ecs.components import Identity, Position, Status
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import DemonState, Fighter, Health, Plan, RoundState, Scores
from arena.ecs.world import TABLES
from arena.rules.dice import Contest
from arena.rules.events import Datum, Event, EventKind, EventParts
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
    return rs.roster


def carry(fighters: tuple[Fighter, ...]) -> None:
    """Record the roster once every combatant is spawned, each with its carried components.

    Args:
        fighters: every combatant's carried components, in roster order (as spawned).
    """
    rs = round_state()
    rs.fighters = fighters
    rs.roster = tuple([(f.ent, f.who) for f in fighters])
    rs.entities = {f.who.cid: f.ent for f in fighters}
    rs.names = {f.who.cid: f.who.name for f in fighters}
    rs.by_ent = {f.ent: f for f in fighters}
    rs.by_cid = {f.who.cid: f for f in fighters}


def fighters() -> tuple[Fighter, ...]:
    """Every combatant's carried components, in roster order."""
    # As in `roster`.
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    return rs.fighters


def fighter(ent: int) -> Fighter:
    """A combatant's carried components, by entity.

    Raises:
        KeyError: the entity is no combatant.
    """
    # As in `roster`.
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    return rs.by_ent[ent]


def fighter_of(cid: str) -> Fighter:
    """A combatant's carried components, by combatant id.

    Raises:
        KeyError: no combatant has that id.
    """
    # As in `roster`.
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    return rs.by_cid[cid]


def entity(cid: str) -> int:
    """The entity of a combatant id.

    Raises:
        KeyError: no combatant has that id.
    """
    # As in `roster`.
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    return rs.entities[cid]


def name_of(cid: str) -> str:
    """The display name of a combatant id (`name` of its entity, in one call).

    Raises:
        KeyError: no combatant has that id.
    """
    # As in `roster`.
    rs: RoundState = _here[1] if _here[0] == esper.current_world else round_state()
    return rs.names[cid]


# The lookups below read the active world's table of components (`TABLES`) directly
# (``esper.component_for_entity`` does the same in one more call): a fight asks for them
# thousands of times.


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
    return [f.ent for f in foes(fighter(ent))]


def foes(f: Fighter) -> list[Fighter]:
    """`enemies`, as their carried components."""
    side, here = f.who.side, (f.pos.x, f.pos.y)
    # Sorted by (distance, place in the roster): no two share a place, so the combatants
    # themselves are never compared, and no key function is called for each.
    found = sorted(
        [
            (distance(here, (o.pos.x, o.pos.y)), o.who.roster, o)
            for o in fighters()
            if o.who.side != side and o.status.state not in OUT
        ]
    )
    return [o for _, _, o in found]


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
    return [d.ent for d in bound_to(fighter(ent))]


def bound_to(f: Fighter) -> list[Fighter]:
    """`demons_of`, as their carried components."""
    cid = f.who.cid
    return [
        o
        for o in fighters()
        if (state := o.demon) is not None
        and state.binding is not None
        and state.binding.master == cid
    ]


def occupied(but: int | None = None) -> list[Cell]:
    """Cells where combatants stand (the absent and fled take none)."""
    return [(f.pos.x, f.pos.y) for f in fighters() if f.ent != but and f.status.state not in _GONE]


_GONE: Final = frozenset({"fled", "absent"})
"""Statuses of combatants who take no cell."""


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


def character(ctx: Ctx, template: str) -> SorcererCharacter:
    """A character sheet from content, by template.

    Raises:
        NotInCatalog: no such character.
    """
    try:  # the catalog's own entry, as `Catalog.get` finds it, without its three calls
        found = ctx.catalog.sections[_CHARACTERS][template]
    except KeyError:
        found = None
    if type(found) is SorcererCharacter:
        return found
    return ctx.catalog.get("sorcerer", "characters", template, SorcererCharacter)


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
    try:  # the catalog's own entry, as `Catalog.get` finds it, without its three calls
        found = ctx.catalog.sections[_RITUALS][rid]
    except KeyError:
        found = None
    if type(found) is RitualDef:
        return found
    return ctx.catalog.get("sorcerer", "rituals", rid, RitualDef)


_RITUALS: Final = ("sorcerer", "rituals")


def name(ent: int) -> str:
    """A combatant's display name."""
    found: Identity = TABLES[esper.current_world][ent][Identity]
    return found.name


def event(
    ctx: Ctx,
    kind: EventKind,
    step: str,
    text: Text,
    why: Text = "",
    actor: int | None = None,
    target: int | None = None,
    roll: Contest | None = None,
    terse: bool = True,
    amount: int = 0,
    data: Mapping[str, Datum] | None = None,
) -> Event:
    """An event of the current round, naming its combatants (entities here) by id.

    Made here in one step, as `arena.ecs.events.event` makes one: a roll also goes to the dice
    tray, and words are kept as given: drawn when someone reads the event. Callers name every
    argument after `text`; they are not keyword-only because a keyword-only default is looked
    up by name at every call, and a fight makes a hundred events.
    """
    if roll is not None:
        ctx.rolls.append(roll)
    by_ent = (_here[1] if _here[0] == esper.current_world else round_state()).by_ent
    # `made`'s way, in place: filled as the unfrozen twin, then made the frozen event (a
    # fight makes a hundred events: a call fewer each).
    e = _new(EventParts)
    e.kind = kind
    e.round = ctx.clock.round
    e.step = step
    e.line = text
    e.explanation = why
    e.actor = "" if actor is None else by_ent[actor].who.cid
    e.target = "" if target is None else by_ent[target].who.cid
    e.roll = roll
    e.terse = terse
    e.amount = amount
    e.data = {} if data is None else data
    e.__class__ = Event  # type: ignore[assignment]
    return e  # type: ignore[return-value]


_new = object.__new__


@lru_cache(maxsize=1024)
def faces(values: tuple[int, ...]) -> str:
    """Faces for the log, high to low, e.g. ``9 7 3`` (``none`` for no dice).

    Kept: the same few faces come up again and again, and sorting them into a line is work.
    """
    return " ".join(map(str, sorted(values, reverse=True))) or "none"
