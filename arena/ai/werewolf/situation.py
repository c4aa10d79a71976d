"""The Werewolf board as a player reads it, from the view's numbers alone.

Health left, who soaks what, who acts when, whom each enemy is going for.
"""

from __future__ import annotations

from typing import Final

from arena.ai.look import foes, friends, trait
from arena.rules.grid import distance
from arena.rules.views import CombatantView, FightView, WerewolfHarm, WerewolfHealth, WerewolfState
from arena.rules.werewolf.soak import can_soak
from arena.rules.werewolf.terms import TEMPLATES, Template

UNKNOWN: Final = WerewolfState("human", "")
"""What a combatant the view tells nothing more about is taken for."""
WAR_FORM: Final = "crinos"
"""The form a Garou fights in, and keeps a point of Rage to shift into."""


def state(c: CombatantView) -> WerewolfState:
    """The Werewolf numbers of a combatant beyond its health."""
    return c.werewolf if c.werewolf is not None else UNKNOWN


def health(c: CombatantView) -> WerewolfHealth:
    """A combatant's health as numbers (unhurt if the view gives none)."""
    return c.wounds if isinstance(c.wounds, WerewolfHealth) else WerewolfHealth()


def levels_left(c: CombatantView) -> int:
    """Levels of damage it can still take before it is out (a spirit: its Essence)."""
    return health(c).left


def crippled(c: CombatantView) -> bool:
    """On the last level before the one that takes it out: one more blow ends it."""
    wounds = health(c)
    return not wounds.essence_max and wounds.left == 1


def kind(c: CombatantView) -> Template:
    """``garou``, ``human``, ``spirit`` or ``fomor``."""
    found = state(c).kind
    return found if found in TEMPLATES else "human"  # `in`, not next(): asked very often


def soak_dice(c: CombatantView, harm: WerewolfHarm) -> int:
    """The dice it soaks this damage with, as the policy reckons them (0 if it may not soak it).

    A spirit soaks with the dice its view shows; the living with Stamina less the wound
    penalty, a cautious estimate (the rules take the penalty off only under the option
    ``wounds_on_damage_and_soak``).
    """
    me = state(c)
    template = kind(c)
    if not can_soak(template, harm.damage_type, silver=harm.silver, breed_form=me.breed_form):
        return 0
    if template == "spirit":
        return me.soak
    return max(0, trait(c, "stamina") - c.penalty)


def segments(view: FightView) -> dict[str, tuple[int, ...]]:
    """Who acts on which segments this turn, by id (w20 actions after everyone's first as -1)."""
    return {c.id: state(c).acts_on for c in view.combatants}


def hitters(view: FightView, me: CombatantView, segment: int | None = None) -> list[CombatantView]:
    """Enemies in reach of me (beside me, or armed with a gun), acting on that segment if given."""
    acting = segments(view)
    found = []
    for c in foes(view, me):
        close = distance(me.pos, c.pos) <= 1 or trait(c, "firearms") > 0
        if close and (segment is None or segment in acting.get(c.id, ())):
            found.append(c)
    return found


def attackers(view: FightView, me: CombatantView) -> list[CombatantView]:
    """Enemies whose actions declared for this segment attack me."""
    cid = me.id  # each one's `state` read in place: asked at every action and reaction
    return [c for c in foes(view, me) if cid in (c.werewolf or UNKNOWN).targets]


def beside(view: FightView, target: CombatantView, me: CombatantView) -> int:
    """My allies standing next to a target: the gang on it."""
    x, y = target.pos
    gang = 0
    for c in friends(view, me):  # a loop with the distance in place: asked for every blow
        if -1 <= c.pos[0] - x <= 1 and -1 <= c.pos[1] - y <= 1:
            gang += 1
    return gang
