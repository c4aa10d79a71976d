"""What a blow would do, as numbers: the damage chart's row tabulated over victories."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from arena.content.sorcerer import Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.memo import family
from arena.ecs.sorcerer.pools import power_in
from arena.ecs.sorcerer.queries import damage_row
from arena.rules.sorcerer import DamageRow, chart_damage, punish_damage
from arena.rules.views import SorcererHarm

TOP: Final = 30
"""Victories tabulated: no contest the odds count has more (`arena.rules.odds.KNOWN_CAP`)."""


def weapon_harm(ctx: Ctx, attacker: Fighter, w: Weapon) -> SorcererHarm:
    """What a hit with this weapon does, by victories: its chart row, before the victim's Armor.

    Args:
        ctx: the fight.
        attacker: who strikes (its Power, 1 while it boosts, counts for Special Damage).
        w: the weapon.
    """
    dem = attacker.demon
    key = (w.damage, 0 if dem is None else power_in(dem, ctx))
    harms = attacker.harms
    if key in harms:  # a test and a subscript: no call (nearly every blow is tabulated)
        return harms[key]
    # A new fight's combatant finds its row tabulated by an earlier fight of this content:
    # looked up by plain strings and numbers (hashing a chart row is several calls).
    shared = family(ctx)
    kept = ("harm", *key)
    found = shared[kept] if kept in shared else None  # noqa: SIM401 (a test and a subscript: no call)
    if found is None:
        found = shared[kept] = tabulate(w.damage, damage_row(ctx, w.damage), key[1])
    harms[key] = found
    return found


@lru_cache(maxsize=1024)
def tabulate(rid: str, row: DamageRow, power: int) -> SorcererHarm:
    """The chart row's temporary and lasting damage at 0 to `TOP` victories."""
    hits = [chart_damage(row, v, power) for v in range(TOP + 1)]
    return SorcererHarm(rid, tuple(d.temporary for d in hits), tuple(d.lasting for d in hits))


@lru_cache(maxsize=1)
def punish_harm() -> SorcererHarm:
    """Punish: the sorcerer's victories as lasting damage."""
    hits = [punish_damage(v) for v in range(TOP + 1)]
    return SorcererHarm("punish", tuple(d.temporary for d in hits), tuple(d.lasting for d in hits))
