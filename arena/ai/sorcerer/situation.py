"""The Sorcerer board as a player reads it: defences, thresholds, threats, demons, the order."""

from __future__ import annotations

from typing import Final

from arena.ai.look import S, Seen, Sight, foes, friends, trait
from arena.ai.sorcerer.values import dealt, taken
from arena.rules.views import (
    Choice,
    CombatantView,
    ContestSpec,
    Decision,
    DemonView,
    FightView,
    SorcererHarm,
    SorcererHealth,
    SorcererIntent,
    SorcererState,
)

THREAT: Final = 3
"""An enemy this close can hit next round: reach 1, plus the 2 cells an attack may close in."""


def defence(c: Seen) -> int:
    """The dice it would defend with now: Stamina less its damage penalty."""
    return trait(c, "stamina") - c.penalty


def helpless_above(c: CombatantView) -> int:
    """The penalty past which it is helpless (twice its Stamina, unless the fight says more)."""
    found = c.wounds
    if isinstance(found, SorcererHealth):
        return found.helpless_above
    return 2 * trait(c, "stamina")


def room(c: CombatantView) -> int:
    """Damage it can still take before it is helpless."""
    return helpless_above(c) - c.penalty + 1


def hurt_past(c: CombatantView) -> bool:
    """Its penalty has reached its Stamina: it cannot act except by pushing through."""
    return c.penalty >= trait(c, "stamina")


def clobber(defence_dice: int) -> int:
    """Bonus dice an attacker gets against a defence of 0 or less (the clobbered rule)."""
    return 1 - defence_dice if defence_dice <= 0 else 0


def threats(view: Sight[S], me: Seen) -> list[S]:
    """Enemies able to act who can reach me next round."""
    x, y = me.pos
    # Distances worked out in place, no call each: asked for every guard a policy weighs.
    return [
        c
        for c in foes(view, me)
        if c.status == "active"
        and -THREAT <= c.pos[0] - x <= THREAT
        and -THREAT <= c.pos[1] - y <= THREAT
    ]


def crowd(view: FightView, target: CombatantView, me: CombatantView) -> int:
    """Allies of mine able to act within striking distance of a target: the gang on it."""
    x, y = target.pos
    gang = 0
    for c in friends(view, me):  # a loop with the distance in place: asked for every attack
        pos = c.pos
        if (
            c.status == "active"
            and -THREAT <= pos[0] - x <= THREAT
            and -THREAT <= pos[1] - y <= THREAT
        ):
            gang += 1
    return gang


def keyed(decision: Decision, key: str) -> Choice | None:
    """The choice with this key, as `Decision.choice` finds it, the menu read in order.

    Total defense comes just after the attacks in an intention's menu: found there without
    indexing the whole menu (its moves too) for one lookup. Keys are unique in a menu; an
    unlisted key is left to the decision, whose resolver may know it.
    """
    for c in decision.choices:
        if c.key == key:
            return c
    return decision.choice(key)


def contest_of(choice: Choice) -> ContestSpec | None:
    """The contest a choice rolls, if it rolls one."""
    spec = choice.rolls[0] if choice.rolls else None
    return spec if isinstance(spec, ContestSpec) else None


def harm_of(choice: Choice) -> SorcererHarm | None:
    """What a choice's blow does if it lands, if it strikes one."""
    return choice.harm if isinstance(choice.harm, SorcererHarm) else None


def state(c: CombatantView) -> SorcererState | None:
    """A combatant's Sorcerer numbers (None outside a Sorcerer fight)."""
    return c.sorcerer


def demon_of(c: CombatantView) -> DemonView | None:
    """A demon's numbers, or None for a human."""
    return None if c.sorcerer is None else c.sorcerer.demon


def intent(c: CombatantView) -> SorcererIntent | None:
    """Its revealed intention this round (None while hidden or not stated)."""
    return None if c.sorcerer is None else c.sorcerer.intent


def performance(me: CombatantView) -> int:
    """The dice of my roll for order this round (0 if I am not in the order)."""
    return 0 if me.sorcerer is None else len(me.sorcerer.performance)


def acted_on(view: Sight[S], found: SorcererIntent | None) -> S | None:
    """Whom a stated intention acts on (None if nobody), on a whole view or the board."""
    if found is None or not found.target:
        return None
    for c in view.combatants:  # a loop, not next() over a generator: asked at every weighing
        if c.id == found.target:
            return c
    return None


def blow(c: CombatantView) -> SorcererHarm | None:
    """Its main blow: what its first weapon does if it lands (None if it has no weapon)."""
    return c.sorcerer.arms[0] if c.sorcerer is not None and c.sorcerer.arms else None


def stated_blow(found: SorcererIntent | None, main: SorcererHarm | None) -> SorcererHarm | None:
    """What a stated attack (or aim) does if it lands, else the `main` blow."""
    return found.harm if found is not None and found.harm is not None else main


def binding(c: CombatantView) -> int | None:
    """A bound demon's binding strength (positive: its master has the upper hand), or None."""
    d = demon_of(c)
    return None if d is None else d.binding


def desire(c: CombatantView) -> str:
    """A demon's Desire if it is known, else empty."""
    d = demon_of(c)
    return "" if d is None else d.desire


def is_demon(c: CombatantView) -> bool:
    """True for a demon."""
    return demon_of(c) is not None


def demons_of(view: FightView, me: CombatantView) -> list[CombatantView]:
    """Demons bound to me."""
    return [c for c in view.combatants if (d := demon_of(c)) is not None and d.master == me.id]


def strike(target: Seen, harm: SorcererHarm | None, mine: int, theirs: int) -> float:
    """Expected harm of a blow of `mine` dice against `theirs`, the clobbered rule included."""
    if harm is None:
        return 0.0
    # Stamina read once for both `defence` and the victim's reckoning: asked in every weighing.
    stamina = trait(target, "stamina")
    extra = clobber(stamina - target.penalty)
    return dealt(
        mine + extra,
        theirs if theirs > 1 else 1,
        harm.temporary,
        harm.lasting,
        target.penalty,
        stamina,
    )


def suffer(me: Seen, harm: SorcererHarm | None, mine: int, theirs: int) -> float:
    """Expected harm a blow of `theirs` dice does me through `mine` dice of defence."""
    if harm is None:
        return 0.0
    return taken(mine, theirs, harm.temporary, harm.lasting, me.penalty, trait(me, "stamina"))
