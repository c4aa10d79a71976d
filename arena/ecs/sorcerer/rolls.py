"""What an intention rolls, and against what: its dice now and the dice that resist it."""

from __future__ import annotations

from functools import lru_cache
from typing import TypeAlias

from arena.content.sorcerer import Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.pools import (
    PERFORMING,
    action_pool,
    defences,
    pool_key,
    ritual_defence,
    role_play_dice,
)
from arena.ecs.sorcerer.queries import fighter_of, round_state, task, weapon
from arena.rules.actions import Attack
from arena.rules.commands import Command
from arena.rules.sorcerer import challenge_pool
from arena.rules.sorcerer.commands import Aim, Climb, Flee, PerformRitual, WorkTask
from arena.rules.views import ContestSpec

Resists: TypeAlias = dict[tuple[str, str, int], tuple[int, int]]
"""The dice defenders roll now against attacks, and the bonus dice a clobbered defence hands
the attacker, by (defender's id, weapon, attacker or 0): only a firearm's defence depends on
who shoots (cover). Kept while nothing on the board changes."""

Sizes: TypeAlias = dict[tuple[int, object], int]
"""The dice intentions would roll, by (actor, `pool_key`), kept while nothing changes."""


def estimate(ctx: Ctx, f: Fighter, cmd: Command, sizes: Sizes | None = None) -> int:
    """The dice an intention would roll now, with a sheet's role-playing bonus (not the table's).

    Args:
        ctx: the fight.
        f: who acts.
        cmd: its intention.
        sizes: pools already worked out while nothing changed, filled in as found.
    """
    if sizes is None:
        return _estimate(ctx, f, cmd)
    key = (f.ent, pool_key(ctx, f, cmd))
    if key in sizes:  # a test and a subscript: no call
        return sizes[key]
    found = sizes[key] = _estimate(ctx, f, cmd)
    return found


def _estimate(ctx: Ctx, f: Fighter, cmd: Command) -> int:
    # A sheet's role-playing bonus is known now; one the table grants comes at Step 2.
    # By kind, as `performs` reads it, without its call: every menu's pools ask.
    bonus = role_play_dice(ctx, f, None) if cmd.kind in PERFORMING else 0
    found = action_pool(ctx, f, cmd, bonus, round_state().rollovers)
    return 0 if found is None else found[0].size


def contest(
    ctx: Ctx,
    f: Fighter,
    cmd: Command,
    own: int,
    resists: Resists | None = None,
    against: Fighter | None = None,
) -> ContestSpec | None:
    """The contest an intention rolls with `own` dice, against what resists it now.

    Args:
        ctx: the fight.
        f: who acts.
        cmd: its intention.
        own: the dice it rolls.
        resists: defences already worked out while nothing changed, filled in as found.
        against: the target's carried components, when already in hand (None: looked up).

    Returns:
        The roll as numbers; None for an intention that resists nothing (a move, a defence).
    """
    match cmd:
        case Attack(target=target, means=means):
            w = f.arms[means] if means in f.arms else weapon(ctx, means)
            them = fighter_of(target) if against is None else against
            return attack_contest(ctx, f, them, means, w, own, resists)
        case PerformRitual(ritual=rid, target=target):
            them = fighter_of(target) if against is None else against
            resist = ritual_defence(ctx, them, rid).size
            return spec(own, resist, "succeed")
        case Aim():
            return spec(own, challenge(ctx, "aim"), "aim")
        case Flee():
            return spec(own, challenge(ctx, "flee"), "escape")
        case Climb():
            return spec(own, challenge(ctx, "climb"), "climb")
        case WorkTask(task=tid):
            spot = next((t for t in ctx.scenario.tasks if t.id == tid), None)
            return None if spot is None else spec(own, spot.pool, "succeed")
    return None


def attack_contest(
    ctx: Ctx, f: Fighter, them: Fighter, means: str, w: Weapon, own: int, resists: Resists | None
) -> ContestSpec:
    """`contest` for an attack with `own` dice on `them` with weapon `w` (its id `means`)."""
    key = (them.who.cid, means, f.ent if w.firearm else 0)
    found = resists[key] if resists is not None and key in resists else None
    if found is None:
        d = defences(ctx, them, f, w, (None,))[0]  # `defence`, one call less
        found = (d.pool.size, d.attacker_bonus.dice)
        if resists is not None:
            resists[key] = found
    # A defence of 0 or less still rolls 1 die and gives the attacker as many bonus dice as
    # it lacked (the clobber rule): the attack's odds count both.
    size, bonus = found
    return spec(own + bonus if own > 0 else own, size, "hit")


@lru_cache(maxsize=4096)
def spec(own: int, opposing: int, win: str) -> ContestSpec:
    """A fresh contest as numbers, made once for the same numbers (frozen: menus share it)."""
    return ContestSpec(own, opposing, win=win)


def challenge(ctx: Ctx, tid: str) -> int:
    """The dice a task's challenge rolls (0: it needs no roll)."""
    level = task(ctx, tid).challenge
    return 0 if level == "none" else challenge_pool(level, ctx.options).size
