"""Sorcerer fighters' intentions: the thug's attacks and approach, the coward's flight."""

from __future__ import annotations

from collections.abc import Callable

from arena.ai.look import S, Seen, Sight, closest, covered, foes, friends, nearest_exit, trait
from arena.ai.pick import Level, Pick, default_choice, picked, tagged
from arena.ai.sorcerer.situation import (
    blow,
    contest_of,
    crowd,
    defence,
    harm_of,
    keyed,
    room,
    suffer,
    threats,
)
from arena.ai.sorcerer.values import dealt
from arena.rules.actions import Attack
from arena.rules.grid import Cell, distance, neighbours
from arena.rules.views import Choice, CombatantView, Decision, FightView, SorcererHarm
from arena.words.core import Drawn, Phrase
from arena.words.reasons import label, names

GANG: dict[Level, float] = {"easy": 0.0, "normal": 0.25, "hard": 0.35}
"""How much each ally within striking distance of a target adds to attacking it."""
CLOSING = 0.8
"""How much an attack that must first close in is worth against one already in reach."""
FLEE_MARGIN: dict[Level, int] = {"easy": 1, "normal": 2, "hard": 3}
"""A coward runs once its penalty plus this would pass its Stamina."""


def attack_score(
    view: FightView, me: CombatantView, choice: Choice, level: Level
) -> tuple[float, Phrase]:
    """An attack's worth in expected victories, with why, as this policy weighs it."""
    target = view.combatant(choice.target)
    spec = contest_of(choice)
    # The target's Stamina and defence read once, and `strike` worked out in place: the same
    # numbers, a few calls fewer for every attack a policy weighs.
    stamina = trait(target, "stamina")
    guards = stamina - target.penalty  # its `defence`
    if spec is not None:
        mine, theirs = spec.own, spec.opposing
    else:
        mine, theirs = defence(me), guards if guards > 1 else 1
    extra = 1 - guards if guards <= 0 else 0  # `clobber`
    cmd = choice.command
    means = cmd.means if isinstance(cmd, Attack) else "?"
    harm = harm_of(choice) or blow(me)
    value = (
        0.0
        if harm is None
        else dealt(
            mine + extra,
            theirs if theirs > 1 else 1,
            harm.temporary,
            harm.lasting,
            target.penalty,
            stamina,
        )
    )
    if level == "easy":
        easy = value / (1 + distance(me.pos, target.pos))
        return easy, Phrase("ai_attack_easy", (target.name, means))
    gang = crowd(view, target, me)
    value *= 1 + GANG[level] * gang
    if choice.cell is not None:
        value *= CLOSING  # it must close in, and its target may not be there by then
    if level == "hard":
        value *= 1 + 1 / max(1, room(target))  # a hurt target is nearer to going down
    if extra:
        return value, Phrase("ai_attack_clobbered", (target.name, means, extra, mine, value))
    if gang:
        return value, Phrase("ai_attack_gang", (target.name, means, theirs, gang, value))
    return value, Phrase("ai_attack_weakest", (target.name, means, mine, theirs, value))


def best_attack(
    view: FightView, decision: Decision, level: Level
) -> tuple[float, Choice, Phrase] | None:
    """The attack this policy likes best, its worth and why; None if nobody is in reach."""
    me = view.combatant(decision.actor)
    # The highest worth, the first listed among equals: one pass, asked at every intention.
    found: tuple[float, Choice, Phrase] | None = None
    for choice in decision.choices:
        if "attack" in choice.tags:
            value, why = attack_score(view, me, choice, level)
            if found is None or value > found[0]:
                found = value, choice, why
    return found


def weakest(view: FightView, me: CombatantView) -> CombatantView | None:
    """The enemy the thug goes for: fewest dice to defend, then nearest."""
    # One pass, each defence and distance worked out in place (no key function): the first
    # listed among equals, as `min` gives.
    found, best = None, (0, 0)
    x, y = me.pos
    for c in foes(view, me):
        dx, dy = c.pos[0] - x, c.pos[1] - y
        dx, dy = -dx if dx < 0 else dx, -dy if dy < 0 else dy
        key = (trait(c, "stamina") - c.penalty, dx if dx > dy else dy)
        if found is None or key < best:
            found, best = c, key
    return found


def approach(view: FightView, decision: Decision, target: CombatantView) -> Pick | None:
    """Move as close to a target as the move choices allow, away from other enemies."""
    me = view.combatant(decision.actor)
    # How many of the other enemies are within a step of each cell: counted once, not once
    # per move.
    pressed: dict[Cell, int] = {}
    for o in foes(view, me):
        if o.id != target.id:
            for cell in (o.pos, *neighbours(o.pos)):
                pressed[cell] = pressed[cell] + 1 if cell in pressed else 1
    # The move nearest the target, a jump or a climb before a walk, then the least pressed,
    # the first listed among equals: one pass over the menu (most of it moves), each distance
    # worked out in place (a thug asks it at every step it closes in), the tie-breaks only
    # for moves no farther than the nearest so far.
    gx, gy = target.pos
    choice: Choice | None = None
    nearest, walks, presses = 0, 0, 0
    for c in decision.choices:
        spot = c.cell
        if spot is None:
            continue
        # The Chebyshev distance, in plain steps (no tuples made, no calls); its tags read
        # only for a cell no farther than the nearest so far (most are farther).
        x, y = spot
        gap = x - gx if x > gx else gx - x
        dy = y - gy if y > gy else gy - y
        if dy > gap:
            gap = dy
        if gap > nearest and choice is not None:
            continue
        tags = c.tags
        if "move" not in tags:
            continue
        # The tie-breaks compared one after the other, as a (walk, pressed) key would be,
        # without making the key.
        walk = 0 if "jump" in tags or "climb" in tags else 1
        press = pressed[spot] if spot in pressed else 0  # noqa: SIM401 - no call
        if choice is None or gap < nearest or walk < walks or (walk == walks and press < presses):
            choice, nearest, walks, presses = c, gap, walk, press
    if choice is None:
        return None
    return picked(choice, "ai_closes_weakest", target.name)


def thug(view: FightView, decision: Decision, level: Level) -> Pick:
    """Attack the weakest in reach, ganging up; else close on the weakest enemy."""
    return attack_or_close(view, decision, level, approach)


Closer = Callable[[FightView, Decision, CombatantView], Pick | None]
"""How a fighter with nobody to attack closes on its target (None: no move helps)."""


def attack_or_close(view: FightView, decision: Decision, level: Level, close: Closer) -> Pick:
    """Attack the weakest in reach, else `close` on the weakest enemy, else the default.

    At hard, a hurt fighter guards instead when the guard is worth more than its best attack.
    """
    found = best_attack(view, decision, level)
    me = view.combatant(decision.actor)
    if level == "hard" and me.penalty:
        worth = guard_worth(view, me)
        guarded = guard(decision, worth, view)
        if guarded is not None and worth > (found[0] if found else 0.0):
            return guarded
    if found is not None:
        return picked(found[1], found[2])
    target = weakest(view, me)
    moved = close(view, decision, target) if target is not None else None
    if moved is not None:
        return moved
    choice = default_choice(decision)
    return picked(choice, "ai_nothing_better", Drawn(label, (choice,)))


def must_flee(view: FightView, me: CombatantView, level: Level) -> Phrase | None:
    """Why a coward runs now, or None if it does not."""
    stamina = trait(me, "stamina")
    if me.penalty + FLEE_MARGIN[level] > stamina:
        return Phrase("ai_penalty_stamina", (me.penalty, stamina))
    if level == "hard" and me.penalty and not friends(view, me):
        return Phrase("ai_hurt_alone")
    return None


def flee(view: FightView, decision: Decision, why: Phrase) -> Pick:
    """Leave by the exit, run for it, or get away from every enemy and out of their sight."""
    me = view.combatant(decision.actor)
    out = tagged(decision, "flee")
    if out:
        return picked(out[0], "ai_flees_fight", why)
    moves = [c for c in tagged(decision, "move") if c.cell is not None]
    door = nearest_exit(view, me.pos)
    enemies = foes(view, me)
    if moves and door is not None:
        choice = min(
            moves,
            key=lambda c: (distance(c.cell or me.pos, door), -closest(c.cell or me.pos, enemies)),
        )
        if distance(choice.cell or me.pos, door) < distance(me.pos, door):
            return picked(choice, "ai_runs_exit", why)
    if moves:
        choice = max(
            moves,
            key=lambda c: (
                closest(c.cell or me.pos, enemies),
                covered(view, c.cell or me.pos, enemies),
            ),
        )
        return picked(choice, "ai_backs_away", why)
    defend = next(
        (c for c in decision.choices if c.key == "total_defense"), default_choice(decision)
    )
    return picked(defend, "ai_cowers", why)


def coward(view: FightView, decision: Decision, level: Level) -> Pick:
    """Fight like a thug until hurt too badly, then run."""
    me = view.combatant(decision.actor)
    why = must_flee(view, me, level)
    if why is not None:
        return flee(view, decision, why)
    return thug(view, decision, level)


def guard_worth(view: FightView, me: CombatantView) -> float:
    """Harm a total defense (+2 dice on every defense) saves against the nearby threats."""
    return guard_saved(view, me, blow)


def guard_saved(view: Sight[S], me: Seen, blow_of: Callable[[S], SorcererHarm | None]) -> float:
    """`guard_worth` on any board, each threat's blow read by ``blow_of``.

    A board at a glance carries each piece's blow; a view keeps it with its Sorcerer state.
    """
    mine, saved = defence(me), 0.0
    for t in threats(view, me):  # each threat's blow and dice read once for both defences
        harm, theirs = blow_of(t), defence(t)
        saved += suffer(me, harm, mine, theirs) - suffer(me, harm, mine + 2, theirs)
    return saved


def guard(decision: Decision, worth: float, view: FightView) -> Pick | None:
    """Total defense, with why, if the fight offers it."""
    choice = keyed(decision, "total_defense")
    if choice is None:
        return None
    near = threats(view, view.combatant(decision.actor))
    who = Drawn(names, (tuple([t.name for t in near]),))
    return picked(choice, "ai_total_defense_against", worth, who)
