"""Focus fire in expected fighting worth: a blow is worth the dice it takes off the enemy's side.

A human on the book's track has no dice left to strike with at Crippled (its penalty, 5, is
its whole attack pool), so a thug is out of the fight for good one level before it falls:
the levels that count are those until it is harmless, and a blow that makes it harmless is
worth more than the levels it deals. An enemy already harmless is worth little: it ends the
fight when the others are down, and strikes nobody meanwhile.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from arena.ai.look import current, trait
from arena.ai.werewolf.situation import health, levels_left, soak_dice
from arena.ai.werewolf.values import CAP
from arena.rules.dice import Tens
from arena.rules.odds import open_odds, storyteller_odds
from arena.rules.views import CombatantView, StorytellerSpec, WerewolfHarm
from arena.rules.werewolf.health import HEALTH_LEVELS
from arena.rules.werewolf.soak import levels_after_soak

DISABLE: Final = 2.0
"""Extra worth, in levels, of the blow that leaves an enemy no dice to strike with."""
SPENT: Final = 0.25
"""The share of a blow's levels counted on an enemy already harmless."""


def _dice(n: int) -> int:
    return min(max(n, 0), CAP)


def strike_pool(c: CombatantView) -> int:
    """Its best attack pool unhurt: Dexterity and its best fighting skill."""
    skill = max(trait(c, "brawl"), trait(c, "melee"), trait(c, "firearms"))
    return trait(c, "dexterity") + skill


def to_harmless(c: CombatantView) -> int:
    """Levels more until it has no dice to strike with, or is out (a spirit: its Essence left).

    The penalties are the book's track, where the track is the book's seven levels.
    """
    wounds = health(c)
    left = levels_left(c)
    if wounds.essence_max or wounds.track != len(HEALTH_LEVELS):
        return left
    pool = strike_pool(c)
    filled = wounds.filled
    for more in range(left):
        if filled + more >= 1 and pool - HEALTH_LEVELS[filled + more - 1].penalty <= 0:
            return more
    return left


def harmless(c: CombatantView) -> bool:
    """It has no dice left to strike with (yet it is still in the fight)."""
    return to_harmless(c) == 0


def bought(me: CombatantView, spec: StorytellerSpec) -> int:
    """The automatic successes its roll is reckoned with: a point of Willpower when it has no dice.

    With no dice a blow lands only on Willpower's success, and a fighter that has a point left
    spends it: Crippled, it still strikes.
    """
    if spec.pool <= 0 and current(me, "Willpower") >= 1:
        return max(spec.automatic, 1)
    return spec.automatic


@lru_cache(maxsize=4096)
def dealt(
    pool: int,
    difficulty: int,
    damage: int,
    soak: int,
    tens: Tens,
    damage_tens: Tens,
    automatic: int = 0,
) -> tuple[float, ...]:
    """The chance of each number of levels an attack deals (0, 1, 2...) through a soak."""
    odds = storyteller_odds(_dice(pool), difficulty, automatic=automatic, tens=tens).exactly
    saved = open_odds(_dice(soak), tens=damage_tens).exactly if soak > 0 else (1.0,)
    found: list[float] = [0.0]
    for k, pk in enumerate(odds):
        if not pk:
            continue
        if not k:
            found[0] += pk  # a miss deals nothing
            continue
        hits = open_odds(_dice(damage + k - 1), tens=damage_tens).exactly
        for d, pd in enumerate(hits):
            if not pd:
                continue
            for s, ps in enumerate(saved):
                got = levels_after_soak(d, s)
                while len(found) <= got:
                    found.append(0.0)
                found[got] += pk * pd * ps
    return tuple(found)


def blow_worth(
    me: CombatantView, target: CombatantView, spec: StorytellerSpec, harm: WerewolfHarm
) -> float:
    """An attack's worth in levels: those it deals that count, and more if it disables."""
    soak = soak_dice(target, harm)
    chances = dealt(
        spec.pool, spec.difficulty, harm.pool, soak, spec.tens, harm.tens, bought(me, spec)
    )
    need = to_harmless(target)
    left = levels_left(target)
    worth = 0.0
    for levels, p in enumerate(chances):
        if not levels or not p:
            continue
        if need == 0:
            worth += p * SPENT * min(levels, left)
        else:
            worth += p * (min(levels, need) + (DISABLE if levels >= need else 0.0))
    return worth
