"""The simplest policies: attack the nearest enemy, or pick any legal choice."""

from __future__ import annotations

import random

from arena.rules.commands import Command
from arena.rules.grid import distance
from arena.rules.views import Choice, Decision, FightView


def _enemy_cells(view: FightView, actor: str) -> dict[str, tuple[int, int]]:
    me = view.combatant(actor)
    return {c.id: c.pos for c in view.combatants if c.side != me.side and c.status == "active"}


def nearest(view: FightView, decision: Decision, rng: random.Random) -> Command:
    """Attack the nearest enemy in reach; else move toward the nearest; else the first choice."""
    me = view.combatant(decision.actor)
    enemies = _enemy_cells(view, decision.actor)
    attacks = [c for c in decision.choices if "attack" in c.tags and c.target in enemies]
    if attacks:
        best = min(attacks, key=lambda c: distance(me.pos, enemies[c.target]))
        return best.command
    moves = [c for c in decision.choices if "move" in c.tags and c.cell is not None]
    if moves and enemies:
        goal = min(enemies.values(), key=lambda cell: (distance(me.pos, cell), cell))

        def closeness(c: Choice) -> int:
            return distance(c.cell or me.pos, goal)

        return min(moves, key=closeness).command
    preferred = [c for c in decision.choices if "default" in c.tags]
    return (preferred or list(decision.choices))[0].command


def random_legal(view: FightView, decision: Decision, rng: random.Random) -> Command:
    """Any legal choice, uniformly: the floor other policies are measured against."""
    return decision.choices[rng.randrange(len(decision.choices))].command
