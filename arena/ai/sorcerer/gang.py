"""A Sorcerer thug that fights as a gang: none is blocked by an ally, none steps in first alone."""

from __future__ import annotations

from collections import Counter
from typing import Final

from arena.ai.look import foes, friends, grid
from arena.ai.pick import Level, Pick, picked, tagged, walks
from arena.ai.sorcerer import policy
from arena.ai.sorcerer.fighters import attack_or_close, weakest
from arena.ai.sorcerer.situation import THREAT
from arena.rules.grid import Cell, distance, neighbours, reachable
from arena.rules.views import Choice, CombatantView, Decision, FightView

BACKED: Final = 1
"""An ally this close to a cell stands by whoever steps there."""


def claimed(view: FightView, me: CombatantView, steps: int) -> set[Cell]:
    """The cells the allies stating before me this round are reckoned to move to.

    Intentions are stated in roster order and kept secret, so each ally's move is reckoned
    the way it reckons it: the cell nearest its target among those it can reach and no
    earlier ally claims. Two allies sent to one cell lose a round: the second is blocked.
    """
    taken: set[Cell] = set()
    occupied = {c.pos for c in view.combatants if c.status != "absent"}
    for ally in view.combatants:
        if ally.id == me.id:
            break
        if ally.side != me.side or ally.status != "active":
            continue
        enemies = foes(view, ally)
        if not enemies or distance(ally.pos, enemies[0].pos) <= THREAT:
            continue  # it attacks (closing in if it must), or has nobody to go for
        target = weakest(view, ally)
        if target is None:
            continue
        cells = reachable(grid(view), ally.pos, steps, occupied - {ally.pos})
        spots = [c for c in cells if c not in taken]
        if spots:
            aim = target.pos
            taken.add(min(spots, key=lambda c: distance(c, aim)))
    return taken


def approach(view: FightView, decision: Decision, target: CombatantView) -> Pick | None:
    """Close on a target to a cell no ally is headed for; alone, never into reach first.

    While no ally is within striking distance of an enemy, a cell within striking distance
    of more enemies than allies stand beside it is a cell to wait short of: the gang goes in
    together, and the enemy who comes on alone meets all of it.
    """
    me = view.combatant(decision.actor)
    moves = [c for c in tagged(decision, "move") if c.cell is not None]
    if not moves:
        return None
    steps = max(distance(me.pos, c.cell or me.pos) for c in moves)
    taken = claimed(view, me, steps)
    enemies = [e for e in foes(view, me) if e.status == "active"]
    ours = [a.pos for a in friends(view, me) if a.status == "active"]
    engaged = any(distance(a, e.pos) <= THREAT for a in ours for e in enemies)
    waits = bool(ours) and not engaged
    mates = ours + list(taken)
    others = [c for c in foes(view, me) if c.id != target.id]
    pressed = Counter(cell for o in others for cell in (o.pos, *neighbours(o.pos)))

    def exposed(spot: Cell) -> int:
        near = sum(1 for e in enemies if distance(spot, e.pos) <= THREAT)
        backed = sum(1 for a in mates if distance(spot, a) <= BACKED)
        return max(0, near - backed)

    def key(c: Choice) -> tuple[bool, int, int, int, int]:
        spot = c.cell or me.pos
        risk = exposed(spot) if waits else 0
        return spot in taken, risk, distance(spot, target.pos), walks(c), pressed[spot]

    choice = min(moves, key=key)
    plain = min(moves, key=lambda c: key(c)[2:])
    if choice is plain:
        return picked(choice, "ai_closes_weakest", target.name)
    if plain.cell in taken:
        return picked(choice, "ai_gang_leaves_cell", target.name, plain.cell)
    return picked(choice, "ai_gang_waits", target.name)


def gang(view: FightView, decision: Decision, level: Level) -> Pick:
    """Attack the weakest in reach, ganging up; else close in with the gang."""
    return attack_or_close(view, decision, level, approach)


GANG: Final = policy(gang)
