"""Event data: contests, pools, damage and intentions as plain numbers, ids and names."""

from __future__ import annotations

from arena.rules.actions import Attack, Move
from arena.rules.commands import Command
from arena.rules.dice import Contest
from arena.rules.events import Datum
from arena.rules.grid import Cell
from arena.rules.sorcerer import Damage, DicePool, Wounds
from arena.rules.sorcerer.commands import (
    Aim,
    Climb,
    CommandDemon,
    Hop,
    PerformRitual,
    UseAbility,
    WorkTask,
)

Data = dict[str, Datum]
"""An event's numbers by name."""


def contest_data(rolls: tuple[Contest, ...], first: str, second: str) -> Data:
    """A contest (the last of any rerolled complete ties) with its sides named.

    Args:
        rolls: the contest and any rerolls, in order.
        first: what the first side is called, e.g. ``attack``; its faces go under that key.
        second: what the second side is called, e.g. ``defence``.

    Returns:
        Each side's faces (high to low), the faces set aside, the winner (a side's name or
        None for a complete tie), its victories and how many complete ties were rerolled.
    """
    c = rolls[-1]
    winner = first if c.winner == "first" else second if c.winner == "second" else None
    return {
        first: c.first,
        second: c.second,
        "set_aside": c.set_aside,
        "winner": winner,
        "victories": c.victories,
        "ties_rerolled": len(rolls) - 1,
    }


def pool_data(pool: DicePool) -> Data:
    """A pool's base, bonus and penalty dice, its size and the dice it rolls."""
    return {
        "base": pool.base,
        "bonus": pool.bonus,
        "penalty": pool.penalty,
        "size": pool.size,
        "dice": pool.dice_to_roll,
    }


def damage_data(damage: Damage) -> Data:
    """A hit's temporary and lasting damage, and what Armor took off."""
    return {
        "temporary": damage.temporary,
        "lasting": damage.lasting,
        "armor_absorbed": damage.armor_absorbed,
    }


def wounds_data(wounds: Wounds) -> Data:
    """What a combatant carries: lasting, pending temporary, and the penalty P."""
    return {
        "lasting": wounds.lasting,
        "temporary": wounds.temporary_pending,
        "penalty": wounds.total,
    }


def status_data(status: str, wounds: Wounds) -> Data:
    """A status with what the combatant carries: ``status``, then `wounds_data`'s numbers.

    Made in one step, not as ``{"status": ..., **wounds_data(wounds)}``: every round tells
    each hurt combatant's damage, and a dict merged into another is a dict made twice.
    """
    return {
        "status": status,
        "lasting": wounds.lasting,
        "temporary": wounds.temporary_pending,
        "penalty": wounds.total,
    }


def taken_data(row: str, damage: Damage, after: Wounds) -> Data:
    """A hit taken: its chart row, `damage_data`'s numbers, and `wounds_data` after it."""
    return {
        "row": row,
        "temporary": damage.temporary,
        "lasting": damage.lasting,
        "armor_absorbed": damage.armor_absorbed,
        "after": wounds_data(after),
    }


IntentParts = tuple[str, str, str, Cell | None]
"""An intention as (kind, target id, means, cell)."""


def intent_parts(cmd: Command) -> IntentParts:
    """An intention as (kind, target id, means, cell): the weapon, ritual or ability it uses."""
    match cmd:
        case Attack(target=target, means=means) | Aim(target=target, means=means):
            return cmd.kind, target, means, None
        case PerformRitual(ritual=rid, target=target):
            return cmd.kind, target, rid, None
        case CommandDemon(demon=demon, order=order):
            return cmd.kind, demon, order, None
        case Move(to=to) | Hop(to=to) | Climb(to=to):
            return cmd.kind, "", "", to
        case WorkTask(task=tid):
            return cmd.kind, "", tid, None
        case UseAbility(ability=ability, target=target):
            return cmd.kind, target, ability, None
    return cmd.kind, "", "", None


def intent_data(parts: IntentParts) -> Data:
    """An intention as numbers (`intent_parts`): ``kind``, ``target``, ``means`` and ``cell``."""
    kind, target, means, cell = parts
    return {"kind": kind, "target": target, "means": means, "cell": cell}
