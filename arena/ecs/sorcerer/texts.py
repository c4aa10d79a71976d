"""Words for the log and the view: intentions, health, victories, the aftermath."""

from __future__ import annotations

from functools import lru_cache

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.queries import entity, name, ritual, weapon
from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command
from arena.rules.dice import Contest
from arena.rules.obstacle_words import CLIMB_INTENT, TASK_INTENT
from arena.rules.present import dice as dice
from arena.rules.sorcerer.commands import (
    Aim,
    Climb,
    CommandDemon,
    Flee,
    Hop,
    PerformRitual,
    TotalDefense,
    UseAbility,
    WorkTask,
)

SEVERITY_WORDS = {
    "banged_up": "banged up: probably okay",
    "hospital": "hospital: broken bones, a stab wound",
    "mortal": "mortal: injuries that need a surgeon or intensive care",
    "dead": "dead",
}
"""How badly each combatant is hurt once the fight is over, in words."""


def who(cid: str) -> str:
    """A combatant's name from its id."""
    return name(entity(cid))


def intention_text(ctx: Ctx, cmd: Command) -> str:
    """An intention in words, e.g. ``attack Tom with a knife``."""
    match cmd:
        case Attack(target=target, means=means):
            return f"attack {who(target)} with {weapon(ctx, means).name}"
        case TotalDefense():
            return "total defense"
        case PerformRitual(ritual=rid, target=target):
            return f"ritual: {ritual(ctx, rid).name} on {who(target)}"
        case Aim(target=target, means=means):
            return f"aim {weapon(ctx, means).name} at {who(target)}"
        case CommandDemon(demon=demon, order=order):
            return f"command demon: order {who(demon)} to {order}"
        case Move(to=to):
            return f"other task: move to {to}"
        case Flee():
            return "other task: flee"
        case Hop(to=to):
            return f"other task: Hop to {to}"
        case Climb(to=to):
            return CLIMB_INTENT.format(to)
        case WorkTask(task=tid):
            spot = next((t for t in ctx.scenario.tasks if t.id == tid), None)
            return TASK_INTENT.format(tid if spot is None else spot.name or spot.id)
        case UseAbility(ability="boost", target=target, trait=trait):
            return f"other task: Boost {who(target)}'s {trait.title()}"
        case UseAbility(ability="protection", target=target):
            return f"other task: use Protection on {who(target)}"
        case UseAbility(ability=ability):
            return f"other task: {ability.replace('_', ' ').title()}"
        case Wait():
            return "wait"
    return cmd.kind


def victories(n: int) -> str:
    """``1 victory``, ``3 victories``."""
    return f"{n} victory" if n == 1 else f"{n} victories"


@lru_cache(maxsize=256)
def health_text(lasting: int, temporary: int) -> str:
    """``unhurt``, or e.g. ``lasting 2, temporary 1 (penalty 3)``."""
    if not lasting + temporary:
        return "unhurt"
    parts = []
    if lasting:
        parts.append(f"lasting {lasting}")
    if temporary:
        parts.append(f"temporary {temporary}")
    return f"{', '.join(parts)} (penalty {lasting + temporary})"


def contest_words(rolls: tuple[Contest, ...], first: str, second: str) -> str:
    """How a contest (and any rerolled complete ties) came out, for a ``why`` line."""
    c = rolls[-1]
    aside = f"; set aside {' '.join(map(str, c.set_aside))}" if c.set_aside else ""
    again = f"; {len(rolls) - 1} complete ties rerolled" if len(rolls) > 1 else ""
    if c.winner is None:
        return f"{aside}; a complete tie{again}"
    winner = first if c.winner == "first" else second
    return f"{aside}; {winner} wins with {victories(c.victories)}{again}"
