"""Step 6, finishing up: is the fight over; and, once it is, how badly everyone is hurt."""

from __future__ import annotations

from typing import Final

import esper

from arena.ecs.components import Status as Standing
from arena.ecs.ruleset import Ctx, StepResult
from arena.ecs.sorcerer.components import Fighter, RoundState
from arena.ecs.sorcerer.data import Data
from arena.ecs.sorcerer.memo import shelf
from arena.ecs.sorcerer.queries import (
    STEP_FINISHING,
    bound_to,
    event,
    name_of,
    roster,
    round_state,
    status,
)
from arena.ecs.world import TABLES
from arena.rules.events import Event
from arena.rules.phrase import Phrase
from arena.rules.sorcerer import OUT_OF_FIGHT, Status, Wounds, expire_rollovers, fight_over, finish

SETTLED_KEPT: Final = 4096
"""Rosters' statuses remembered as over or not (`_settled`): a gang fight meets a few hundred."""

# Phrases without numbers, made once: events that say them are many.
ROUND_ENDED = Phrase("sorc_round_ended")
ROUND_ENDED_WHY = Phrase("sorc_round_ended_why")
ROLLOVER_LOST_WHY = Phrase("sorc_rollover_lost_why")
TEMPORARY_CLEARED = Phrase("sorc_temporary_cleared")
TEMPORARY_CLEARED_WHY = Phrase("sorc_temporary_cleared_why")
NO_LASTING = Phrase("sorc_no_lasting")


def sides() -> dict[str, list[Status]]:
    """Each side's statuses, in roster order; demons not yet summoned are left out."""
    rs = round_state()
    found: dict[str, list[Status]] = {}
    for side in rs.sides:  # a loop, not a comprehension (a call of its own): every round
        found[side] = []
    table = TABLES[esper.current_world]  # read directly: asked after every answer
    for ent, ident_ in rs.roster:
        now = table[ent][Standing].state
        if now != "absent":  # every status but `absent` is one the rules of finishing know
            found[ident_.side].append(now)
    return found


def finishing_up(ctx: Ctx) -> StepResult:
    """Drop stale rollover; decide whether the fight is over or goes back to Step 1."""
    rs = round_state()
    events = _lapse(ctx, rs) if rs.rollovers else []  # nothing to lose: most rounds
    # The same statuses in roster order (the sides are fixed) settle the same answer, fight
    # after fight: the sides are grouped and read only for statuses not met before.
    now = tuple([f.status.state for f in rs.fighters])
    settled: dict[tuple[str, ...], bool] = shelf(ctx, _SETTLED)
    over = settled.get(now)
    if over is None:
        if len(settled) >= SETTLED_KEPT:
            settled.clear()
        over = settled[now] = fight_over(sides())
    if not over:
        text = ROUND_ENDED
        why = ROUND_ENDED_WHY
        data: Data = {"over": False}
        ended = event(ctx, "round_ended", STEP_FINISHING, text, why=why, terse=False, data=data)
        events.append(ended)
        return StepResult(tuple(events))
    by_side = sides()
    standing = [s for s, found in by_side.items() if not all(x in OUT_OF_FIGHT for x in found)]
    rs.over = True
    rs.winner = standing[0] if len(standing) == 1 else None
    # Those still in the fight: the fallen of the winning side did not win it.
    names = [i.name for e, i in roster() if i.side == rs.winner and _standing(status(e))]
    rs.outcome = Phrase("outcome", (tuple(names), rs.winner))
    beaten = tuple(s for s in by_side if s not in standing)
    why = Phrase("sorc_fight_over_why", (Phrase("comma_list", (beaten,)),))
    text = Phrase("sorc_fight_over", (rs.outcome,))
    data = {"over": True, "winner": rs.winner, "status": statuses()}
    events.append(event(ctx, "fight_over", STEP_FINISHING, text, why=why, data=data))
    return StepResult(tuple(events))


_SETTLED: Final = "fight_over"
"""Where a content's lookups keep `_settled`."""


def _standing(found: str) -> bool:
    return found != "absent" and found not in OUT_OF_FIGHT


def statuses() -> Data:
    """Every combatant's status by id, in roster order (the not yet summoned left out)."""
    found: Data = {}
    for ent, i in roster():
        now = status(ent)
        if now != "absent":
            found[i.cid] = now
    return found


def _lapse(ctx: Ctx, rs: RoundState) -> list[Event]:
    """Rollover not used by the end of the round after its own is lost."""
    rs.rollovers, lost = expire_rollovers(rs.rollovers, ctx.clock.round, ctx.options)
    if not lost:  # most rounds: none lapses
        return []
    why = ROLLOVER_LOST_WHY
    return [
        event(
            ctx,
            "rollover_lost",
            STEP_FINISHING,
            Phrase(
                "sorc_rollover_lost",
                (name_of(r.holder), Phrase("dice", (r.dice,)), r.link, name_of(r.other)),
            ),
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


def _vitality(f: Fighter) -> int | None:
    """The Power of a Vitality demon: the combatant's own, or its bound demon's."""
    powers = [
        state.power
        for d in (f, *bound_to(f))
        if (state := d.demon) is not None and "vitality" in state.abilities
    ]
    return max(powers) if powers else None


def wrap_up(ctx: Ctx) -> tuple[Event, ...]:
    """Clear temporary damage, reduce lasting damage, and classify what remains."""
    rnd = ctx.clock.round
    # Each combatant's carried components, in roster order: read off them, not looked up.
    people = round_state().fighters
    events = [
        event(
            ctx,
            "temporary_cleared",
            STEP_FINISHING,
            TEMPORARY_CLEARED,
            why=TEMPORARY_CLEARED_WHY,
            data={"cleared": {f.who.cid: f.health.wounds.temporary_pending for f in people}},
        )
    ]
    for f in people:
        if f.status.state == "absent":
            continue
        events.append(_aftermath(ctx, f))
    events.append(
        event(
            ctx,
            "fight_ended",
            STEP_FINISHING,
            Phrase(
                "sorc_fight_ended" if rnd != 1 else "sorc_fight_ended_one",
                (rnd, ctx.clock.outcome),
            ),
            data={"rounds": rnd, "winner": ctx.clock.winner, "status": statuses()},
        )
    )
    return tuple(events)


def _aftermath(ctx: Ctx, f: Fighter) -> Event:
    hp, stamina, who = f.health, f.scores.stamina, f.who
    if f.status.state == "dead":
        hp.wounds, hp.severity = Wounds(hp.wounds.lasting, 0), "dead"
        data: Data = {
            "severity": "dead",
            "lasting_before": hp.wounds.lasting,
            "lasting_after": hp.wounds.lasting,
            "method": "none",
        }
        text = Phrase("sorc_is_dead", (who.name,))
        return event(ctx, "aftermath", STEP_FINISHING, text, actor=f.ent, data=data)
    after = finish(hp.wounds, stamina, vitality_power=_vitality(f), options=ctx.options)
    hp.wounds = Wounds(after.lasting_after, 0)
    hp.severity = after.severity
    how = Phrase("sorc_method_halved" if after.method == "halved" else "sorc_method_vitality")
    change = (
        Phrase("sorc_lasting_change", (after.lasting_before, after.lasting_after, how))
        if after.lasting_before
        else NO_LASTING
    )
    text = Phrase("sorc_aftermath", (who.name, change, Phrase("severity", (after.severity,))))
    return event(
        ctx,
        "aftermath",
        STEP_FINISHING,
        text,
        why=Phrase("sorc_aftermath_why", (stamina, stamina, 2 * stamina, 2 * stamina, who.side)),
        actor=f.ent,
        data={
            "severity": after.severity,
            "lasting_before": after.lasting_before,
            "lasting_after": after.lasting_after,
            "method": after.method,
        },
    )
