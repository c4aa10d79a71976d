"""Sorcerer questions besides the intention: abort or suck it up, pushing through, bonus dice."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from arena.ai.look import contest_in, trait
from arena.ai.pick import Level, Pick, default_choice, picked
from arena.ai.sorcerer.harm import harm, row
from arena.ai.sorcerer.situation import (
    clobber,
    defence,
    intended_target,
    performance,
    strike,
)
from arena.ai.sorcerer.values import CAP, against, chance
from arena.rules.odds import contest_odds
from arena.rules.views import CombatantView, Decision, FightView

KEEP_FLEEING: Final = 8.0
"""What a running coward's flight is worth, in harm: as much as staying up."""
KEEP_OTHER: Final = 1.0
"""What an action other than an attack or a flight is worth, in harm [a policy estimate]."""
_WITH: Final = re.compile(r" with (.+?)(?: \[|$)")
_FACES: Final = re.compile(r"\[([0-9 ]+)\]")
Dist = tuple[float, ...]
"""Chances by number of victories."""


def weapon_in(text: str) -> str:
    """The weapon a text names after ``with`` (``attack Tom with knife``), or fists."""
    found = _WITH.search(text)
    return found.group(1) if found else "fists"


def action_worth(view: FightView, me: CombatantView, dice: int) -> float:
    """What my stated action is worth in expected harm, rolled with this many dice."""
    text = me.intention
    target = intended_target(view, me)
    if text.startswith("attack") and target is not None:
        return strike(me, target, weapon_in(text), dice, defence(target))
    if "flee" in text:
        return KEEP_FLEEING
    return KEEP_OTHER


def react(view: FightView, decision: Decision, level: Level) -> Pick:
    """Abort or suck it up, whichever leaves me better off on average.

    Aborting defends with the full score and loses my action, but a won defence rolls its
    victories over to my next action against the attacker. Sucking it up defends with 1 die
    and keeps my action, though a wound gives my action's target as many bonus dice. The
    attacker's roll is already on the table, so the odds are reckoned against its faces.
    """
    abort, suck = decision.choice("abort"), decision.choice("suck_it_up")
    if level == "easy" or abort is None or suck is None:
        choice = default_choice(decision)
        return picked(choice, f"reacts on instinct: {choice.key.replace('_', ' ')}")
    me, attacker = view.combatant(decision.actor), view.combatant(abort.target)
    full, attack = contest_in(abort.odds) or (defence(me), 1)
    one, _ = contest_in(suck.odds) or (1, attack)
    hit = Hit(weapon_in(decision.prompt), trait(attacker, "power"), _faces(decision.prompt))
    mine, theirs = _odds(hit, full, defence(me), attack)
    cost_abort = _harm(me, hit, theirs) - _rollover(view, me, attacker, mine)
    mine, theirs = _odds(hit, one, 1 - me.penalty, attack)
    cost_suck = _harm(me, hit, theirs) - _kept(view, me, hit, theirs)
    if cost_abort < cost_suck:
        why = (
            f"{full} dice: net harm {cost_abort:.1f} against {cost_suck:.1f} for keeping its action"
        )
        return picked(abort, f"aborts to defend: {why}")
    why = f"net harm {cost_suck:.1f} keeping its action, against {cost_abort:.1f} for aborting"
    return picked(suck, f"sucks it up: {why}")


@dataclass(frozen=True, slots=True)
class Hit:
    """The attack being reacted to."""

    weapon: str
    power: int
    faces: tuple[int, ...]
    """Its performance, already rolled (empty if unknown)."""


def _faces(prompt: str) -> tuple[int, ...]:
    found = _FACES.search(prompt)
    return tuple(int(f) for f in found.group(1).split()) if found else ()


def _odds(hit: Hit, dice: int, raw: int, attack: int) -> tuple[Dist, Dist]:
    """(my victories, its victories) for a defence of `dice`, `raw` before a clobber lifts it."""
    if hit.faces and clobber(raw) == 0:
        return against(hit.faces, dice)
    # Clobbered, the attacker adds fresh dice to its roll: reckon the whole contest afresh.
    odds = contest_odds(min(max(dice, 1), CAP), min(attack + clobber(raw), CAP))
    return odds.first_victories, odds.second_victories


def _harm(me: CombatantView, hit: Hit, theirs: Dist) -> float:
    stamina = trait(me, "stamina")
    return sum(
        p * harm(hit.weapon, v, hit.power, me.penalty, stamina) for v, p in enumerate(theirs)
    )


def _rollover(view: FightView, me: CombatantView, attacker: CombatantView, mine: Dist) -> float:
    """A won defence's victories, as bonus dice on my next blow at the attacker."""
    dice = defence(me)
    weapon = weapon_in(me.intention)
    one_more = strike(me, attacker, weapon, dice + 1, defence(attacker))
    per_die = max(0.0, one_more - strike(me, attacker, weapon, dice, defence(attacker)))
    return per_die * sum(v * p for v, p in enumerate(mine))


def _kept(view: FightView, me: CombatantView, hit: Hit, theirs: Dist) -> float:
    """My action's worth when I keep it: a wound gives its target bonus dice to resist."""
    target = intended_target(view, me)
    dice = performance(view, me)
    if not me.intention.startswith("attack") or target is None:
        return action_worth(view, me, dice) * (1 - sum(theirs) / 2)
    weapon, resist = weapon_in(me.intention), defence(target)
    worth = (1 - sum(theirs)) * strike(me, target, weapon, dice, resist)
    for v, p in enumerate(theirs):
        if p and v:
            temporary, lasting = row(hit.weapon)(v, hit.power)
            worth += p * strike(me, target, weapon, dice, resist + temporary + lasting)
    return worth


def push(view: FightView, decision: Decision, level: Level) -> Pick:
    """Push through for the dice that give the most expected harm (Will must win first)."""
    me = view.combatant(decision.actor)
    if level == "easy":
        choice = default_choice(decision)
        return picked(choice, f"pushes through on instinct: {choice.label}")
    scored = []
    for index, choice in enumerate(decision.choices):
        found = contest_in(choice.odds)
        if found is None or not choice.key.startswith("push:") or choice.key == "push:0":
            continue
        will, dice = found
        value = chance(will, dice) * action_worth(view, me, dice)
        scored.append((value, -index, choice, will, dice))
    if not scored:
        choice = default_choice(decision)
        return picked(choice, f"cannot push through: {choice.label}")
    value, _, choice, will, dice = max(scored, key=lambda s: (s[0], s[1]))
    why = f"Will {will} beats {dice} dice {chance(will, dice):.0%}, worth {value:.1f} harm"
    return picked(choice, f"pushes through for {dice} dice: {why}")


def bonus(decision: Decision) -> Pick:
    """The role-playing bonus its profile gives (the fight's default)."""
    choice = default_choice(decision)
    return picked(choice, f"takes its profile's role-playing bonus: {choice.label}")
