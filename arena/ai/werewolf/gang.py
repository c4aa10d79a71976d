"""A Werewolf thug that fights as a gang: focus fire on whoever is nearest to harmless."""

from __future__ import annotations

from typing import Final

from arena.ai.look import foes
from arena.ai.pick import Level, Pick, default_choice, picked, walks
from arena.ai.werewolf import policy
from arena.ai.werewolf.actions import Style, best_action, moves
from arena.ai.werewolf.fighters import special
from arena.ai.werewolf.focus import harmless, to_harmless
from arena.rules.grid import distance
from arena.rules.views import CombatantView, Decision, FightView
from arena.words.core import Drawn, Phrase
from arena.words.reasons import label

EAGER: Final = 0.001
"""The rise in a roll's chance that makes Willpower worth it: any. Measured against the hard
thug, who waits for a rise of 15%, it wins more: a point unspent when the thug goes down is
lost, and a success bought adds a damage die to the blow as well."""
STYLE: Final = Style(gang=0.0, focus=True)
"""Focus fire; no extra worth for allies beside the target (measured: it only spread the blows)."""


def mark(view: FightView, me: CombatantView) -> CombatantView | None:
    """The enemy to go for: fewest levels from harmless, then nearest; the harmless last."""
    enemies = foes(view, me)
    if not enemies:
        return None
    return min(enemies, key=lambda c: (harmless(c), to_harmless(c), distance(me.pos, c.pos)))


def close_in(view: FightView, decision: Decision) -> Pick | None:
    """Close on the marked enemy as far as the move choices go."""
    me = view.combatant(decision.actor)
    target = mark(view, me)
    closer = [c for c in moves(decision) if "away" not in c.tags and "exit" not in c.tags]
    if target is None or not closer:
        return None
    choice = min(closer, key=lambda c: (distance(c.cell or me.pos, target.pos), walks(c)))
    return picked(choice, "ai_closes_on", target.name, Phrase("ai_nobody_in_reach"))


def gang(view: FightView, decision: Decision, level: Level) -> Pick:
    """The blow, defence or split worth most in dice taken off the enemy; else close in."""
    found = special(decision)
    if found is not None:
        return found
    action = best_action(view, decision, STYLE, level)
    if action is not None:
        return picked(action[1], action[2])
    moved = close_in(view, decision)
    if moved is not None:
        return moved
    free = decision.choice("break_free")
    if free is not None:
        return picked(free, "ai_breaks_free")
    choice = default_choice(decision)
    return picked(choice, "ai_nothing_worth", Drawn(label, (choice,)))


GANG: Final = policy(gang, willpower_gain=EAGER)
