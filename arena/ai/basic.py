"""The yardsticks: the naive policy (nearest enemy, no defence, no Rage) and random choices."""

from __future__ import annotations

import random
from typing import Final

from arena.ai.look import Seen, Sight, foes
from arena.ai.menus import Menu, menu
from arena.ai.pick import Body, Level, Pick, default_choice, picked
from arena.rules.grid import Cell, distance
from arena.rules.views import Choice, Decision, FightView
from arena.words.core import Drawn
from arena.words.reasons import label

_DECLINE = ("rage:0", "forgo", "suck_it_up")
"""Keys that say no: spend no Rage or Willpower, do not abort, keep the action."""
_RANK: Final = {key: at for at, key in enumerate(_DECLINE)}
"""Each key of `_DECLINE` by its place (read with `in`, no call: asked at every refusal)."""


def glance(decision: Decision, rng: random.Random, level: Level) -> Pick | None:
    """The naive answers that need no view: all but an intention's or an action's."""
    if decision.kind in ("rage", "reaction", "stun", "willpower"):
        return _decline(decision)
    if decision.kind in ("intention", "action"):
        return None
    return _default(decision)


def naive_look(view: Sight[Seen], decision: Decision, rng: random.Random, level: Level) -> Pick:
    """An intention or an action, naively: `toward_nearest`, else the fight's default.

    It reads no more than the board at a glance shows: a `Board` serves as well as the view.
    """
    found = toward_nearest(view, decision)
    return _default(decision) if found is None else found


def _default(decision: Decision) -> Pick:
    choice = default_choice(decision)
    return picked(choice, "ai_default", Drawn(label, (choice,)))


nearest: Final = Body(naive_look, glance)
"""Attack the nearest enemy in reach, else move toward it; never defend, never spend Rage.

Any other question gets the fight's default answer, except that the naive fighter always
declines what costs Rage or gives up its action.
"""


def toward_nearest(view: Sight[Seen], decision: Decision) -> Pick | None:
    """Attack the nearest enemy in reach, else step toward the nearest; None if neither."""
    me = view.combatant(decision.actor)
    found = foes(view, me)
    if not found:
        return None
    here = me.pos
    enemies = {c.id: c.pos for c in found}
    kept = menu(decision.choices)
    choice = _nearest_in(kept, here, enemies)
    if choice is not None:
        target = choice.target
        for foe in found:  # the attack is on one of them
            if foe.id == target:
                return picked(choice, "ai_attacks_nearest", foe.name)
    # The nearest enemy (the lowest cell among equals), then the move nearest it (walks
    # first among equals, the first listed among those): loops with distances worked out in
    # place, no key functions, since this is asked at nearly every look.
    goal, who, away = here, "", -1
    for foe in found:
        cell = foe.pos
        dx, dy = here[0] - cell[0], here[1] - cell[1]
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        far = dx if dx > dy else dy
        if away < 0 or (far, cell) < (away, goal):
            goal, who, away = cell, foe.name, far
    # The nearest move, a jump or climb before a walk among equals (`walks`), the first listed
    # among those: compared as two numbers, no pair made for each of the many moves.
    choice, near, walks = None, 0, 0
    gx, gy = goal
    for c, x, y, walk in zip(kept.moves, kept.xs, kept.ys, kept.walks, strict=True):
        dx, dy = x - gx, y - gy
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        far = dx if dx > dy else dy
        if choice is None or far < near or (far == near and walk < walks):
            choice, near, walks = c, far, walk
    if choice is None:
        return None
    return picked(choice, "ai_moves_toward", who)


def nearest_attack(decision: Decision, here: Cell, enemies: dict[str, Cell]) -> Choice | None:
    """The attack on the nearest of these enemies (the first listed among equals), or None."""
    return _nearest_in(menu(decision.choices), here, enemies)


def _nearest_in(kept: Menu, here: Cell, enemies: dict[str, Cell]) -> Choice | None:
    """`nearest_attack` among a menu's attacks (sorted out once per menu)."""
    found, near = None, 0
    aways: dict[str, int] = {}  # by enemy: its every means is an attack choice of its own
    for target, c in zip(kept.targets, kept.attacks, strict=True):  # one loop
        if target in enemies:
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
    return picked(choice, "ai_declines", Drawn(label, (choice,)))


def _declining(decision: Decision) -> Choice | None:
    """The choice that says no, by the first key of `_DECLINE` the decision takes; or None."""
    if decision.resolver is not None:  # an unlisted key may be legal too: asked key by key
        return next((c for key in _DECLINE if (c := decision.choice(key)) is not None), None)
    found, rank = None, len(_RANK)
    for c in decision.choices:  # one pass over the few listed choices: asked very often
        key = c.key
        if key in _RANK and _RANK[key] < rank:
            found, rank = c, _RANK[key]
    return found


def _random(decision: Decision, rng: random.Random, level: Level) -> Pick:
    choice = decision.choices[rng.randrange(len(decision.choices))]
    return picked(choice, "ai_random", Drawn(label, (choice,)))


def _never(view: FightView, decision: Decision, rng: random.Random, level: Level) -> Pick:
    raise AssertionError("a random pick never reads the view")


random_legal: Final = Body(_never, _random)
"""Any legal choice, uniformly: the floor other policies are measured against."""
