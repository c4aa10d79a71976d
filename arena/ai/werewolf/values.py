"""Werewolf rolls in expected levels of damage, from the exact odds of `arena.rules.odds`."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from arena.ai.look import trait
from arena.ai.werewolf.means import Means, means
from arena.ai.werewolf.situation import soak_dice
from arena.rules.odds import open_odds, storyteller_odds
from arena.rules.views import CombatantView

CAP: Final = 15
"""Pools are capped for the estimates: past this many dice the choice no longer changes."""
DEFENCE: Final = 6
"""The difficulty an enemy's attack is reckoned at when its own choice is not known."""


def _dice(n: int) -> int:
    return min(max(n, 0), CAP)


@lru_cache(maxsize=1024)
def levels(damage: int, soak: int) -> float:
    """Expected levels a damage pool does through a soak pool (both open-ended at 6)."""
    hits = open_odds(_dice(damage)).exactly
    if soak <= 0:
        return sum(k * p for k, p in enumerate(hits))
    saved = open_odds(_dice(soak)).exactly
    return sum(
        (d - s) * pd * ps for d, pd in enumerate(hits) if pd for s, ps in enumerate(saved) if s < d
    )


@lru_cache(maxsize=4096)
def blow(pool: int, difficulty: int, damage: int, soak: int) -> float:
    """Expected levels of an attack: each success past the first adds a damage die."""
    odds = storyteller_odds(_dice(pool), difficulty)
    return sum(p * levels(damage + k - 1, soak) for k, p in enumerate(odds.exactly) if k)


def damage_dice(me: CombatantView, m: Means) -> int:
    """The damage pool before extra successes: Strength plus the means, or a gun's own."""
    return m.dice if m.gun else trait(me, "strength") + m.dice


def attack_worth(
    me: CombatantView, target: CombatantView, name: str, pool: int, diff: int
) -> float:
    """Expected levels my attack with this means does to the target."""
    m = means(name, me.form)
    return m.worth * blow(pool, diff, damage_dice(me, m), soak_dice(target, m))


def threat(attacker: CombatantView, me: CombatantView) -> float:
    """Expected levels an enemy's usual blow does to me, its choice unknown."""
    dex = trait(attacker, "dexterity") - attacker.penalty
    skill = max(trait(attacker, "brawl"), trait(attacker, "melee"), trait(attacker, "firearms"))
    m = Means(1, "aggravated" if attacker.form in ("Crinos", "Hispo", "Lupus") else "bashing")
    return blow(dex + skill, DEFENCE, damage_dice(attacker, m), soak_dice(me, m))


def cancelled(dice: int, diff: int, attacker: CombatantView) -> float:
    """The share of an enemy's attack successes a defence roll is expected to cancel."""
    mine = storyteller_odds(_dice(dice), diff).expected
    skill = max(trait(attacker, "brawl"), trait(attacker, "melee"), trait(attacker, "firearms"))
    theirs = storyteller_odds(_dice(trait(attacker, "dexterity") + skill), DEFENCE).expected
    return 1.0 if theirs <= 0 else min(1.0, mine / theirs)


def guarded(dice: int, diff: int, me: CombatantView, attackers: list[CombatantView]) -> float:
    """Expected levels a defence on one segment saves against these attackers."""
    return sum(cancelled(dice, diff, a) * threat(a, me) for a in attackers)
