"""The Sorcerer fight as everyone sees it: a frozen FightView, its words drawn from its numbers."""

from __future__ import annotations

from functools import lru_cache

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import DemonState, Health, Placed, Plan, RoundState
from arena.ecs.sorcerer.data import intent_parts
from arena.ecs.sorcerer.harm import weapon_harm
from arena.ecs.sorcerer.pools import power_in
from arena.ecs.sorcerer.queries import (
    Parts,
    grid,
    name,
    parts,
    roster,
    round_state,
    weapon,
)
from arena.rules.actions import Attack
from arena.rules.grid import Grid
from arena.rules.kinds import SorcererKind
from arena.rules.phrase import Lines, Phrase
from arena.rules.sorcerer import SorcererOptions, options_to_mapping, thresholds
from arena.rules.sorcerer.commands import Aim
from arena.rules.views import (
    CombatantView,
    DemonView,
    FightView,
    MapView,
    Pool,
    SorcererHealth,
    SorcererIntent,
    SorcererState,
)


@lru_cache(maxsize=64)
def options_record(options: SorcererOptions) -> tuple[tuple[str, str], ...]:
    """The options as (name, value) pairs, in declaration order."""
    return tuple((k, str(v)) for k, v in options_to_mapping(options).items())


@lru_cache(maxsize=64)
def _map(title: str, rows: tuple[str, ...]) -> MapView:
    return MapView(title, Grid(rows).floor())


def view(ctx: Ctx, step: str) -> FightView:
    """A frozen snapshot of the fight at `step`."""
    rs = round_state()
    if rs.shown is None:  # the map and the options never change during a fight
        rs.shown = (_map(ctx.scenario.map, grid(ctx).rows), options_record(ctx.options))
    if rs.lines[0] is not rs.order:
        order = rs.order
        lines = (
            ()
            if order is None
            else Lines("sorcerer_order_lines", (order, tuple(map(name, rs.members))))
        )
        rs.lines = (order, lines)
    clock = ctx.clock
    return FightView(
        "sorcerer",
        clock.round,
        step,
        clock.over,
        clock.winner,
        clock.outcome,
        tuple([_kept(ctx, ent, rs) for ent, _ in roster()]),
        rs.shown[0],
        rs.lines[1],
        tuple(ctx.rolls)[-6:],
        rs.shown[1],
    )


def _kept(ctx: Ctx, ent: int, rs: RoundState) -> CombatantView:
    """A combatant's view, made again only when something it shows has changed.

    Its key is everything the view reads from the components (frozen values such as the
    wounds and the order compare as values); names, the map and the options never change.
    """
    c = parts(ent)
    i, pos, st, sc, hp, p, state = c
    key: tuple[object, ...] = (
        pos.x,
        pos.y,
        st.state,
        i.side,
        sc.stamina,
        sc.will,
        sc.lore,
        sc.humanity,
        sc.humanity_max,
        sc.sorcerer,
        hp.wounds,
        hp.severity,
        p.declared is None,
        p.intention,
        p.command,
        p.ordered,
        p.boost,
        p.boost_trait,
        rs.revealed,
        rs.order,
        rs.members,
        None if state is None else _demon_key(state),
    )
    found = rs.views.get(ent)
    if found is not None and found[0] == key:
        return found[1]
    made = _combatant(ctx, ent, rs, c)
    rs.views[ent] = (key, made)
    return made


def _demon_key(state: DemonState) -> tuple[object, ...]:
    return (
        state.power,
        state.boosting,
        state.type,
        state.binding,
        state.need,
        state.desire,
        tuple(state.known_by),
        state.abilities,
        state.judgment,
        state.judged,
        state.judged_target,
        state.cloaked,
        state.protecting,
        state.contained_at,
        state.contain_radius,
        state.arriving,
    )


def _combatant(ctx: Ctx, ent: int, rs: RoundState, c: Parts) -> CombatantView:
    i, pos, st, sc, hp, p, state = c
    traits: tuple[tuple[str, int], ...] = (
        ("stamina", sc.stamina),
        ("will", sc.will),
        ("lore", sc.lore),
    )
    kind: SorcererKind
    if state is None:
        pools = (Pool("Humanity", sc.humanity, sc.humanity_max),)
        kind = "sorcerer" if sc.sorcerer else "human"
    else:
        traits += (("power", state.power),)
        pools = (Pool("Power", 1 if state.boosting else state.power, state.power),)
        kind = "demon"
    wounds, said = _health(ctx, rs, hp, sc.stamina, state)
    more = _state(ctx, ent, rs, kind, c)
    return CombatantView(
        i.cid,
        i.name,
        i.template,
        i.side,
        i.glyph,
        i.controller,
        (pos.x, pos.y),
        st.state,
        said,
        wounds.penalty,
        traits,
        pools,
        state.type if state is not None else kind,
        # Its intention, hidden until everyone has stated one.
        HIDDEN if p.declared is not None and not rs.revealed else p.intention,
        # The roster's names, fixed all fight: the notes name whom a demon's notes name.
        Lines("notes", (more, wounds, "" if state is None else state.judgment, rs.names)),
        wounds=wounds,
        sorcerer=more,
    )


def _health(
    ctx: Ctx, rs: RoundState, hp: Health, stamina: int, state: DemonState | None
) -> tuple[SorcererHealth, Phrase]:
    """Its health as the view shows it, with its words (drawn when read), made once."""
    big = state.power if state is not None and "big" in state.abilities else 0
    w = hp.wounds
    # Keyed on its numbers: hashing the frozen wounds would cost two calls a lookup.
    key = (w.lasting, w.temporary_pending, hp.severity, stamina, big)
    found = rs.healths.get(key)
    if found is not None:
        return found
    t = rs.limits.get((stamina, big))
    if t is None:
        t = rs.limits[stamina, big] = thresholds(stamina, big_power=big, options=ctx.options)
    shown = SorcererHealth(
        w.temporary_pending,
        w.lasting,
        w.total,
        t.cannot_act_at,
        t.helpless_above,
        t.dead_above,
        hp.severity,
    )
    found = rs.healths[key] = (shown, Phrase("health_text", (shown.lasting, shown.temporary)))
    return found


def _state(ctx: Ctx, ent: int, rs: RoundState, kind: SorcererKind, c: Parts) -> SorcererState:
    _, _, _, sc, _, p, state = c
    place, together, faces, perf, tiebreak = _placed(rs).get(ent, NOT_PLACED)
    boost = p.boost.dice if p.boost is not None else 0
    power = 0 if state is None else power_in(state, ctx)
    arms = rs.arms.get((ent, power))
    if arms is None:  # what its weapons do: the same until its Power changes
        arms = rs.arms[ent, power] = tuple(
            weapon_harm(ctx, ent, weapon(ctx, w)) for w in sc.weapons
        )
    return SorcererState(
        kind,
        may_push=sc.sorcerer,
        demon=None if state is None else _demon(state),
        intent=_intent(ctx, ent, rs, p, power) if rs.revealed else None,
        place=place,
        simultaneous=together,
        order=faces,
        performance=perf,
        tiebreak=tiebreak,
        boost=boost,
        boost_trait=p.boost_trait if boost else "",
        arms=arms,
    )


NOT_PLACED: Placed = (0, False, (), (), ())
"""A combatant outside the order."""


def _placed(rs: RoundState) -> dict[int, Placed]:
    """Each ordered entity's place, worked out once per order (every view reads it)."""
    order, members = rs.order, rs.members
    if rs.placed[0] is not order or rs.placed[1] is not members:
        found: dict[int, Placed] = {}
        if order is not None:
            places = order.places()
            for e in order.entries:
                together = len(places[e.place]) > 1
                found[members[e.combatant]] = (
                    e.place + 1,
                    together,
                    e.order,
                    e.performance,
                    e.tiebreak,
                )
        rs.placed = (order, members, found)
    return rs.placed[2]


def _intent(ctx: Ctx, ent: int, rs: RoundState, p: Plan, power: int) -> SorcererIntent | None:
    cmd = p.command
    if cmd is None:
        return None
    # Kept by entity and checked by the command's identity: hashing the frozen command would
    # cost two calls a lookup, and a plan keeps its command object all round.
    last = rs.intents.get(ent)
    if last is not None and last[0] is cmd and last[1] == p.ordered and last[2] == power:
        return last[3]
    kind, target, means, to = intent_parts(cmd)
    harm = None
    if isinstance(cmd, Attack | Aim):
        harm = weapon_harm(ctx, ent, weapon(ctx, cmd.means))
    found = SorcererIntent(kind, target, means, to, harm, p.ordered)
    rs.intents[ent] = (cmd, p.ordered, power, found)
    return found


def _demon(state: DemonState) -> DemonView:
    known = bool(state.known_by)
    return DemonView(
        state.type,
        state.power,
        binding=None if state.binding is None else state.binding.strength,
        master="" if state.binding is None else state.binding.master,
        need=state.need if known else "",
        desire=state.desire if known else "",
        known_by=tuple(state.known_by),
        abilities=state.abilities,
        judgment=state.judged,
        judgment_target=state.judged_target,
        judgment_why=state.judgment,
        cloaked=state.cloaked,
        protecting=state.protecting,
        contained_at=state.contained_at,
        contain_radius=state.contain_radius,
        arriving=state.arriving,
        boosting=state.boosting,
    )


HIDDEN = Phrase("sorc_intention_hidden")
"""An intention stated but not yet revealed."""
