"""The Werewolf ruleset: its systems in the order the seed plays them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import esper

from arena.content.maps import MapDef
from arena.content.scenario import OptionValue
from arena.content.werewolf import WerewolfCharacter
from arena.ecs.components import Identity, Position, Status
from arena.ecs.ruleset import Ctx, Ruleset
from arena.ecs.werewolf.components import Health, Plan, Pools, Traits, TurnClock
from arena.ecs.werewolf.health import level_name, penalty
from arena.ecs.werewolf.systems import STEP_INITIATIVE, STEP_SEGMENTS, initiative, roster, segments
from arena.rules.commands import Command
from arena.rules.events import Event
from arena.rules.grid import Grid
from arena.rules.views import CombatantView, FightView, MapView, Pool


def parse_options(preset: str, values: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """Check the preset and options.

    Raises:
        ValueError: an unknown preset or option.
    """
    if preset != "seed":
        raise ValueError(f"unknown preset {preset!r}; known: seed")
    if values:
        raise ValueError(f"unknown option {next(iter(values))!r}; known: none")
    return dict(values)


def options_record(options: Any) -> tuple[tuple[str, str], ...]:
    """The options as sorted (name, value) pairs."""
    return tuple(sorted((k, str(v)) for k, v in options.items()))


def spawn(ctx: Ctx) -> tuple[Event, ...]:
    """Create one entity per combatant, and the fight's own entity with its clock."""
    esper.create_entity(TurnClock())
    grid = _grid(ctx)
    events = []
    for index, spec in enumerate(ctx.scenario.combatants):
        sheet = ctx.catalog.get("werewolf", "characters", spec.template, WerewolfCharacter)
        values = {
            "strength": sheet.attributes.strength,
            "dexterity": sheet.attributes.dexterity,
            "stamina": sheet.attributes.stamina,
            "wits": sheet.attributes.wits,
            "perception": sheet.attributes.perception,
            "alertness": sheet.abilities.alertness,
            "athletics": sheet.abilities.athletics,
            "brawl": sheet.abilities.brawl,
            "dodge": sheet.abilities.dodge,
            "melee": sheet.abilities.melee,
            "firearms": sheet.abilities.firearms,
        }
        values.update(spec.overrides)
        x, y = grid.spawn(spec.spawn)
        name = spec.name or sheet.name
        esper.create_entity(
            Identity(spec.id, name, spec.template, spec.side, sheet.glyph, index, spec.controller),
            Position(x, y),
            Status(),
            Traits(values, sheet.kind, sheet.maneuvers),
            Pools(
                sheet.rage, sheet.rage, sheet.gnosis, sheet.gnosis, sheet.willpower, sheet.willpower
            ),
            Health(),
            Plan(),
        )
        events.append(
            Event(
                "combatant_placed",
                0,
                "Setup",
                f"{name} ({spec.side}) at {(x, y)}.",
                actor=spec.id,
                terse=False,
            )
        )
    return tuple(events)


def accept(ctx: Ctx, command: Command) -> tuple[Event, ...]:
    """Record an action declared for the current segment."""
    clock = esper.get_component(TurnClock)[0][1]
    for ent, ident in roster():
        if ident.cid == command.actor and clock.segment is not None:
            esper.component_for_entity(ent, Plan).declared[clock.segment] = command
    return ()


def end_round(ctx: Ctx) -> tuple[Event, ...]:
    """A new turn, unless one side has nobody left standing."""
    standing = sorted({i.side for e, i in roster() if esper.component_for_entity(e, Status).active})
    if len(standing) > 1:
        return ()
    ctx.clock.over = True
    ctx.clock.winner = standing[0] if standing else None
    ctx.clock.outcome = f"{standing[0]} wins" if standing else "nobody is left standing"
    return ()


def finish(ctx: Ctx) -> tuple[Event, ...]:
    """Say how the fight ended."""
    return (
        Event(
            "fight_ended",
            ctx.clock.round,
            "4. Next person",
            f"The fight is over after {ctx.clock.round} turns: {ctx.clock.outcome}.",
        ),
    )


def view(ctx: Ctx) -> FightView:
    """The fight as everyone sees it."""
    combatants = []
    order = []
    for ent, ident in roster():
        pos = esper.component_for_entity(ent, Position)
        traits = esper.component_for_entity(ent, Traits)
        pools = esper.component_for_entity(ent, Pools)
        filled = len(esper.component_for_entity(ent, Health).boxes)
        plan = esper.component_for_entity(ent, Plan)
        combatants.append(
            CombatantView(
                ident.cid,
                ident.name,
                ident.template,
                ident.side,
                ident.glyph,
                ident.controller,
                pos.cell,
                esper.component_for_entity(ent, Status).state,
                level_name(filled),
                penalty(filled),
                tuple(sorted(traits.values.items())),
                (
                    Pool("Rage", pools.rage, pools.rage_max),
                    Pool("Gnosis", pools.gnosis, pools.gnosis_max),
                    Pool("Willpower", pools.willpower, pools.willpower_max),
                ),
            )
        )
        if plan.segments:
            order.append(f"{ident.name}: segments {', '.join(map(str, plan.segments))}")
    grid = _grid(ctx)
    step = RULESET.steps[ctx.clock.step][0]
    return FightView(
        "werewolf",
        ctx.clock.round,
        step,
        ctx.clock.over,
        ctx.clock.winner,
        ctx.clock.outcome,
        tuple(combatants),
        MapView(ctx.scenario.map, grid.floor()),
        tuple(order),
        tuple(ctx.rolls[-6:]),
        options_record(ctx.options),
    )


def _grid(ctx: Ctx) -> Grid:
    return Grid(ctx.catalog.get("arenas", "maps", ctx.scenario.map, MapDef).rows)


RULESET = Ruleset(
    name="werewolf",
    steps=((STEP_INITIATIVE, initiative), (STEP_SEGMENTS, segments)),
    parse_options=parse_options,
    options_record=options_record,
    spawn=spawn,
    accept=accept,
    end_round=end_round,
    finish=finish,
    view=view,
)
