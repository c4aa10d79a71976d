"""The Werewolf board as a player reads it, from the view's numbers alone.

Health left, who soaks what, who acts when, whom each enemy is going for.
"""

from __future__ import annotations

from typing import Any, Final, Protocol, TypeVar

from arena.ai.look import Seen, Sight, foes, friends, trait
from arena.rules.grid import distance
from arena.rules.views import SorcererHealth, WerewolfHarm, WerewolfHealth, WerewolfState
from arena.rules.werewolf.soak import can_soak
from arena.rules.werewolf.terms import TEMPLATES, Template

UNKNOWN: Final = WerewolfState("human", "")
"""What a combatant the view tells nothing more about is taken for."""
WAR_FORM: Final = "crinos"
"""The form a Garou fights in, and keeps a point of Rage to shift into."""


class Wolf(Seen, Protocol):
    """A Werewolf combatant as any board shows it, with its health and Werewolf numbers.

    A `CombatantView`, or a `Piece` at a glance.
    """

    @property
    def wounds(self) -> WerewolfHealth | SorcererHealth | None:
        """Its health as numbers."""

    @property
    def werewolf(self) -> WerewolfState | None:
        """What it is, its form, when it acts and whom it attacks, its soak and blow."""


W = TypeVar("W", bound=Wolf)


def state(c: Wolf) -> WerewolfState:
    """The Werewolf numbers of a combatant beyond its health."""
    return c.werewolf if c.werewolf is not None else UNKNOWN


def health(c: Wolf) -> WerewolfHealth:
    """A combatant's health as numbers (unhurt if the view gives none)."""
    return c.wounds if isinstance(c.wounds, WerewolfHealth) else WerewolfHealth()


def levels_left(c: Wolf) -> int:
    """Levels of damage it can still take before it is out (a spirit: its Essence)."""
    return health(c).left


def crippled(c: Wolf) -> bool:
    """On the last level before the one that takes it out: one more blow ends it."""
    wounds = health(c)
    return not wounds.essence_max and wounds.left == 1


def kind(c: Wolf) -> Template:
    """``garou``, ``human``, ``spirit`` or ``fomor``."""
    found = state(c).kind
    return found if found in TEMPLATES else "human"  # `in`, not next(): asked very often


def soak_dice(c: Wolf, harm: WerewolfHarm) -> int:
    """The dice it soaks this damage with, as the policy reckons them (0 if it may not soak it).

    A spirit soaks with the dice its view shows; the living with Stamina less the wound
    penalty, a cautious estimate (the rules take the penalty off only under the option
    ``wounds_on_damage_and_soak``).
    """
    # `state`, `kind` and `trait` read in place: asked for every blow the policy weighs.
    me = c.werewolf if c.werewolf is not None else UNKNOWN
    template = me.kind if me.kind in TEMPLATES else "human"
    if not can_soak(template, harm.damage_type, silver=harm.silver, breed_form=me.breed_form):
        return 0
    if template == "spirit":
        return me.soak
    stamina = 0
    for name, value in c.traits:
        if name == "stamina":
            stamina = value
            break
    dice = stamina - c.penalty
    return dice if dice > 0 else 0


def segments(view: Sight[Wolf]) -> dict[str, tuple[int, ...]]:
    """Who acts on which segments this turn, by id (w20 actions after everyone's first as -1)."""
    return {c.id: state(c).acts_on for c in view.combatants}


_hitters: tuple[object, object, dict[int | None, list[Any]]] = (None, None, {})
"""The last view and combatant `hitters` was asked of, with its answers by segment: a policy
asks it for every defence and every split's defence part of one decision (views are frozen:
one object, one board). Replaced whole, in one step, as `arena.ai.look.foes` keeps its own."""


def hitters(view: Sight[W], me: W, segment: int | None = None) -> list[W]:
    """Enemies in reach of me (beside me, or armed with a gun), acting on that segment if given.

    The list is shared by every asker of the same view, combatant and segment: read it, never
    change it.
    """
    global _hitters
    kept = _hitters
    if kept[0] is view and kept[1] is me:
        by_segment = kept[2]
        if segment in by_segment:
            return by_segment[segment]
    else:
        by_segment = {}
        _hitters = (view, me, by_segment)
    found = []
    acting = None  # who acts when, worked out only if a segment is asked and anyone is close
    for c in foes(view, me):
        close = distance(me.pos, c.pos) <= 1 or trait(c, "firearms") > 0
        if not close:
            continue
        if segment is not None:
            if acting is None:
                acting = segments(view)
            if segment not in acting.get(c.id, ()):
                continue
        found.append(c)
    by_segment[segment] = found
    return found


def attackers(view: Sight[W], me: W) -> list[W]:
    """Enemies whose actions declared for this segment attack me."""
    cid = me.id  # each one's `state` read in place: asked at every action and reaction
    return [c for c in foes(view, me) if cid in (c.werewolf or UNKNOWN).targets]


def beside(view: Sight[W], target: W, me: W) -> int:
    """My allies standing next to a target: the gang on it."""
    x, y = target.pos
    gang = 0
    for c in friends(view, me):  # a loop with the distance in place: asked for every blow
        if -1 <= c.pos[0] - x <= 1 and -1 <= c.pos[1] - y <= 1:
            gang += 1
    return gang
