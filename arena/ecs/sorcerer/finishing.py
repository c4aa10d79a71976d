"""Step 6, finishing up: is the fight over; and, once it is, how badly everyone is hurt."""

from __future__ import annotations

from typing import cast

from arena.ecs.ruleset import Ctx, StepResult
from arena.ecs.sorcerer.data import Data
from arena.ecs.sorcerer.queries import (
    STEP_FINISHING,
    demon,
    demons_of,
    event,
    health,
    ident,
    name,
    roster,
    round_state,
    scores,
    status,
)
from arena.ecs.sorcerer.texts import SEVERITY_WORDS, dice, who
from arena.rules.events import Event
from arena.rules.present import won_by
from arena.rules.sorcerer import OUT_OF_FIGHT, Status, Wounds, expire_rollovers, fight_over, finish


def sides() -> dict[str, list[Status]]:
    """Each side's statuses, in roster order; demons not yet summoned are left out."""
    rs = round_state()
    found: dict[str, list[Status]] = {side: [] for side in rs.sides}
    for ent, ident_ in roster():
        if status(ent) != "absent":
            found[ident_.side].append(cast(Status, status(ent)))
    return found


def finishing_up(ctx: Ctx) -> StepResult:
    """Drop stale rollover; decide whether the fight is over or goes back to Step 1."""
    events = _lapse(ctx)
    by_side = sides()
    if not fight_over(by_side):
        text = "Nobody is beaten yet: back to Step 1."
        why = "the fight goes on while every side has someone able to act"
        data: Data = {"over": False}
        ended = event(ctx, "round_ended", STEP_FINISHING, text, why=why, terse=False, data=data)
        events.append(ended)
        return StepResult(tuple(events))
    standing = [s for s, found in by_side.items() if not all(x in OUT_OF_FIGHT for x in found)]
    rs = round_state()
    rs.over = True
    rs.winner = standing[0] if len(standing) == 1 else None
    if rs.winner:
        # Those still in the fight: the fallen of the winning side did not win it.
        names = [i.name for e, i in roster() if i.side == rs.winner and _standing(status(e))]
        rs.outcome = won_by(names, rs.winner)
    else:
        rs.outcome = "nobody is left standing"
    beaten = ", ".join(s for s in by_side if s not in standing)
    why = f"nobody on {beaten} can act (helpless, dead, fled or banished)"
    text = f"The fight is over: {rs.outcome}."
    data = {"over": True, "winner": rs.winner, "status": statuses()}
    events.append(event(ctx, "fight_over", STEP_FINISHING, text, why=why, data=data))
    return StepResult(tuple(events))


def _standing(found: str) -> bool:
    return found != "absent" and found not in OUT_OF_FIGHT


def statuses() -> Data:
    """Every combatant's status by id, in roster order (the not yet summoned left out)."""
    return {i.cid: status(ent) for ent, i in roster() if status(ent) != "absent"}


def _lapse(ctx: Ctx) -> list[Event]:
    """Rollover not used by the end of the round after its own is lost."""
    rs = round_state()
    rs.rollovers, lost = expire_rollovers(rs.rollovers, ctx.clock.round, ctx.options)
    why = "rollover not used by the end of the next round is lost"
    return [
        event(
            ctx,
            "rollover_lost",
            STEP_FINISHING,
            f"{who(r.holder)}'s rollover ({dice(r.dice)}, {r.link}, {who(r.other)}) lapses.",
            why=why,
            terse=False,
            data={
                "holder": r.holder,
                "link": r.link,
                "other": r.other,
                "dice": r.dice,
                "earned": r.won_in_round,
            },
        )
        for r in lost
    ]


def end_round(ctx: Ctx) -> tuple[Event, ...]:
    """Tell the engine whether Step 6 found the fight over."""
    rs = round_state()
    if rs.over:
        ctx.clock.over, ctx.clock.winner, ctx.clock.outcome = True, rs.winner, rs.outcome
    return ()


def _vitality(ent: int) -> int | None:
    """The Power of a Vitality demon: the combatant's own, or its bound demon's."""
    powers = [
        state.power
        for d in (ent, *demons_of(ent))
        if (state := demon(d)) is not None and "vitality" in state.abilities
    ]
    return max(powers) if powers else None


def wrap_up(ctx: Ctx) -> tuple[Event, ...]:
    """Clear temporary damage, reduce lasting damage, and classify what remains."""
    rnd = ctx.clock.round
    events = [
        event(
            ctx,
            "temporary_cleared",
            STEP_FINISHING,
            "All temporary damage goes away.",
            why="after the fight, temporary damage is eliminated; lasting damage is halved "
            "(or reduced by a demon's Vitality)",
            data={"cleared": {i.cid: health(e).wounds.temporary_pending for e, i in roster()}},
        )
    ]
    for ent, _ in roster():
        if status(ent) == "absent":
            continue
        events.append(_aftermath(ctx, ent))
    events.append(
        event(
            ctx,
            "fight_ended",
            STEP_FINISHING,
            f"The fight is over after {rnd} round{'s' if rnd != 1 else ''}: {ctx.clock.outcome}.",
            data={"rounds": rnd, "winner": ctx.clock.winner, "status": statuses()},
        )
    )
    return tuple(events)


def _aftermath(ctx: Ctx, ent: int) -> Event:
    hp, stamina = health(ent), scores(ent).stamina
    if status(ent) == "dead":
        hp.wounds, hp.severity = Wounds(hp.wounds.lasting, 0), "dead"
        data: Data = {
            "severity": "dead",
            "lasting_before": hp.wounds.lasting,
            "lasting_after": hp.wounds.lasting,
            "method": "none",
        }
        text = f"{name(ent)} is dead."
        return event(ctx, "aftermath", STEP_FINISHING, text, actor=ent, data=data)
    after = finish(hp.wounds, stamina, vitality_power=_vitality(ent), options=ctx.options)
    hp.wounds = Wounds(after.lasting_after, 0)
    hp.severity = after.severity
    how = "halved" if after.method == "halved" else "reduced by Vitality"
    change = f"lasting damage {after.lasting_before} → {after.lasting_after} ({how})"
    words = SEVERITY_WORDS[after.severity]
    text = f"{name(ent)}: {change if after.lasting_before else 'no lasting damage'}: {words}."
    return event(
        ctx,
        "aftermath",
        STEP_FINISHING,
        text,
        why=f"Stamina {stamina}: up to {stamina} banged up, up to {2 * stamina} hospital, "
        f"above {2 * stamina} mortal ({ident(ent).side})",
        actor=ent,
        data={
            "severity": after.severity,
            "lasting_before": after.lasting_before,
            "lasting_after": after.lasting_after,
            "method": after.method,
        },
    )
