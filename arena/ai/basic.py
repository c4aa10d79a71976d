"""The yardsticks: the naive policy (nearest enemy, no defence, no Rage) and random choices."""

from __future__ import annotations

import random
from typing import Final

from arena.ai.look import foes, named
from arena.ai.pick import Body, Level, Pick, default_choice, picked, tagged, walks
from arena.rules.grid import Cell, distance
from arena.rules.views import Choice, Decision, FightView

_DECLINE = ("rage:0", "forgo", "suck_it_up")
"""Keys that say no: spend no Rage or Willpower, do not abort, keep the action."""


def glance(decision: Decision, rng: random.Random, level: Level) -> Pick | None:
    """The naive answers that need no view: all but an intention's or an action's."""
    if decision.kind in ("rage", "reaction", "stun", "willpower"):
        return _decline(decision)
    if decision.kind in ("intention", "action"):
        return None
    return _default(decision)


def _look(view: FightView, decision: Decision, rng: random.Random, level: Level) -> Pick:
    found = toward_nearest(view, decision)
    return _default(decision) if found is None else found


def _default(decision: Decision) -> Pick:
    choice = default_choice(decision)
    return picked(choice, f"takes the default: {choice.label}")


nearest: Final = Body(_look, glance)
"""Attack the nearest enemy in reach, else move toward it; never defend, never spend Rage.

Any other question gets the fight's default answer, except that the naive fighter always
declines what costs Rage or gives up its action.
"""


def toward_nearest(view: FightView, decision: Decision) -> Pick | None:
    """Attack the nearest enemy in reach, else step toward the nearest; None if neither."""
    me = view.combatant(decision.actor)
    enemies = {c.id: c.pos for c in foes(view, me)}
    if not enemies:
        return None
    choice = nearest_attack(decision, me.pos, enemies)
    if choice is not None:
        return picked(choice, f"attacks {named(view, choice.target)}: the nearest enemy")
    moves = [c for c in tagged(decision, "move") if c.cell is not None]
    if moves:
        goal = min(enemies.values(), key=lambda cell: (distance(me.pos, cell), cell))

        def closeness(c: Choice) -> tuple[int, int]:
            return distance(c.cell or me.pos, goal), walks(c)

        choice = min(moves, key=closeness)
        who = next(named(view, cid) for cid, cell in enemies.items() if cell == goal)
        return picked(choice, f"moves toward {who}: the nearest enemy")
    return None


def nearest_attack(decision: Decision, here: Cell, enemies: dict[str, Cell]) -> Choice | None:
    """The attack on the nearest of these enemies (the first listed among equals), or None."""
    found, near = None, 0
    aways: dict[str, int] = {}  # by enemy: its every means is an attack choice of its own
    for c in decision.choices:  # one loop, no key function: asked at nearly every look
        target = c.target
        if "attack" in c.tags and target in enemies:
            if target in aways:
                away = aways[target]
            else:
                away = aways[target] = distance(here, enemies[target])
            if found is None or away < near:
                found, near = c, away
    return found


def _decline(decision: Decision) -> Pick:
    choice = _declining(decision)
    if choice is None:
        plain = [c for c in decision.choices if "defend" not in c.tags]
        choice = plain[0] if plain else default_choice(decision)
    return picked(choice, f"declines: {choice.label}")


def _declining(decision: Decision) -> Choice | None:
    """The choice that says no, by the first key of `_DECLINE` the decision takes; or None."""
    if decision.resolver is not None:  # an unlisted key may be legal too: asked key by key
        return next((c for key in _DECLINE if (c := decision.choice(key)) is not None), None)
    found, rank = None, len(_DECLINE)
    for c in decision.choices:  # one pass over the few listed choices: asked very often
        if c.key in _DECLINE:
            at = _DECLINE.index(c.key)
            if at < rank:
                found, rank = c, at
    return found


def _random(decision: Decision, rng: random.Random, level: Level) -> Pick:
    choice = decision.choices[rng.randrange(len(decision.choices))]
    return picked(choice, f"picks at random: {choice.label}")


def _never(view: FightView, decision: Decision, rng: random.Random, level: Level) -> Pick:
    raise AssertionError("a random pick never reads the view")


random_legal: Final = Body(_never, _random)
"""Any legal choice, uniformly: the floor other policies are measured against."""
