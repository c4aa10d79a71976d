"""Setting a Sorcerer fight up: one entity per combatant, demons bound to their masters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from arena.content.scenario import CombatantDef, ScenarioDef
from arena.content.sorcerer import DemonSheet, SorcererCharacter, Weapon
from arena.ecs.components import Identity, Position, Status
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import DemonState, Fighter, Health, Plan, RoundState, Scores
from arena.ecs.sorcerer.memo import family
from arena.ecs.sorcerer.queries import STEP_SETUP, carry, character, grid, settle_in, weapon
from arena.ecs.world import spawn as spawn_entity
from arena.rules.events import Datum, Event
from arena.rules.kinds import DemonType
from arena.rules.phrase import Phrase
from arena.rules.sorcerer import Binding, is_sorcerer
from arena.rules.sorcerer.wounds import Wounds
from arena.rules.views import Status as StatusName

_SCORES = ("stamina", "will", "lore", "humanity")

_DemonFields: TypeAlias = tuple[
    int, str, str, DemonType, tuple[str, ...], Binding | None, bool, bool
]
"""A demon state's fields up to ``present``."""


@dataclass(frozen=True, slots=True)
class _Placed:
    """A combatant as the scenario places it: its components' numbers, and its event.

    The same in every fight of one content, scenario and options: worked out once, and each
    fight makes its own components from it (none is shared: systems change them).
    """

    who: tuple[str, str, str, str, str, int, str]
    """Its identity's fields."""
    cell: tuple[int, int]
    status: StatusName
    """``active``, or ``absent`` for a demon that only arrives when summoned."""
    scores: tuple[int, int, int, int, int, tuple[str, ...], tuple[str, ...], int, bool]
    """Its scores' fields, ``sorcerer`` last."""
    wounds: Wounds
    """The damage the scenario starts it with (a frozen value)."""
    demon: _DemonFields | None
    """Its demon state's fields up to ``present`` (None for a human)."""
    known_by: tuple[str, ...]
    """Who knows its demon's Need and Desire from the start: its master."""
    event: Event
    sheet: SorcererCharacter
    """Its character sheet."""
    arms: dict[str, Weapon]
    """Its weapons found in content, by id: every fight's combatant carries this one (no
    system changes it)."""


@dataclass(frozen=True, slots=True)
class _Setup:
    """Everyone as the scenario places them, in roster order, and the sides present."""

    placed: tuple[_Placed, ...]
    sides: tuple[str, ...]
    """Every side with someone in the fight at the start, in order of appearance."""
    events: tuple[Event, ...]


_SETUP = ("spawn_setup",)
"""The setup's key among the lookups shared by the fights of one content (`family`)."""


def spawn(ctx: Ctx) -> tuple[Event, ...]:
    """Create the fight's own entity and one per combatant; bind demons; mark sorcerers.

    Scenario overrides may set ``stamina``, ``will``, ``lore``, ``humanity``, ``power``,
    ``binding``, and ``present: 0`` for a demon that only arrives when summoned.

    Raises:
        ValueError: an override names no score.
    """
    rs = RoundState()
    spawn_entity(rs)
    settle_in(rs)
    shared = family(ctx)
    setup: _Setup | None = shared.get(_SETUP)
    if setup is None:
        setup = shared[_SETUP] = _setup(ctx)
    fighters = []
    for p in setup.placed:
        # Each fight's own components, made afresh: systems change them.
        who, pos, status = Identity(*p.who), Position(*p.cell), Status(p.status)
        scores, health, plan = Scores(*p.scores), Health(p.wounds), Plan()
        if p.demon is None:
            demon = None
            ent = spawn_entity(who, pos, status, scores, health, plan)
        else:
            demon = DemonState(*p.demon, known_by=list(p.known_by))
            ent = spawn_entity(who, pos, status, scores, health, plan, demon)
        fighters.append(
            Fighter(ent, who, status, pos, scores, health, plan, demon, p.sheet, p.arms)
        )
    rs.sides = list(setup.sides)
    carry(tuple(fighters))
    return setup.events


def _setup(ctx: Ctx) -> _Setup:
    """Everyone as the scenario places them: cells, scores, demons bound, sorcerers marked."""
    scenario = ctx.scenario
    sheets = [character(ctx, spec.template) for spec in scenario.combatants]
    bindings = _bindings(scenario, sheets)
    placed = []
    sides: list[str] = []
    for index, (spec, sheet) in enumerate(zip(scenario.combatants, sheets, strict=True)):
        binding = bindings[index]
        bound = any(b is not None and b.master == spec.id for b in bindings)
        p = _place(ctx, index, spec, sheet, binding, bound)
        if p.status != "absent" and spec.side not in sides:
            sides.append(spec.side)
        placed.append(p)
    return _Setup(tuple(placed), tuple(sides), tuple(p.event for p in placed))


def _place(
    ctx: Ctx,
    index: int,
    spec: CombatantDef,
    sheet: SorcererCharacter,
    binding: Binding | None,
    bound: bool,
) -> _Placed:
    """A combatant as the scenario places it; `bound`: a demon is bound to it."""
    x, y = grid(ctx).spawn(spec.spawn)
    name = spec.name or sheet.name
    who = (spec.id, name, spec.template, spec.side, sheet.glyph, index, spec.controller)
    # A scenario may start a combatant hurt: lasting damage, and temporary for its next roll.
    hurt = Wounds(spec.damage.get("lasting", 0), spec.damage.get("temporary", 0))
    demon = None if sheet.demon is None else _demon(spec, sheet.demon, binding)
    present = demon is None or demon[-1]
    scores = _scores(spec, sheet, demon is None and bound)
    where = Phrase("sorc_placed_at", ((x, y),)) if present else Phrase("sorc_placed_absent")
    text = Phrase("sorc_placed", (name, spec.side, where))
    data: dict[str, Datum] = {"cell": (x, y) if present else None, "side": spec.side}
    event = Event("combatant_placed", 0, STEP_SETUP, text, actor=spec.id, terse=False, data=data)
    known_by = () if binding is None else (binding.master,)
    status: StatusName = "active" if present else "absent"
    arms = _arms(ctx, scores[5])
    return _Placed(who, (x, y), status, scores, hurt, demon, known_by, event, sheet, arms)


def _arms(ctx: Ctx, wids: tuple[str, ...]) -> dict[str, Weapon]:
    """The weapons found in content, by id; one not found is asked for (and fails) when used."""
    found: dict[str, Weapon] = {}
    for wid in wids:
        try:
            found[wid] = weapon(ctx, wid)
        except LookupError:
            continue
    return found


def _scores(
    spec: CombatantDef, sheet: SorcererCharacter, bound: bool
) -> tuple[int, int, int, int, int, tuple[str, ...], tuple[str, ...], int, bool]:
    """A combatant's scores' fields; `bound`: a human with a demon bound to it."""
    values = {k: getattr(sheet, k) for k in _SCORES}
    for key, value in spec.overrides.items():
        if key in values:
            values[key] = value
        elif key not in ("power", "binding", "present"):
            raise ValueError(f"unknown_override: combatants[{spec.id}].overrides.{key}")
    human = sheet.demon is None
    return (
        values["stamina"],
        values["will"],
        values["lore"],
        spec.pools.get("humanity", values["humanity"]),
        values["humanity"],
        sheet.weapons if spec.weapons is None else spec.weapons,
        sheet.rituals,
        sheet.role_play,
        human
        and is_sorcerer(
            lore=values["lore"], has_bound_demon=bound, knows_rituals=bool(sheet.rituals)
        ),
    )


def _demon(spec: CombatantDef, d: DemonSheet, binding: Binding | None) -> _DemonFields:
    """A demon state's fields up to ``present``."""
    return (
        spec.overrides.get("power", d.power),
        d.need,
        d.desire,
        d.type,
        d.abilities,
        binding,
        d.need_fed,
        spec.overrides.get("present", 1) != 0,
    )


def _bindings(scenario: ScenarioDef, sheets: list[SorcererCharacter]) -> list[Binding | None]:
    """Each demon's binding to the first combatant of its master's template (None: unbound).

    A master on the demon's own side comes first: when a sorcerer meets her double (a
    gauntlet's rival), each one's demon is bound to the one it stands beside.
    """
    specs = scenario.combatants
    found: list[Binding | None] = []
    for spec, sheet in zip(specs, sheets, strict=True):
        d = sheet.demon
        masters = (
            []
            if d is None
            else sorted(
                (m for m in specs if m.template == d.bound_to), key=lambda m: m.side != spec.side
            )
        )
        if d is None or not masters:
            found.append(None)
            continue
        found.append(Binding(masters[0].id, spec.overrides.get("binding", d.binding)))
    return found
