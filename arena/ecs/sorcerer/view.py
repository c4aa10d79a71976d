"""The Sorcerer fight as everyone sees it: a frozen FightView."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.order import order_lines
from arena.ecs.sorcerer.queries import (
    cell,
    demon,
    demon_state,
    grid,
    health,
    ident,
    master_of,
    name,
    plan,
    roster,
    round_state,
    scores,
    status,
)
from arena.ecs.sorcerer.texts import health_text, who
from arena.rules.sorcerer import SorcererOptions, options_to_mapping
from arena.rules.views import CombatantView, FightView, MapView, Pool


def options_record(options: SorcererOptions) -> tuple[tuple[str, str], ...]:
    """The options as (name, value) pairs, in declaration order."""
    return tuple((k, str(v)) for k, v in options_to_mapping(options).items())


def view(ctx: Ctx, step: str) -> FightView:
    """A frozen snapshot of the fight at `step`."""
    rs = round_state()
    order = order_lines(rs.order, rs.members) if rs.order is not None else ()
    return FightView(
        "sorcerer",
        ctx.clock.round,
        step,
        ctx.clock.over,
        ctx.clock.winner,
        ctx.clock.outcome,
        tuple(_combatant(ent) for ent, _ in roster()),
        MapView(ctx.scenario.map, grid(ctx).floor()),
        order,
        tuple(ctx.rolls)[-6:],
        options_record(ctx.options),
    )


def _combatant(ent: int) -> CombatantView:
    i, sc, state = ident(ent), scores(ent), demon(ent)
    traits = [("stamina", sc.stamina), ("will", sc.will), ("lore", sc.lore)]
    pools = []
    if state is None:
        pools.append(Pool("Humanity", sc.humanity, sc.humanity_max))
    else:
        traits.append(("power", state.power))
        pools.append(Pool("Power", 1 if state.boosting else state.power, state.power))
    return CombatantView(
        i.cid,
        i.name,
        i.template,
        i.side,
        i.glyph,
        i.controller,
        cell(ent),
        status(ent),
        health_text(health(ent).wounds),
        health(ent).wounds.total,
        tuple(traits),
        tuple(pools),
        state.type if state is not None else ("sorcerer" if sc.sorcerer else "human"),
        _intention(ent),
        _notes(ent),
    )


def _intention(ent: int) -> str:
    p, rs = plan(ent), round_state()
    if p.declared is not None and not rs.revealed:
        return "(stated, hidden until everyone has)"
    return p.intention


def _notes(ent: int) -> tuple[str, ...]:
    notes: list[str] = []
    state = demon(ent)
    if state is not None:
        notes += _demon_notes(ent)
    if scores(ent).sorcerer:
        notes.append("sorcerer: may push through damage")
    boost = plan(ent).boost
    if boost is not None:
        notes.append(f"boosted: +{boost.dice} {plan(ent).boost_trait.title()} this round")
    if health(ent).aftermath:
        notes.append(f"after the fight: {health(ent).aftermath}")
    return tuple(notes)


def _demon_notes(ent: int) -> list[str]:
    state = demon_state(ent)
    notes = [f"{state.type.title()} demon, Power {state.power}"]
    master = master_of(ent)
    if state.binding is not None:
        whose = name(master) if master is not None else state.binding.master
        notes.append(f"bound to {whose}, binding strength {state.binding.strength:+d}")
    else:
        notes.append("unbound")
    if state.known_by:
        knowers = ", ".join(who(k) for k in state.known_by)
        notes.append(f"Need: {state.need}; Desire: {state.desire} (known to {knowers})")
    else:
        notes.append("Need and Desire unknown")
    if state.abilities:
        notes.append("abilities: " + ", ".join(a.replace("_", " ") for a in state.abilities))
    if state.judgment:
        notes.append(f"own judgment: {state.judgment}")
    for flag, text in (
        (state.cloaked, "cloaked"),
        (bool(state.protecting), f"protecting {state.protecting and who(state.protecting)}"),
        (state.contained_at is not None, f"contained around {state.contained_at}"),
        (state.arriving, "summoned: arrives next round"),
    ):
        if flag:
            notes.append(text)
    return notes
