"""The Sorcerer board as a player reads it: defences, thresholds, threats, demons, the order."""

from __future__ import annotations

import re
from typing import Final

from arena.ai.look import foes, friends, table_notes, trait
from arena.ai.sorcerer.values import dealt, taken
from arena.rules.grid import distance
from arena.rules.views import CombatantView, FightView

THREAT: Final = 3
"""An enemy this close can hit next round: reach 1, plus the 2 cells an attack may close in."""
_BINDING: Final = re.compile(r"binding strength ([+-]?\d+)")
_DESIRE: Final = re.compile(r"Desire: ([^(;]+)")


def defence(c: CombatantView) -> int:
    """The dice it would defend with now: Stamina less its damage penalty."""
    return trait(c, "stamina") - c.penalty


def room(c: CombatantView) -> int:
    """Damage it can still take before it is helpless (penalty past twice its Stamina)."""
    return 2 * trait(c, "stamina") - c.penalty + 1


def hurt_past(c: CombatantView) -> bool:
    """Its penalty has reached its Stamina: it cannot act except by pushing through."""
    return c.penalty >= trait(c, "stamina")


def clobber(defence_dice: int) -> int:
    """Bonus dice an attacker gets against a defence of 0 or less (the clobbered rule)."""
    return 1 - defence_dice if defence_dice <= 0 else 0


def threats(view: FightView, me: CombatantView) -> list[CombatantView]:
    """Enemies able to act who can reach me next round."""
    return [c for c in foes(view, me) if c.status == "active" and distance(me.pos, c.pos) <= THREAT]


def crowd(view: FightView, target: CombatantView, me: CombatantView) -> int:
    """Allies of mine able to act within striking distance of a target: the gang on it."""
    return sum(
        1
        for c in friends(view, me)
        if c.status == "active" and distance(c.pos, target.pos) <= THREAT
    )


def performance(view: FightView, me: CombatantView) -> int:
    """The dice of my roll for order this round (0 if I am not in the order)."""
    prefix = f"{me.name}: "
    for line in view.order:
        _, _, rest = line.partition(". ")
        if rest.startswith(prefix):
            faces = rest[len(prefix) :]
            if ", performance " in faces:
                faces = faces.split(", performance ", 1)[1]
            faces = faces.split(" (", 1)[0]
            return sum(1 for f in faces.split() if f.isdigit())
    return 0


def intended_target(view: FightView, me: CombatantView) -> CombatantView | None:
    """Whom my stated intention acts on, read from its words (None if nobody)."""
    text = me.intention
    hits = [c for c in view.combatants if c.id != me.id and c.name in text]
    return max(hits, key=lambda c: len(c.name)) if hits else None


def binding(c: CombatantView) -> int | None:
    """A bound demon's binding strength (positive: its master has the upper hand), or None."""
    for note in table_notes(c):
        found = _BINDING.search(note)
        if found is not None:
            return int(found.group(1))
    return None


def desire(c: CombatantView) -> str:
    """A demon's Desire if it is known, else empty."""
    for note in table_notes(c):
        found = _DESIRE.search(note)
        if found is not None:
            return found.group(1).strip()
    return ""


def is_demon(c: CombatantView) -> bool:
    """True for a demon (it has Power)."""
    return any(name == "power" for name, _ in c.traits)


def demons_of(view: FightView, me: CombatantView) -> list[CombatantView]:
    """Demons bound to me, by the view's notes."""
    mark = f"bound to {me.name},"
    return [c for c in view.combatants if any(n.startswith(mark) for n in table_notes(c))]


def strike(
    attacker: CombatantView, target: CombatantView, weapon: str, mine: int, theirs: int
) -> float:
    """Expected harm of an attack of `mine` dice against `theirs`, the clobbered rule included."""
    extra = clobber(defence(target))
    return dealt(
        mine + extra,
        max(theirs, 1),
        weapon,
        trait(attacker, "power"),
        target.penalty,
        trait(target, "stamina"),
    )


def suffer(
    me: CombatantView, attacker: CombatantView, weapon: str, mine: int, theirs: int
) -> float:
    """Expected harm an attack of `theirs` dice does me through `mine` dice of defence."""
    return taken(mine, theirs, weapon, trait(attacker, "power"), me.penalty, trait(me, "stamina"))
