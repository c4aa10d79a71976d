"""Sorcerer questions besides the intention: abort or suck it up, pushing through, bonus dice."""

from __future__ import annotations

from collections.abc import Callable
from operator import mul
from typing import Final, TypeAlias

from arena.ai.look import S, Seen, Sight, trait
from arena.ai.pick import Level, Pick, default_choice, picked
from arena.ai.sorcerer.situation import (
    acted_on,
    blow,
    clobber,
    contest_of,
    defence,
    helpless_above,
    intent,
    performance,
    stated_blow,
    strike,
)
from arena.ai.sorcerer.values import (
    Dist,
    chance,
    dealt,
    expected,
    hurt_by_victories,
    outcomes,
)
from arena.rules.views import (
    Board,
    CombatantView,
    Decision,
    FightView,
    Piece,
    SorcererHarm,
    SorcererIntent,
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
    return _worth(found, acted_on(view, found), dice)


def _worth(found: SorcererIntent | None, target: Seen | None, dice: int) -> float:
    """`action_worth` of a stated intention, its target found."""
    if found is not None and found.kind == "attack" and target is not None:
        return strike(target, found.harm, dice, defence(target))
    if found is not None and found.kind == "flee":
        return KEEP_FLEEING
    return KEEP_OTHER


Mine: TypeAlias = tuple[SorcererIntent | None, int, int, SorcererHarm | None]
"""What an attacked one weighs of itself beyond the board: its revealed intention, its order
roll's dice, the penalty past which it is helpless, and its main blow."""


def react(view: FightView, decision: Decision, level: Level) -> Pick:
    """Abort or suck it up, whichever leaves me better off on average.

    Aborting defends with the full score and loses my action, but a won defence rolls its
    victories over to my next action against the attacker. Sucking it up defends with 1 die
    and keeps my action, though a wound gives my action's target as many bonus dice. The
    attacker's roll is already on the table, so the odds are reckoned against its faces,
    exactly as the fight shows them.
    """
    return _react(view, decision, level, _mine_in_view)


def react_at_a_glance(board: Board, decision: Decision, level: Level) -> Pick:
    """`react` weighed on the board at a glance, whose pieces carry what it reads."""
    return _react(board, decision, level, _mine_on_board)


def _mine_in_view(me: CombatantView) -> Mine:
    return intent(me), performance(me), helpless_above(me), blow(me)


def _mine_on_board(me: Piece) -> Mine:
    return me.intent, me.dice, me.helpless_above, me.blow


def _react(sight: Sight[S], decision: Decision, level: Level, mine_of: Callable[[S], Mine]) -> Pick:
    """`react` on any board, the attacked one's own facts read by ``mine_of``."""
    abort = suck = None
    for c in decision.choices:  # two choices, looked through: no index made for two lookups
        if c.key == "abort":
            abort = c
        elif c.key == "suck_it_up":
            suck = c
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
    me = sight.combatant(decision.actor)
    attacker = sight.combatant(decision.attacker or abort.target)
    found, dice, limit, main = mine_of(me)
    # My numbers read once for every reckoning below: the same ints, the same floats.
    penalty, stamina = me.penalty, trait(me, "stamina")
    mine, theirs = outcomes(full)
    cost_abort = expected(hit, theirs, penalty, stamina) - _rollover(
        stamina - penalty, stated_blow(found, main), attacker, mine
    )
    mine, theirs = outcomes(one)
    kept = _kept(found, acted_on(sight, found), dice, limit, penalty, hit, theirs)
    cost_suck = expected(hit, theirs, penalty, stamina) - kept
    if cost_abort < cost_suck:
        return picked(abort, "ai_aborts", full.own, cost_abort, cost_suck)
    return picked(suck if suck is not None else abort, "ai_sucks_it_up", cost_suck, cost_abort)


def _rollover(dice: int, harm: SorcererHarm | None, attacker: Seen, mine: Dist) -> float:
    """A won defence's victories, as bonus dice on my next blow (`harm`) at the attacker.

    `dice` is my `defence`, which the rolled-over victories add to.
    """
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
    # Each term made by `mul` and summed in the same order: the same float, with no Python
    # step a term.
    victories: float = sum(map(mul, range(len(mine)), mine))
    return per_die * victories


def _kept(
    found: SorcererIntent | None,
    target: Seen | None,
    dice: int,
    limit: int,
    penalty: int,
    hit: SorcererHarm,
    theirs: Dist,
) -> float:
    """My action's worth when I keep it, after the blow I suck up.

    My stated intention (`found`) acts on `target` with the `dice` of my order roll. A wound
    gives its target bonus dice to resist; one that leaves me helpless (my `penalty` past
    `limit`) loses the action altogether.
    """
    if found is None or found.kind != "attack" or target is None:
        return _worth(found, target, dice) * (1 - sum(theirs) / 2)
    # The blow's damage by victories, worked out once for its table: no call a count.
    hurts = hurt_by_victories(hit.temporary, hit.lasting, len(theirs))
    harm = found.harm
    if harm is None:  # no blow: `strike` gives nothing, however the victories fall
        worth = (1 - sum(theirs)) * 0.0
        for v, p in enumerate(theirs):
            if p and v and penalty + hurts[v] <= limit:
                worth += p * 0.0
        return worth
    # `strike` worked out in place, the target's numbers read once (its `defence` too): the
    # same floats, without three calls for each count of victories.
    stamina, its_penalty = trait(target, "stamina"), target.penalty
    resist = stamina - its_penalty
    mine = dice + clobber(resist)
    temporaries, lastings = harm.temporary, harm.lasting
    worth = (1 - sum(theirs)) * dealt(
        mine, resist if resist > 1 else 1, temporaries, lastings, its_penalty, stamina
    )
    for v, p in enumerate(theirs):
        if p and v:
            hurt = hurts[v]
            if penalty + hurt <= limit:
                against = resist + hurt
                worth += p * dealt(
                    mine, against if against > 1 else 1, temporaries, lastings, its_penalty, stamina
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
