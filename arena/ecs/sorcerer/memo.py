"""Work shared by fights of one content: the board as a key, and lookups kept by it."""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.queries import round_state

Board: TypeAlias = tuple[object, ...]
"""What every combatant's menu may read that changes during a fight, as plain values."""

FAMILIES_KEPT: Final = 2
"""Contents (catalog, scenario, options) whose lookups are kept at once: a batch plays one,
so the one before it is dropped soon after."""

_families: dict[tuple[int, int, object], tuple[tuple[object, ...], dict[Any, Any]]] = {}
"""Lookups by the ids of a fight's catalog and scenario and by its options (a frozen value,
parsed afresh for each fight), each entry holding catalog and scenario so that neither id is
reused while its lookups are kept."""


def family(ctx: Ctx) -> dict[Any, Any]:
    """Lookups shared by every fight of this catalog, scenario and options (same roster)."""
    if _last[0] is ctx:  # the same fight asks again: no options to hash and compare
        found: dict[Any, Any] = _last[1]
        return found
    key = (id(ctx.catalog), id(ctx.scenario), ctx.options)
    kept = _families.get(key)
    if kept is None:
        if len(_families) >= FAMILIES_KEPT:
            _families.clear()
        kept = _families[key] = ((ctx.catalog, ctx.scenario), {})
    _last[:] = [ctx, kept[1]]
    return kept[1]


_last: list[Any] = [None, {}]
"""The fight last asked for its lookups, and them (held: its id is not reused meanwhile)."""


def shelf(ctx: Ctx, name: str) -> dict[Any, Any]:
    """The lookups of one kind (``name``) that fights of this content keep: empty at first."""
    kept = family(ctx)
    found: dict[Any, Any] | None = kept.get(name)
    if found is None:
        found = kept[name] = {}
    return found


def board_key() -> Board:
    """The board now: each combatant's cell, status, damage, scores that change, boost, demon.

    With the fight's content, it fixes every intention menu (attributes read, no calls: it
    stands in for the hundreds of calls a menu takes to build).
    """
    rs = round_state()
    found: list[object] = [rs.tasks_won]
    for r in rs.rollovers:
        found += ((r.holder, r.link, r.other, r.dice),)
    for f in rs.fighters:  # the carried components themselves, in roster order
        pos, wounds, sc, p = f.pos, f.health.wounds, f.scores, f.plan
        # Each combatant's facts added in one step: a tuple made per combatant, not several.
        found += (
            pos.x,
            pos.y,
            f.status.state,
            wounds.lasting,
            wounds.temporary_pending,
            sc.humanity,
            sc.sorcerer,
            p.boost,
            p.boost_trait,
        )
        d = f.demon
        if d is not None:
            b = d.binding
            found += (
                d.power,
                d.present,
                d.arriving,
                d.summoner,
                d.need_fed,
                d.cloaked,
                d.protecting,
                d.boosting,
                d.contained_at,
                d.contain_radius,
                (*d.known_by,),
                None if b is None else b.master,
                None if b is None else b.strength,
            )
    return (*found,)
