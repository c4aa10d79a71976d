"""The Werewolf board as a player reads it: health left, who soaks what, who acts when."""

from __future__ import annotations

from typing import Final

from arena.ai.look import current, foes, friends, pool, trait
from arena.ai.werewolf.means import Means
from arena.rules.grid import distance
from arena.rules.views import CombatantView, FightView

TRACK: Final = ("Bruised", "Hurt", "Injured", "Wounded", "Mauled", "Crippled", "Incapacitated")
"""The health levels in order; the last takes a combatant out of the fight."""
BREED_LIKE: Final = ("Homid", "Lupus")
"""Forms a Garou is likely born in, where it cannot soak aggravated damage [an estimate]."""


def levels_left(c: CombatantView) -> int:
    """Levels of damage it can still take before it is out (a spirit: its Essence)."""
    if c.health.startswith("Essence"):
        return current_essence(c)
    for index, name in enumerate(TRACK):
        if c.health.startswith(name):
            return len(TRACK) - index - 1
    return 0 if c.health in ("Dead", "Dissipated") else len(TRACK)


def current_essence(c: CombatantView) -> int:
    """A spirit's Essence now, from ``Essence 5/8``."""
    number = c.health.removeprefix("Essence ").split("/")[0]
    return int(number) if number.isdigit() else 0


def crippled(c: CombatantView) -> bool:
    """At Crippled (or worse): one more blow takes it out."""
    return c.health.startswith("Crippled")


def kind(c: CombatantView) -> str:
    """``spirit``, ``garou`` or ``human`` (fomori count as human: they soak like one)."""
    if c.health.startswith("Essence") or c.form == "Spirit":
        return "spirit"
    rage = pool(c, "Rage")
    return "garou" if rage is not None and rage.maximum > 0 else "human"


def soaks(c: CombatantView, m: Means) -> bool:
    """Whether it may soak this damage at all."""
    what = kind(c)
    if what == "spirit":
        return not m.silver
    if what == "human":
        return m.kind == "bashing"
    if m.silver:
        return False
    return m.kind != "aggravated" or c.form not in BREED_LIKE


def soak_dice(c: CombatantView, m: Means) -> int:
    """The dice it soaks this damage with (0 if it cannot)."""
    if not soaks(c, m):
        return 0
    if kind(c) == "spirit":
        return current(c, "Gnosis")
    return max(0, trait(c, "stamina") - c.penalty)


def segments(view: FightView) -> dict[str, list[int]]:
    """Who acts on which segments this turn, from the segment track (w20's ``after`` as -1)."""
    found: dict[str, list[int]] = {}
    for line in view.order:
        where, _, names = line.partition(": ")
        segment = int(where) if where.isdigit() else -1
        for name in names.split(", "):
            found.setdefault(name, []).append(segment)
    return found


def hitters(view: FightView, me: CombatantView, segment: int | None = None) -> list[CombatantView]:
    """Enemies in reach of me (beside me, or armed with a gun), acting on that segment if given."""
    acting = segments(view)
    found = []
    for c in foes(view, me):
        close = distance(me.pos, c.pos) <= 1 or trait(c, "firearms") > 0
        if close and (segment is None or segment in acting.get(c.name, [])):
            found.append(c)
    return found


def beside(view: FightView, target: CombatantView, me: CombatantView) -> int:
    """My allies standing next to a target: the gang on it."""
    return sum(1 for c in friends(view, me) if distance(c.pos, target.pos) <= 1)
