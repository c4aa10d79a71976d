"""Step 4 for sorcery: a snapshot ritual against the demon's score, then the Humanity check."""

from __future__ import annotations

from typing import assert_never, cast

from arena.content.sorcerer import RitualDef
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.data import Data, contest_data
from arena.ecs.sorcerer.performance import sucked_up
from arena.ecs.sorcerer.pools import ritual_defence
from arena.ecs.sorcerer.queries import (
    OUT,
    STEP_REACTIONS,
    cell,
    demon_state,
    entity,
    event,
    fighter,
    fighters,
    ident,
    name,
    plan,
    ritual,
    scores,
    set_status,
)
from arena.ecs.sorcerer.wounds import spend, take
from arena.rules.dice import dice_for, resolve_contest, roll_faces
from arena.rules.events import Event
from arena.rules.phrase import Phrase
from arena.rules.sorcerer import (
    RITUAL_AGAINST,
    Banished,
    Binding,
    Bound,
    Contacted,
    Contained,
    Punished,
    Ritual,
    RitualOutcome,
    Summoned,
    punish_damage,
    ritual_outcome,
    roll_humanity_check,
    settle_tie,
)
from arena.rules.sorcerer.commands import PerformRitual


def ritual_targets(ctx: Ctx, ent: int, rid: str) -> list[int]:
    """The demons a ritual can be performed on now, in roster order."""
    return [d.ent for d in ritual_fighters(ctx, ent, ritual(ctx, rid))]


def ritual_fighters(ctx: Ctx, ent: int, rite: RitualDef) -> list[Fighter]:
    """`ritual_targets` of a ritual already looked up, as their carried components."""
    targets = rite.targets
    found = []
    for other in fighters():
        state = other.demon
        if other.ent == ent or state is None or state.arriving:
            continue
        here = state.present and other.status.state not in OUT
        if (targets in ("present", "any") and here) or (targets != "present" and not state.present):
            found.append(other)
    return found


def resolve(ctx: Ctx, ent: int, cmd: PerformRitual) -> list[Event]:
    """Perform a ritual: the sorcerer's performance against the demon's pool."""
    p = plan(ent)
    p.done = True
    target = entity(cmd.target)
    title = ritual(ctx, cmd.ritual).name
    if target not in ritual_targets(ctx, ent, cmd.ritual):
        text = Phrase("sorc_no_hold", (name(ent), title, name(target)))
        data: Data = {"kind": cmd.kind, "reason": "no_hold", "ritual": cmd.ritual}
        return [
            event(ctx, "action_failed", STEP_REACTIONS, text, actor=ent, target=target, data=data)
        ]
    rid = cast(Ritual, cmd.ritual)
    me = fighter(ent)
    extra, events = sucked_up(ctx, me, name(target))
    pool = ritual_defence(ctx, fighter(target), rid, [extra])
    d_faces = roll_faces(dice_for(ctx.dice, ident(target).cid, "defence"), pool.dice_to_roll)
    after = spend(ctx, fighter(target), RITUAL_AGAINST[rid])
    perf = me.performance
    rolls = settle_tie(
        resolve_contest(perf, d_faces), ctx.dice, len(perf), len(d_faces), ctx.options
    )
    outcome = ritual_outcome(rid, rolls[-1], ctx.options)
    why = Phrase(
        "sorc_ritual_why",
        (
            Phrase("faces_words", (perf,)),
            Phrase("pool_words", (pool,)),
            Phrase("faces_words", (d_faces,)),
            Phrase("contest_words", (rolls, name(ent), name(target))),
        ),
    )
    text = Phrase(
        "sorc_ritual_performed",
        (name(ent), title, name(target), Phrase("ritual_words", (outcome,))),
    )
    data = {
        "ritual": rid,
        "demon_dice": pool.dice_to_roll,
        **contest_data(rolls, "sorcerer", "demon"),
        **_outcome_data(outcome),
    }
    events.append(
        event(
            ctx,
            "ritual_performed",
            STEP_REACTIONS,
            text,
            why=why,
            actor=ent,
            target=target,
            roll=rolls[-1],
            data=data,
        )
    )
    events += after + _apply(ctx, ent, target, outcome)
    return events + _humanity(ctx, ent, target)


def _outcome_data(outcome: RitualOutcome) -> Data:
    """What the ritual did, as numbers."""
    match outcome:
        case Contacted(learned=learned):
            return {"learned": learned}
        case Summoned(appears=appears):
            return {"appears": appears}
        case Bound(strength=strength):
            return {"strength": strength}
        case Punished(lasting=lasting):
            return {"lasting": lasting}
        case Banished(banished=banished):
            return {"banished": banished}
        case Contained(contained=contained, radius=radius):
            return {"contained": contained, "radius": radius}
        case _:
            assert_never(outcome)


def _apply(ctx: Ctx, ent: int, target: int, outcome: RitualOutcome) -> list[Event]:
    state = demon_state(target)
    me = ident(ent).cid
    match outcome:
        case Contacted(learned=True):
            if me not in state.known_by:
                state.known_by.append(me)
        case Summoned(appears=True):
            state.arriving, state.summoner = True, me
        case Bound(strength=strength) if strength is not None:
            state.binding = Binding(me, strength)
            ident(target).side = ident(ent).side
            scores(ent).sorcerer = scores(ent).lore >= 1
            if me not in state.known_by:
                state.known_by.append(me)
        case Punished(lasting=lasting) if lasting:
            damage = punish_damage(lasting)
            source = Phrase("sorc_punish_source", (name(ent),))
            return take(ctx, fighter(target), damage, source, by=ent, row="punish")
        case Banished(banished=True):
            set_status(target, "banished")
        case Contained(contained=True, radius=radius):
            state.contained_at, state.contain_radius = cell(target), radius
    return []


def _humanity(ctx: Ctx, ent: int, target: int) -> list[Event]:
    state, sc = demon_state(target), scores(ent)
    check = roll_humanity_check(ctx.dice, sc.humanity, state.power, ctx.options)
    sc.humanity = check.after
    c = check.contest
    lost = (
        Phrase("sorc_humanity_lost", (check.lost, check.after))
        if check.lost
        else Phrase("sorc_humanity_kept")
    )
    return [
        event(
            ctx,
            "humanity_checked",
            STEP_REACTIONS,
            Phrase("sorc_humanity_checked", (name(ent), lost)),
            why=Phrase(
                "sorc_humanity_why",
                (
                    check.before,
                    Phrase("faces_words", (c.first,)),
                    state.power,
                    Phrase("faces_words", (c.second,)),
                    Phrase("contest_words", ((c,), name(ent), name(target))),
                ),
            ),
            actor=ent,
            roll=c,
            data={
                "before": check.before,
                "after": check.after,
                "lost": check.lost,
                "power": state.power,
                **contest_data((c,), "humanity", "demon"),
            },
        )
    ]
