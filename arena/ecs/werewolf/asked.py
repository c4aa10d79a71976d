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
    clk = lookup.clock()
    when = (ctx.clock.round, clk.tick, clk.phase)
    kept = lookup.memo().kept
    found = kept.get((ent, kind))
    if found is not None and found[0] == when:
        decision = found[1]
        if any(d is decision for d in ctx.pending):
            return decision
    decision = build(*args, **kwargs)
    kept[(ent, kind)] = (when, decision)
    return decision
