"""Decisions asked once: a waiting decision is kept until it is answered or the fight moves on."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Memo, TurnClock
from arena.ecs.world import TABLES
from arena.rules.views import Decision

P = ParamSpec("P")


def asked(
    ctx: Ctx,
    ent: int,
    kind: str,
    build: Callable[P, Decision],
    *args: P.args,
    **kwargs: P.kwargs,
) -> Decision:
    """The decision of this kind asked of this combatant now: the same one while it waits.

    A phase runs again after every answer. A decision still waiting is kept rather than built
    again: answering one combatant's decision changes only that combatant's own components
    (its declared action, pools or form), and no other waiting decision reads them.
    """
    fight = TABLES[esper.current_world][lookup.FIGHT]
    kept: dict[tuple[int, str], tuple[tuple[object, ...], Decision]] = fight[Memo].kept
    clk: TurnClock = fight[TurnClock]
    when = (ctx.clock.round, clk.tick, clk.phase)  # `_when`, read in place: asked every phase
    key = (ent, kind)
    found = kept[key] if key in kept else None  # noqa: SIM401 (no call: asked every phase)
    if found is not None and found[0] == when:
        decision = found[1]
        for waiting in ctx.pending:
            if waiting is decision:
                return decision
    decision = build(*args, **kwargs)
    kept[key] = (when, decision)
    return decision


def waiting_still(ctx: Ctx, ent: int, kind: str) -> Decision | None:
    """The decision of this kind asked of this combatant in this phase, if still unanswered."""
    fight = TABLES[esper.current_world][lookup.FIGHT]
    found = fight[Memo].kept.get((ent, kind))
    if found is None:
        return None
    clk: TurnClock = fight[TurnClock]
    if found[0] != (ctx.clock.round, clk.tick, clk.phase):  # `_when`, read in place
        return None
    decision = found[1]
    for waiting in ctx.pending:  # a loop, not any(): asked at every phase that may wait
        if waiting is decision:
            return decision
    return None
