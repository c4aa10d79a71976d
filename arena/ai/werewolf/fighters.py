"""Werewolf fighters' actions: thugs, shooters, fomori and cowards."""

from __future__ import annotations

from typing import Final

from arena.ai.look import covered, foes, seen_by
from arena.ai.pick import Level, Pick, default_choice, picked, tagged, walks
from arena.ai.werewolf.actions import Style, best_action, moves
from arena.ai.werewolf.situation import levels_left
from arena.rules.grid import distance
from arena.rules.views import Choice, CombatantView, Decision, FightView
from arena.words.core import Drawn, Phrase
from arena.words.reasons import label

THUG: Final = Style()
FOMOR: Final = Style(gang=0.3, defend=0.5)
SHOOTER: Final = Style(guns=1.5, melee=0.7)
FLEE_AT: Final[dict[Level, int]] = {"easy": 5, "normal": 2, "hard": 1}
"""A coward runs once its wound penalty reaches this."""


def weakest(view: FightView, me: CombatantView) -> CombatantView | None:
    """The enemy to go for: fewest levels left, then nearest."""
    enemies = foes(view, me)
    return (
        min(enemies, key=lambda c: (levels_left(c), distance(me.pos, c.pos))) if enemies else None
    )


def approach(view: FightView, decision: Decision, why: Phrase | None = None) -> Pick | None:
    """Close on the weakest enemy as far as the move choices go."""
    me = view.combatant(decision.actor)
    target = weakest(view, me)
    closer = [c for c in moves(decision) if "away" not in c.tags and "exit" not in c.tags]
    if target is None or not closer:
        return None
    choice = min(closer, key=lambda c: (distance(c.cell or me.pos, target.pos), walks(c)))
    return picked(choice, "ai_closes_on", target.name, why or Phrase("ai_nobody_in_reach"))


def special(decision: Decision) -> Pick | None:
    """Knocked down, it stands; held, it breaks free unless a blow is better (left to fight)."""
    stand = decision.choice("stand")
    if stand is not None:
        return picked(stand, "ai_stands")
    return None


def brawl(view: FightView, decision: Decision, level: Level, style: Style) -> Pick:
    """Its best blow, defence or split; else close in; else break free or wait."""
    found = special(decision)
    if found is not None:
        return found
    action = best_action(view, decision, style, level)
    if action is not None:
        return picked(action[1], action[2])
    moved = approach(view, decision)
    if moved is not None:
        return moved
    free = decision.choice("break_free")
    if free is not None:
        return picked(free, "ai_breaks_free")
    choice = default_choice(decision)
    return picked(choice, "ai_nothing_worth", Drawn(label, (choice,)))


def thug(view: FightView, decision: Decision, level: Level) -> Pick:
    """Attack the weakest in reach, ganging up on it; else close in."""
    return brawl(view, decision, level, THUG)


def fomor(view: FightView, decision: Decision, level: Level) -> Pick:
    """A Bane-ridden brute: all blows, little guarding, never runs."""
    return brawl(view, decision, level, FOMOR)


def flee(view: FightView, decision: Decision, why: Phrase) -> Pick | None:
    """Leave by an exit or the Umbra, else run for the exit, else back away."""
    out = decision.choice("flee") or decision.choice("sideways")
    if out is not None:
        return picked(out, "ai_flees", why)
    for word in ("exit", "away"):
        run = [c for c in moves(decision) if word in c.tags]
        if run:
            return picked(run[0], "ai_runs_exit" if word == "exit" else "ai_runs_away", why)
    return None


def coward(view: FightView, decision: Decision, level: Level) -> Pick:
    """Fight like a thug until the wounds bite, then run."""
    me = view.combatant(decision.actor)
    if me.penalty >= FLEE_AT[level]:
        ran = flee(view, decision, Phrase("ai_wound_penalty", (me.penalty,)))
        if ran is not None:
            return ran
    return thug(view, decision, level)


def _vantage(view: FightView, decision: Decision, me: CombatantView) -> Choice | None:
    """A cell in sight of an enemy, not beside one, in cover if it can."""
    enemies = foes(view, me)
    spots = [
        c
        for c in moves(decision)
        if seen_by(view, c.cell or me.pos, enemies)
        and all(distance(c.cell or me.pos, e.pos) > 1 for e in enemies)
    ]
    if not spots:
        return None
    return max(spots, key=lambda c: covered(view, c.cell or me.pos, enemies))


def shooter(view: FightView, decision: Decision, level: Level) -> Pick:
    """Shoot the best target; with nothing to shoot, find a covered spot in sight of one."""
    found = special(decision)
    if found is not None:
        return found
    me = view.combatant(decision.actor)
    action = best_action(view, decision, SHOOTER, level)
    if action is not None:
        return picked(action[1], action[2])
    spot = _vantage(view, decision, me) if level != "easy" else None
    if spot is not None and tagged(decision, "move"):
        return picked(spot, "ai_vantage")
    return brawl(view, decision, level, SHOOTER)
