"""Werewolf rolls in expected levels of damage, from the exact odds of `arena.rules.odds`."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from arena.ai.kept import MOST
from arena.ai.look import trait
from arena.ai.werewolf.situation import UNKNOWN, W, Wolf, soak_dice, state
from arena.rules.dice import Tens
from arena.rules.odds import open_odds, storyteller_odds
from arena.rules.views import Choice, StorytellerSpec, WerewolfHarm
from arena.rules.werewolf.soak import levels_through_soak

CAP: Final = 15
"""Pools are capped for the estimates: past this many dice the choice no longer changes."""
DEFENCE: Final = 6
"""The difficulty an enemy's attack is reckoned at when its own choice is not known."""
WORTH: Final = {"falls_too": 0.6, "grapple": 0.8}
"""The share of a blow's damage counted when it does more than hurt: a tackle drops the
attacker too; a grapple holds rather than hits. A policy's estimate, not a rule."""


def _dice(n: int) -> int:
    return min(max(n, 0), CAP)


@lru_cache(maxsize=1024)
def levels(damage: int, soak: int, tens: Tens = "reroll") -> float:
    """Expected levels a damage pool does through a soak pool (both open-ended at 6).

    Args:
        damage: damage dice.
        soak: soak dice.
        tens: what a 10 does on both rolls (the ``damage_tens`` option, as the harm says).
    """
    hits = open_odds(_dice(damage), tens=tens).exactly
    saved = open_odds(_dice(soak), tens=tens).exactly if soak > 0 else (1.0,)
    return levels_through_soak(hits, saved)


@lru_cache(maxsize=4096)
def blow(
    pool: int,
    difficulty: int,
    damage: int,
    soak: int,
    tens: Tens = "off",
    damage_tens: Tens = "reroll",
) -> float:
    """Expected levels of an attack: each success past the first adds a damage die.

    `tens` is what the attack roll's 10s do (a specialty), `damage_tens` the damage and soak
    rolls'.
    """
    odds = storyteller_odds(_dice(pool), difficulty, tens=tens)
    return sum(
        p * levels(damage + k - 1, soak, damage_tens) for k, p in enumerate(odds.exactly) if k
    )


def roll_of(choice: Choice, index: int = 0) -> StorytellerSpec | None:
    """The choice's roll at this place in order, if it makes a Storyteller roll there."""
    if index < len(choice.rolls):
        spec = choice.rolls[index]
        if isinstance(spec, StorytellerSpec):
            return spec
    return None


def harm_of(choice: Choice) -> WerewolfHarm | None:
    """What the choice's blow does if it lands, if it is a Werewolf blow."""
    return choice.harm if isinstance(choice.harm, WerewolfHarm) else None


def worth(choice: Choice) -> float:
    """The share of the blow's damage the AI counts (nothing for a blow that does none)."""
    if harm_of(choice) is None:
        return 0.0
    return min((WORTH[t] for t in choice.tags if t in WORTH), default=1.0)


def attack_worth(target: Wolf, spec: StorytellerSpec, harm: WerewolfHarm) -> float:
    """Expected levels an attack with this roll and this harm does to the target."""
    return blow(
        spec.pool, spec.difficulty, harm.pool, soak_dice(target, harm), spec.tens, harm.tens
    )


_THREATS: dict[tuple[object, ...], tuple[object, object, object, float]] = {}
"""(all `threat` reads, its traits and blow by identity) → (the traits, the blow, my traits,
the threat)."""


def threat(attacker: Wolf, me: Wolf) -> float:
    """Expected levels an enemy's heaviest blow does to me, its choice unknown.

    Kept by all it reads, not by the views: a view is made again whenever anything it shows
    changes, while the traits and the heaviest blow are the fight's own objects, the same for
    as long as the form and arms are (held in the entry, so their ids are not reused).
    """
    blow, traits, mine = (attacker.werewolf or UNKNOWN).blow, attacker.traits, me.traits
    at = me.werewolf or UNKNOWN
    key = (
        id(traits),
        attacker.penalty,
        id(blow),
        id(mine),
        me.penalty,
        at.kind,
        at.breed_form,
        at.soak,
    )
    found = _THREATS.get(key)
    if found is not None and found[0] is traits and found[1] is blow and found[2] is mine:
        return found[3]
    value = _threat(attacker, me)
    if len(_THREATS) >= MOST:
        _THREATS.clear()
    _THREATS[key] = (traits, blow, mine, value)
    return value


def _threat(attacker: Wolf, me: Wolf) -> float:
    dex = trait(attacker, "dexterity") - attacker.penalty
    skill = max(trait(attacker, "brawl"), trait(attacker, "melee"), trait(attacker, "firearms"))
    harm = state(attacker).blow or WerewolfHarm(trait(attacker, "strength"), "bashing")
    return blow(dex + skill, DEFENCE, harm.pool, soak_dice(me, harm), "off", harm.tens)


_CANCELLED: dict[tuple[int, int, int, Tens], tuple[object, float]] = {}
"""(id of the attacker's traits, dice, difficulty, tens) → (the traits, the share)."""


def cancelled(dice: int, diff: int, attacker: Wolf, tens: Tens = "off") -> float:
    """The share of an enemy's attack successes a defence roll is expected to cancel.

    Kept by all it reads, as `threat` is: of the attacker, only its traits, the fight's own
    object (held in the entry, so its id is not reused while kept).
    """
    traits = attacker.traits
    key = (id(traits), dice, diff, tens)
    found = _CANCELLED.get(key)
    if found is not None and found[0] is traits:
        return found[1]
    share = _cancelled(dice, diff, attacker, tens)
    if len(_CANCELLED) >= MOST:
        _CANCELLED.clear()
    _CANCELLED[key] = (traits, share)
    return share


def _cancelled(dice: int, diff: int, attacker: Wolf, tens: Tens) -> float:
    mine = storyteller_odds(_dice(dice), diff, tens=tens).expected
    skill = max(trait(attacker, "brawl"), trait(attacker, "melee"), trait(attacker, "firearms"))
    theirs = storyteller_odds(_dice(trait(attacker, "dexterity") + skill), DEFENCE).expected
    return 1.0 if theirs <= 0 else min(1.0, mine / theirs)


def guarded(spec: StorytellerSpec, me: W, attackers: list[W]) -> float:
    """Expected levels a defence roll on one segment saves against these attackers."""
    pool, difficulty, tens = spec.pool, spec.difficulty, spec.tens
    saved: float = 0  # summed in a loop, in order, as `sum` would: the same float, no call a term
    for a in attackers:
        saved += cancelled(pool, difficulty, a, tens) * threat(a, me)
    return saved
