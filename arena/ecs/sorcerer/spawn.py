"""Setting a Sorcerer fight up: one entity per combatant, demons bound to their masters."""

from __future__ import annotations

import esper

from arena.content.scenario import CombatantDef
from arena.content.sorcerer import DemonSheet, SorcererCharacter
from arena.ecs.components import Identity, Position, Status
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import DemonState, Health, Plan, RoundState, Scores
from arena.ecs.sorcerer.queries import (
    STEP_SETUP,
    carry,
    character,
    demon,
    demons_of,
    grid,
    ident,
    note_side,
    roster,
    scores,
    settle_in,
)
from arena.ecs.world import attach
from arena.ecs.world import spawn as spawn_entity
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase
from arena.rules.sorcerer import Binding, is_sorcerer
from arena.rules.sorcerer.wounds import Wounds

_SCORES = ("stamina", "will", "lore", "humanity")


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
    events = tuple([_place(ctx, i, spec) for i, spec in enumerate(ctx.scenario.combatants)])
    carry(ctx)
    _bind(ctx)
    return events


def _place(ctx: Ctx, index: int, spec: CombatantDef) -> Event:
    sheet = character(ctx, spec.template)
    x, y = grid(ctx).spawn(spec.spawn)
    who = Identity(
        spec.id,
        spec.name or sheet.name,
        spec.template,
        spec.side,
        sheet.glyph,
        index,
        spec.controller,
    )
    # A scenario may start a combatant hurt: lasting damage, and temporary for its next roll.
    hurt = Wounds(spec.damage.get("lasting", 0), spec.damage.get("temporary", 0))
    ent = spawn_entity(who, Position(x, y), Status(), _scores(spec, sheet), Health(hurt), Plan())
    if sheet.demon is not None:
        attach(ent, _demon(spec, sheet.demon))
    state = demon(ent)
    present = state is None or state.present
    if present:
        note_side(ent)
        where = Phrase("sorc_placed_at", ((x, y),))
    else:
        esper.component_for_entity(ent, Status).state = "absent"
        where = Phrase("sorc_placed_absent")
    text = Phrase("sorc_placed", (who.name, spec.side, where))
    data: dict[str, Datum] = {"cell": (x, y) if present else None, "side": spec.side}
    return Event("combatant_placed", 0, STEP_SETUP, text, actor=spec.id, terse=False, data=data)


def _scores(spec: CombatantDef, sheet: SorcererCharacter) -> Scores:
    values = {k: getattr(sheet, k) for k in _SCORES}
    for key, value in spec.overrides.items():
        if key in values:
            values[key] = value
        elif key not in ("power", "binding", "present"):
            raise ValueError(f"unknown_override: combatants[{spec.id}].overrides.{key}")
    return Scores(
        values["stamina"],
        values["will"],
        values["lore"],
        spec.pools.get("humanity", values["humanity"]),
        values["humanity"],
        sheet.weapons if spec.weapons is None else spec.weapons,
        sheet.rituals,
        sheet.role_play,
    )


def _demon(spec: CombatantDef, d: DemonSheet) -> DemonState:
    return DemonState(
        power=spec.overrides.get("power", d.power),
        need=d.need,
        desire=d.desire,
        type=d.type,
        abilities=d.abilities,
        binding=None,
        need_fed=d.need_fed,
        present=spec.overrides.get("present", 1) != 0,
    )


def _bind(ctx: Ctx) -> None:
    """Bind each demon to the first combatant of its master's template, then mark sorcerers.

    A master on the demon's own side comes first: when a sorcerer meets her double (a
    gauntlet's rival), each one's demon is bound to the one it stands beside.
    """
    for ent, who in roster():
        state = demon(ent)
        if state is None:
            continue
        d = character(ctx, who.template).demon
        spec = ctx.scenario.combatants[who.roster]
        masters = sorted(
            (e for e, i in roster() if d is not None and i.template == d.bound_to),
            key=lambda e: ident(e).side != who.side,
        )
        if d is not None and masters:
            strength = spec.overrides.get("binding", d.binding)
            state.binding = Binding(ident(masters[0]).cid, strength)
            state.known_by.append(ident(masters[0]).cid)
    for ent, _ in roster():
        sc = scores(ent)
        sc.sorcerer = demon(ent) is None and is_sorcerer(
            lore=sc.lore, has_bound_demon=bool(demons_of(ent)), knows_rituals=bool(sc.rituals)
        )
