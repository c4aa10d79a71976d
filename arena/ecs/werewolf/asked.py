"""Decisions asked once: a waiting decision is kept until it is answered or the fight moves on."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
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
    decision = waiting_still(ctx, ent, kind)
    if decision is None:
        decision = build(*args, **kwargs)
        lookup.memo().kept[(ent, kind)] = (_when(ctx), decision)
    return decision


def waiting_still(ctx: Ctx, ent: int, kind: str) -> Decision | None:
    """The decision of this kind asked of this combatant in this phase, if still unanswered."""
    found = lookup.memo().kept.get((ent, kind))
    if found is None or found[0] != _when(ctx):
        return None
    decision = found[1]
    return decision if any(d is decision for d in ctx.pending) else None


def _when(ctx: Ctx) -> tuple[object, ...]:
    clk = lookup.clock()
    return (ctx.clock.round, clk.tick, clk.phase)
