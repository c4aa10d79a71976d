"""Sorcerer questions besides the intention: abort or suck it up, pushing through, bonus dice."""

from __future__ import annotations

from typing import Final

from arena.ai.look import trait
from arena.ai.pick import Level, Pick, default_choice, picked
from arena.ai.sorcerer.situation import (
    clobber,
    contest_of,
    defence,
    helpless_above,
    intended_target,
    intent,
    my_blow,
    performance,
    strike,
)
from arena.ai.sorcerer.values import Dist, chance, dealt, expected, outcomes
from arena.rules.views import (
    CombatantView,
    Decision,
    FightView,
    SorcererHarm,
)
from arena.words.core import Drawn
from arena.words.reasons import label, spaced

KEEP_FLEEING: Final = 8.0
"""What a running coward's flight is worth, in harm: as much as staying up."""
KEEP_OTHER: Final = 1.0
"""What an action other than an attack or a flight is worth, in harm [a policy estimate]."""


def action_worth(view: FightView, me: CombatantView, dice: int) -> float:
    """What my stated action is worth in expected harm, rolled with this many dice."""
    found = intent(me)
    target = intended_target(view, me)
    if found is not None and found.kind == "attack" and target is not None:
        return strike(target, found.harm, dice, defence(target))
    if found is not None and found.kind == "flee":
        return KEEP_FLEEING
    return KEEP_OTHER


def react(view: FightView, decision: Decision, level: Level) -> Pick:
    """Abort or suck it up, whichever leaves me better off on average.

    Aborting defends with the full score and loses my action, but a won defence rolls its
    victories over to my next action against the attacker. Sucking it up defends with 1 die
    and keeps my action, though a wound gives my action's target as many bonus dice. The
    attacker's roll is already on the table, so the odds are reckoned against its faces,
    exactly as the fight shows them.
    """
    abort, suck = decision.choice("abort"), decision.choice("suck_it_up")
    full = None if abort is None else contest_of(abort)
    one = None if suck is None else contest_of(suck)
    hit = decision.harm
    if (
        level == "easy"
        or abort is None
        or full is None
        or one is None
        or not isinstance(hit, SorcererHarm)
    ):
        choice = default_choice(decision)
        return picked(choice, "ai_instinct_react", Drawn(spaced, (choice.key,)))
    me = view.combatant(decision.actor)
    attacker = view.combatant(decision.attacker or abort.target)
    mine, theirs = outcomes(full)
    cost_abort = _harm(me, hit, theirs) - _rollover(me, attacker, mine)
    mine, theirs = outcomes(one)
    cost_suck = _harm(me, hit, theirs) - _kept(view, me, hit, theirs)
    if cost_abort < cost_suck:
        return picked(abort, "ai_aborts", full.own, cost_abort, cost_suck)
    return picked(suck if suck is not None else abort, "ai_sucks_it_up", cost_suck, cost_abort)


def _harm(me: CombatantView, hit: SorcererHarm, theirs: Dist) -> float:
    return expected(hit, theirs, me.penalty, trait(me, "stamina"))


def _rollover(me: CombatantView, attacker: CombatantView, mine: Dist) -> float:
    """A won defence's victories, as bonus dice on my next blow at the attacker."""
    dice, harm = defence(me), my_blow(me)
    # `strike` at `dice` and one more, worked out in place: the attacker's Stamina read once
    # for its defence and its reckoning, the same floats.
    stamina, penalty = trait(attacker, "stamina"), attacker.penalty
    theirs = stamina - penalty  # its `defence`
    if harm is None:
        one_more = fewer = 0.0
    else:
        own = dice + clobber(theirs)
        against = theirs if theirs > 1 else 1
        temporary, lasting = harm.temporary, harm.lasting
        one_more = dealt(own + 1, against, temporary, lasting, penalty, stamina)
        fewer = dealt(own, against, temporary, lasting, penalty, stamina)
    per_die = max(0.0, one_more - fewer)
    # A list, not a generator, summed in the same order: the same float, without a call a term.
    return per_die * sum([v * p for v, p in enumerate(mine)])


def _kept(view: FightView, me: CombatantView, hit: SorcererHarm, theirs: Dist) -> float:
    """My action's worth when I keep it, after the blow I suck up.

    A wound gives its target bonus dice to resist; one that leaves me helpless loses the
    action altogether.
    """
    target = intended_target(view, me)
    dice = performance(me)
    found = intent(me)
    if found is None or found.kind != "attack" or target is None:
        return action_worth(view, me, dice) * (1 - sum(theirs) / 2)
    resist, limit = defence(target), helpless_above(me)
    harm = found.harm
    if harm is None:  # no blow: `strike` gives nothing, however the victories fall
        worth = (1 - sum(theirs)) * 0.0
        for v, p in enumerate(theirs):
            if p and v:
                temporary, lasting = hit.at(v)
                if me.penalty + temporary + lasting <= limit:
                    worth += p * 0.0
        return worth
    # `strike` worked out in place, the target's numbers read once: the same floats, without
    # three calls for each count of victories.
    stamina, penalty = trait(target, "stamina"), target.penalty
    mine = dice + clobber(stamina - penalty)
    temporaries, lastings = harm.temporary, harm.lasting
    worth = (1 - sum(theirs)) * dealt(
        mine, resist if resist > 1 else 1, temporaries, lastings, penalty, stamina
    )
    for v, p in enumerate(theirs):
        if p and v:
            temporary, lasting = hit.at(v)
            if me.penalty + temporary + lasting <= limit:
                against = resist + temporary + lasting
                worth += p * dealt(
                    mine, against if against > 1 else 1, temporaries, lastings, penalty, stamina
                )
    return worth


def push(view: FightView, decision: Decision, level: Level) -> Pick:
    """Push through for the dice that give the most expected harm (Will must win first)."""
    me = view.combatant(decision.actor)
    if level == "easy":
        choice = default_choice(decision)
        return picked(choice, "ai_instinct_push", Drawn(label, (choice,)))
    scored = []
    for index, choice in enumerate(decision.choices):
        spec = contest_of(choice)
        if spec is None:
            continue
        will, dice = spec.own, spec.opposing
        value = chance(will, dice) * action_worth(view, me, dice)
        scored.append((value, -index, choice, will, dice))
    if not scored:
        choice = default_choice(decision)
        return picked(choice, "ai_cannot_push", Drawn(label, (choice,)))
    value, _, choice, will, dice = max(scored, key=lambda s: (s[0], s[1]))
    return picked(choice, "ai_pushes", will, dice, chance(will, dice), value)


def bonus(decision: Decision) -> Pick:
    """The role-playing bonus its profile gives (the fight's default)."""
    choice = default_choice(decision)
    return picked(choice, "ai_bonus", Drawn(label, (choice,)))
