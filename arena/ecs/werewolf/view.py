"""The Werewolf fight as everyone sees it: a frozen view copied out of the components."""

from __future__ import annotations

import esper

from arena.ecs.components import Position, Status
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import describe
from arena.ecs.werewolf.rage import order_text
from arena.ecs.werewolf.slots import open_slots
from arena.ecs.werewolf.steps import dice as count
from arena.ecs.werewolf.steps import need
from arena.rules.views import CombatantView, FightView, MapView, Pool
from arena.rules.werewolf.options import WerewolfOptions, options_to_mapping


def options_record(options: WerewolfOptions) -> tuple[tuple[str, str], ...]:
    """Every option with its value, in the order the rules list them (the preset is separate)."""
    mapping = options_to_mapping(options)
    return tuple((name, str(value)) for name, value in mapping.items())


def combatant_view(ctx: Ctx, ent: int) -> CombatantView:
    """One combatant as everyone sees it."""
    who = lookup.ident(ent)
    vit, pools = lookup.vitality(ent), lookup.pools(ent)
    health = (
        vit.track.level_name if vit.track is not None else need(vit.essence, "Essence").level_name
    )
    penalty = vit.track.penalty if vit.track is not None else 0
    return CombatantView(
        who.cid,
        who.name,
        who.template,
        who.side,
        who.glyph,
        who.controller,
        esper.component_for_entity(ent, Position).cell,
        esper.component_for_entity(ent, Status).state,
        health,
        penalty,
        tuple(sorted(lookup.traits(ctx, ent).items())),
        (
            Pool("Rage", pools.rage, pools.rage_max),
            Pool("Gnosis", pools.gnosis, pools.gnosis_max),
            Pool("Willpower", pools.willpower, pools.willpower_max),
        ),
        lookup.form_def(ctx, lookup.body(ent).form).name,
        _intention(ctx, ent),
        _notes(ent),
    )


def _intention(ctx: Ctx, ent: int) -> str:
    """The declared action of the current segment, else the segments still to come."""
    if not lookup.is_active(ent):
        return ""
    tick = lookup.clock().tick
    slots = open_slots(ent)
    now = [s for s in slots if s.tick == tick and s.act is not None]
    if now:
        parts = []
        for slot in now:
            dice = f" ({count(slot.dice)})" if slot.dice >= 0 else ""
            parts.append(f"{describe(ctx, need(slot.act, 'the declared action'))}{dice}")
        return " + ".join(parts)
    if slots:
        return "acts on " + ", ".join(str(s.segment) for s in slots)
    return ""


def _notes(ent: int) -> tuple[str, ...]:
    cond, body = lookup.condition(ent), lookup.body(ent)
    notes = []
    if cond.frenzied:
        notes.append("frenzy")
    if cond.stunned:
        notes.append("stunned: loses the next action")
    if cond.delirium:
        notes.append(f"delirium: {cond.delirium.replace('_', ' ')}")
    if body.prone:
        notes.append("knocked down")
    if body.held_by:
        notes.append(f"held by {lookup.name(lookup.entity_of(body.held_by))}")
    if body.holding:
        notes.append(f"holding {lookup.name(lookup.entity_of(body.holding))}")
    if lookup.turn(ent).botched:
        notes.append("botched initiative: no action this turn")
    if cond.note:
        notes.append(f"why: {cond.note}")
    return tuple(notes)


def view(ctx: Ctx, step: str) -> FightView:
    """The whole fight now."""
    grid = lookup.grid(ctx)
    return FightView(
        "werewolf",
        ctx.clock.round,
        step,
        ctx.clock.over,
        ctx.clock.winner,
        ctx.clock.outcome,
        tuple(combatant_view(ctx, ent) for ent, _ in lookup.roster()),
        MapView(ctx.scenario.map, grid.floor()),
        order_text(),
        tuple(ctx.rolls)[-8:],
        options_record(ctx.options),
    )
