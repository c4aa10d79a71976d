"""Reading the Werewolf world: the roster in stable order, current traits, content, the grid."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, ParamSpec, TypeVar

import esper

from arena.content.maps import MapDef
from arena.content.werewolf import (
    DEFAULT_PLACE,
    Effect,
    FormDef,
    Knockdown,
    ManeuverDef,
    PlaceDef,
    WeaponDef,
)
from arena.ecs.components import Identity, Position, Status
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf.components import (
    Body,
    Condition,
    Fighter,
    Memo,
    Pools,
    Shared,
    Sheet,
    Turn,
    TurnClock,
    Vitality,
)
from arena.ecs.world import TABLES
from arena.rules.fast import quick_init
from arena.rules.grid import Grid
from arena.rules.phrase import Phrase
from arena.rules.werewolf.attack import Maneuver
from arena.rules.werewolf.forms import Form, Physical, in_form, is_breed_form
from arena.rules.werewolf.frenzy import FRENZY
from arena.rules.werewolf.options import WerewolfOptions

T = TypeVar("T")
P = ParamSpec("P")

GONE: tuple[str, ...] = ("fled", "dissipated")
"""States in which a combatant has left the map."""


FIGHT: Final = 1
"""The fight's own entity (clock and memo): `spawn` creates it first in a fresh world."""


def memo() -> Memo:
    """The fight's memo of fixed lookups."""
    found: Memo = TABLES[esper.current_world][FIGHT][Memo]
    return found


def remembered(key: tuple[object, ...], make: Callable[P, T], *args: P.args, **kw: P.kwargs) -> T:
    """A lookup of what stays fixed for the fight, made once: `key` must name all it depends on.

    Besides the content, the scenario and the options: once `share` has run, the lookups are
    those of every fight of the same setup (`across`), so a batch makes each only once.

    Args:
        key: names the lookup and everything its result depends on.
        make: makes the result the first time, from `args` and `kw`.
        *args: for `make`.
        **kw: for `make`.
    """
    # Not memo(), and a subscript rather than .get(): this runs thousands of times, and a miss
    # (the first time only) is the rare case.
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    found = kept.found
    try:
        value: T = found[key]
    except KeyError:
        if kept.shared is not None:
            return _missed(kept.shared, key, make, *args, **kw)
        value = found[key] = make(*args, **kw)
    return value


def share(ctx: Ctx, kept: Memo) -> None:
    """Make the fight's fixed lookups (`remembered`) those shared by its setup's fights."""
    kept.shared = _shared(ctx)
    kept.found = kept.shared.found


SHARED_SETUPS: Final = 8
"""How many setups (content, scenario, options) keep shared lookups at once; the oldest goes."""
SHARED_MOST: Final = 10_000
"""The most shared lookups a setup keeps, in two generations of half as many each.

A lookup takes about 2 KB (a combatant's view, a decision with its choices): 50,000 of them
grew a batch's memory by 90 MB over some 15,000 fights. Kept in two generations, the lookups
a batch meets again and again stay, and memory is flat after its first hundred fights."""
_setups: dict[tuple[int, int, WerewolfOptions], tuple[object, object, Shared]] = {}


def across(
    ctx: Ctx, key: tuple[object, ...], make: Callable[P, T], *args: P.args, **kw: P.kwargs
) -> T:
    """`remembered`, shared by every fight of the same content, scenario and options.

    For lookups whose `key` names all they depend on besides the content, the scenario (its
    entities are placed in the same order every time) and the options: a batch's fights meet the
    same situations again and again.
    """
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    shared = kept.shared
    if shared is None:
        shared = kept.shared = _shared(ctx)
    # The hit, read in place: `_missed` is for the miss. Not a subscript in a `try`: a raised
    # KeyError costs more than `get`'s call, and a menu made anew misses many times over.
    value: T = shared.found.get(key, _ABSENT)
    if value is _ABSENT:
        return _missed(shared, key, make, *args, **kw)
    return value


_ABSENT: Final = object()
"""What `across` finds for a lookup not made yet (no lookup makes it)."""


def said(ctx: Ctx, key: tuple[object, ...], make: Callable[..., T], *args: object) -> T:
    """`across` for an event's words: `key` names all they depend on besides the setup.

    Kept in a store of their own (`Shared.said`): a batch never reads them, and new lines must
    not push out the views and menus, which cost far more to make again. The store is emptied
    when full; a line is soon made again.
    """
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    shared = kept.shared
    if shared is None:
        shared = kept.shared = _shared(ctx)
    words = shared.said
    value: T = words.get(key, _ABSENT)
    if value is _ABSENT:
        if len(words) >= SAID_MOST:
            words.clear()
        value = words[key] = make(*args)
    return value


SAID_MOST: Final = 5_000
"""The most event lines a setup keeps (each a phrase or two)."""


def kept_in(
    shared: Shared, key: tuple[object, ...], make: Callable[P, T], *args: P.args, **kw: P.kwargs
) -> T:
    """The lookup ``key`` from ``shared``, made by ``make`` when it is in neither generation."""
    try:
        value: T = shared.found[key]
    except KeyError:
        return _missed(shared, key, make, *args, **kw)
    return value


def _missed(
    shared: Shared, key: tuple[object, ...], make: Callable[P, T], *args: P.args, **kw: P.kwargs
) -> T:
    """`kept_in` once ``key`` is known not to be in the newer generation.

    Each look-up hashes the key again, and a key may hold many values to hash.
    """
    found, older = shared.found, shared.older
    # `older` is empty until the first turnover: no hashing of the key in vain.
    value: T = older.get(key, _ABSENT) if older else _ABSENT  # type: ignore[assignment]
    if value is _ABSENT:
        value = make(*args, **kw)
    if len(found) >= SHARED_MOST // 2:
        # Turnover: what was not used since the last one goes, what was stays a while.
        shared.older.clear()
        shared.older.update(found)
        found.clear()
    found[key] = value
    return value


def _shared(ctx: Ctx) -> Shared:
    # The catalog and scenario are held with their ids, so no other object takes those ids.
    setup = (id(ctx.catalog), id(ctx.scenario), options(ctx))
    held = _setups.get(setup)
    if held is None:
        _drop_unheld()
        if len(_setups) >= SHARED_SETUPS:
            del _setups[next(iter(_setups))]
        held = _setups[setup] = (ctx.catalog, ctx.scenario, Shared({}))
    return held[2]


_HELD_HERE: Final = 3
"""References to a held catalog that are the setups' own: its entry, the loop's name for it and
`sys.getrefcount`'s argument."""


def _drop_unheld() -> None:
    """Forget the setups whose content nobody else holds any more.

    No fight can ask for their lookups again, yet kept they would cost every full collection
    of the garbage collector a walk through all of them: a batch that loads its content afresh
    (as each benchmark batch does) would otherwise carry its predecessors' lookups along.
    """
    for setup, (catalog, _, _) in list(_setups.items()):
        if sys.getrefcount(catalog) <= _HELD_HERE:
            del _setups[setup]


def options(ctx: Ctx) -> WerewolfOptions:
    """The fight's options, typed."""
    opts: WerewolfOptions = ctx.options
    return opts


def roster() -> list[tuple[int, Identity]]:
    """Every combatant entity with its identity, in roster order (the stable tie-break).

    The roster is fixed once everyone is placed: no combatant entity is added or deleted later.
    """
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    return kept.roster or _fill_roster(kept)


def fighters() -> list[Fighter]:
    """Every combatant's carried components, in roster order."""
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    if not kept.fighters:
        _fill_roster(kept)
    return kept.fighters


def fighter(ent: int) -> Fighter:
    """The combatant's carried components: one read for all its facts."""
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    if not kept.by_ent:
        _fill_roster(kept)
    return kept.by_ent[ent]


def fighter_of(cid: str) -> Fighter:
    """The carried components of the combatant with this id.

    Raises:
        KeyError: there is none.
    """
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    if not kept.by_cid:
        _fill_roster(kept)
    return kept.by_cid[cid]


def _fill_roster(kept: Memo) -> list[tuple[int, Identity]]:
    table = TABLES[esper.current_world]
    kept.roster = sorted(esper.get_component(Identity), key=lambda pair: pair[1].roster)
    kept.fighters = [_fighter(ent, table[ent]) for ent, _ in kept.roster]
    kept.by_ent = {f.ent: f for f in kept.fighters}
    kept.by_cid = {f.who.cid: f for f in kept.fighters}
    return kept.roster


def _fighter(ent: int, comps: dict[type, Any]) -> Fighter:
    return Fighter(
        ent,
        comps[Identity],
        comps[Status],
        comps[Position],
        comps[Sheet],
        comps[Body],
        comps[Pools],
        comps[Vitality],
        comps[Condition],
        comps[Turn],
    )


def sides_standing() -> list[str]:
    """The sides that still have anyone in the fight (the turn clock's count), in roster order."""
    clk: TurnClock = TABLES[esper.current_world][FIGHT][TurnClock]
    return list(clk.sides if clk.sides is not None else count_sides(clk))


def decided() -> bool:
    """True once at most one side has anyone able to act: the fight ends at once [ruling].

    Read off the turn clock's count of each side still in the fight, not searched for.
    """
    clk: TurnClock = TABLES[esper.current_world][FIGHT][TurnClock]  # after every segment
    sides = clk.sides if clk.sides is not None else count_sides(clk)
    counted = 0
    for _ in sides:  # two sides at most, counted without `len`'s call
        counted += 1
    return counted < 2


def count_sides(clk: TurnClock) -> dict[str, int]:
    """Count each side's combatants still in the fight onto the turn clock (`TurnClock.sides`)."""
    sides: dict[str, int] = {}
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    for f in kept.fighters or fighters():
        if f.status.state == "active":
            side = f.who.side
            sides[side] = sides[side] + 1 if side in sides else 1
    clk.sides = sides
    return sides


def entity_of(cid: str) -> int:
    """The entity of the combatant with this id.

    Raises:
        KeyError: there is none.
    """
    kept: Memo = TABLES[esper.current_world][FIGHT][Memo]
    if not kept.by_cid:
        _fill_roster(kept)
    return kept.by_cid[cid].ent


# The lookups below read the active world's table of components (`TABLES`) directly: they
# run thousands of times a fight, and esper's own accessor costs a call more each time.


def ident(ent: int) -> Identity:
    """The identity of an entity."""
    found: Identity = TABLES[esper.current_world][ent][Identity]
    return found


def name(ent: int) -> str:
    """The display name of an entity."""
    return ident(ent).name


def clock() -> TurnClock:
    """The fight entity's turn clock."""
    found: TurnClock = TABLES[esper.current_world][FIGHT][TurnClock]
    return found


def is_active(ent: int) -> bool:
    """True while the combatant is in the fight."""
    found: Status = TABLES[esper.current_world][ent][Status]
    return found.state == "active"  # `Status.active`, without the property's call


def active_turn(ent: int) -> Turn | None:
    """The combatant's turn while it is in the fight, else None: one read for both."""
    comps = TABLES[esper.current_world][ent]
    found: Turn = comps[Turn]
    return found if comps[Status].state == "active" else None


def cell(ent: int) -> tuple[int, int]:
    """Where the combatant stands."""
    found: Position = TABLES[esper.current_world][ent][Position]
    return (found.x, found.y)  # `Position.cell`, without the property's call


def sheet(ent: int) -> Sheet:
    """The combatant's sheet."""
    found: Sheet = TABLES[esper.current_world][ent][Sheet]
    return found


def body(ent: int) -> Body:
    """The combatant's body."""
    found: Body = TABLES[esper.current_world][ent][Body]
    return found


def pools(ent: int) -> Pools:
    """The combatant's Rage, Gnosis and Willpower."""
    found: Pools = TABLES[esper.current_world][ent][Pools]
    return found


def vitality(ent: int) -> Vitality:
    """The combatant's health."""
    found: Vitality = TABLES[esper.current_world][ent][Vitality]
    return found


def condition(ent: int) -> Condition:
    """The combatant's frenzy, stun and Delirium."""
    found: Condition = TABLES[esper.current_world][ent][Condition]
    return found


def turn(ent: int) -> Turn:
    """The combatant's turn."""
    found: Turn = TABLES[esper.current_world][ent][Turn]
    return found


def form_def(ctx: Ctx, form: str) -> FormDef:
    """A form's content definition."""
    key = ("form_def", form)
    try:  # `remembered`'s hit, read in place: asked for every form shown and shifted
        found: FormDef = TABLES[esper.current_world][FIGHT][Memo].found[key]
        return found
    except KeyError:
        return remembered(key, _section, ctx, "forms", form, FormDef)


def form_of(ctx: Ctx, ent: int) -> Form:
    """The combatant's current form, as the rules use it."""
    found: Body = TABLES[esper.current_world][ent][Body]
    form = found.form
    return remembered(("form", form), _form, ctx, form)


def form_rules(ctx: Ctx, form: str) -> Form:
    """A form, as the rules use it."""
    return remembered(("form", form), _form, ctx, form)


def _form(ctx: Ctx, form: str) -> Form:
    return form_def(ctx, form).rules(form)


def _section(ctx: Ctx, section: str, key: str, kind: type[T]) -> T:
    return ctx.catalog.get("werewolf", section, key, kind)


def traits(ctx: Ctx, ent: int) -> Mapping[str, int]:
    """Attributes and abilities now: the sheet's, with the current form's physical changes."""
    table = TABLES[esper.current_world]
    form: Body = table[ent][Body]
    key = (ent, form.form)
    fight: Memo = table[FIGHT][Memo]
    kept = fight.traits
    try:
        return kept[key]
    except KeyError:
        # The sheet is the setup's, never changed: the fights of one setup share the traits.
        shared = ("traits", ent, form.form)
        found = kept[key] = across(ctx, shared, _traits, ctx, ent)
        return found


def _traits(ctx: Ctx, ent: int) -> dict[str, int]:
    values = dict(sheet(ent).base)
    base = Physical(values["strength"], values["dexterity"], values["stamina"])
    now = in_form(base, form_of(ctx, ent))
    values.update(strength=now.strength, dexterity=now.dexterity, stamina=now.stamina)
    return values


def breed_form(ent: int) -> bool:
    """True for a Garou in its breed form."""
    comps = TABLES[esper.current_world][ent]
    s: Sheet = comps[Sheet]
    b: Body = comps[Body]
    return is_breed_form(s.kind, s.breed, b.form)


def wound_penalty(ent: int) -> int:
    """Dice the combatant's wounds take off its pools (none in frenzy, none for spirits)."""
    comps = TABLES[esper.current_world][ent]
    vit: Vitality = comps[Vitality]
    penalty = vit.penalty  # carried with the track: no call to find it
    if not penalty:
        return 0
    cond: Condition = comps[Condition]
    if cond.frenzied and FRENZY.ignores_wound_penalties:  # `effective_wound_penalty`
        return 0
    return penalty


def maneuver_def(ctx: Ctx, means: str) -> ManeuverDef:
    """A maneuver's content definition."""
    return remembered(("maneuver_def", means), _section, ctx, "maneuvers", means, ManeuverDef)


def weapon_def(ctx: Ctx, means: str) -> WeaponDef:
    """A weapon's content definition."""
    return remembered(("weapon_def", means), _section, ctx, "weapons", means, WeaponDef)


@quick_init
@dataclass(frozen=True, slots=True)
class MeansInfo:
    """A maneuver or weapon in one form: all the fight asks of it, looked up once."""

    rules: Maneuver
    """As the rules use it."""
    name: str
    """Its display name."""
    maneuver: bool
    """A maneuver rather than a weapon."""
    forms: tuple[str, ...] = ()
    """The forms that may use it (a maneuver); empty: every form."""
    effect: Effect = "none"
    """``grapple``, ``disarm`` or ``none``."""
    knockdown: Knockdown = "none"
    """Whom a hit knocks down: ``target``, ``both`` or ``none``."""


def means_info(ctx: Ctx, ent: int, means: str) -> MeansInfo:
    """A maneuver or weapon in the combatant's current form."""
    table = TABLES[esper.current_world]
    form: Body = table[ent][Body]
    key = (means, form.form)
    fight: Memo = table[FIGHT][Memo]
    kept = fight.means
    try:
        found: MeansInfo = kept[key]
        return found
    except KeyError:
        found = kept[key] = _means_info(ctx, *key)
        return found


def _means_info(ctx: Ctx, means: str, form: str) -> MeansInfo:
    if means in ctx.catalog.section("werewolf", "maneuvers"):
        m = maneuver_def(ctx, means)
        return MeansInfo(m.rules(means, form), m.name, True, m.forms, m.effect, m.knockdown)
    w = weapon_def(ctx, means)
    return MeansInfo(w.rules(means), w.name, False)


def means_of(ctx: Ctx, ent: int, means: str) -> Maneuver:
    """A maneuver or weapon as the rules use it, in the combatant's current form."""
    table = TABLES[esper.current_world]
    form: Body = table[ent][Body]
    fight: Memo = table[FIGHT][Memo]
    try:  # `means_info`, read in place
        found: MeansInfo = fight.means[(means, form.form)]
        return found.rules
    except KeyError:
        return means_info(ctx, ent, means).rules


def means_name(ctx: Ctx, means: str) -> str:
    """A maneuver's or weapon's display name."""
    key = ("means_name", means)
    try:  # `remembered`'s hit, read in place: every attack in the log names its means
        found: str = TABLES[esper.current_world][FIGHT][Memo].found[key]
        return found
    except KeyError:
        return remembered(key, _means_name, ctx, means)


def _means_name(ctx: Ctx, means: str) -> str:
    if means in ctx.catalog.section("werewolf", "maneuvers"):
        return maneuver_def(ctx, means).name
    return weapon_def(ctx, means).name


def place(ctx: Ctx) -> PlaceDef:
    """The place numbers of the fight's map (its own entry, else the default one)."""
    return remembered(("place",), _place, ctx)


def _place(ctx: Ctx) -> PlaceDef:
    entries = ctx.catalog.section("werewolf", "places")
    found = entries.get(ctx.scenario.map, entries.get(DEFAULT_PLACE))
    if not isinstance(found, PlaceDef):
        raise KeyError(Phrase("ww_no_place_entry", (ctx.scenario.map, DEFAULT_PLACE)))
    return found


def grid(ctx: Ctx) -> Grid:
    """The fight's map."""
    try:  # `remembered`'s hit, read in place: sight and reach ask for the map
        found: Grid = TABLES[esper.current_world][FIGHT][Memo].found[_GRID]
        return found
    except KeyError:
        return remembered(_GRID, _grid, ctx)


_GRID: Final = ("grid",)


def _grid(ctx: Ctx) -> Grid:
    return Grid(ctx.catalog.get("arenas", "maps", ctx.scenario.map, MapDef).rows)


def taken_cells(exclude: int, *, fallen: bool = True) -> list[tuple[int, int]]:
    """Cells other combatants stand on; with `fallen` False, only those still fighting.

    The fallen can be stepped over but not stood on [ruling].
    """
    out = []
    for f in fighters():
        state = f.status.state
        if f.ent == exclude or state in GONE or (not fallen and state != "active"):
            continue
        out.append((f.pos.x, f.pos.y))
    return out
