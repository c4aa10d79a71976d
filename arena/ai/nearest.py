"""The default policy, ``nearest``: go for the nearest enemy, and defend when that is sensible.

It picks targets naively (the nearest, never the weakest) and never spends Rage, but it does
not stand still under a blow it could turn: attacked, it weighs the defence the rules give
against what its own action is worth, as the tactical policies do. At ``easy`` it never
defends.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from arena.ai.basic import glance as naive_glance
from arena.ai.basic import naive_look, nearest_attack
from arena.ai.basic import nearest as naive
from arena.ai.look import S, Seen, Sight, foes
from arena.ai.pick import Body, Level, Pick, picked
from arena.ai.sorcerer.answers import react as sorcerer_react
from arena.ai.sorcerer.answers import react_at_a_glance as sorcerer_react_at_a_glance
from arena.ai.sorcerer.fighters import guard_saved
from arena.ai.sorcerer.situation import blow, contest_of, defence, harm_of, strike
from arena.ai.werewolf.actions import Style, attack_value
from arena.ai.werewolf.answers import react as werewolf_react
from arena.ai.werewolf.situation import W, attackers, hitters
from arena.ai.werewolf.values import guarded, roll_of
from arena.rules.views import Board, Choice, Decision, FightView, Piece, SorcererHarm
from arena.words.core import Drawn
from arena.words.reasons import label, names

VERBS: Final = {"dodge": "dodges", "block": "blocks", "parry": "parries"}
PLAIN: Final = Style(gang=0.0, finish=0.0)
"""How nearest weighs a blow against a defence: its expected levels, nothing added."""


def _glance(decision: Decision, rng: random.Random, level: Level) -> Pick | None:
    if len(decision.choices) == 1:
        only = decision.choices[0]
        return picked(only, "ai_one_choice", Drawn(label, (only,)))
    if decision.kind == "reaction" and level != "easy":
        return None  # attacked: worth a look at the board
    return naive_glance(decision, rng, level)


def _peek(
    glimpse: Callable[[], Board], decision: Decision, rng: random.Random, level: Level
) -> Pick | None:
    """What `_look` gives, from the board at a glance: a defence weighed, else the naive pick."""
    board = glimpse()
    if decision.kind == "reaction":  # attacked: weighed on the board, where its ruleset can
        reacts = _REACTS_AT_A_GLANCE.get(board.ruleset)
        return None if reacts is None else reacts(board, decision, level)
    guard = None
    if level != "easy":
        guard = _GUARDS_AT_A_GLANCE.get(board.ruleset)
        if guard is None:
            return None  # a defence that reads the whole view
    # The pick reads the board, the menu and who is asked, nothing else (no dice): the same
    # very board and menu, which fights of one content bring back, give the same pick.
    if decision.resolver is not None:  # its unlisted choices are not the menu's
        return _weighed(board, decision, rng, level, guard)
    key = (id(board), id(decision.choices), decision.actor, decision.kind, level)
    kept = _picks[key] if key in _picks else None  # noqa: SIM401 (a test and a subscript: no call)
    if kept is not None and kept[0] is board and kept[1] is decision.choices:
        return kept[2]
    found = _weighed(board, decision, rng, level, guard)
    if len(_picks) >= PICKS_KEPT:
        _picks.clear()
    _picks[key] = (board, decision.choices, found)
    return found


def _weighed(
    board: Board,
    decision: Decision,
    rng: random.Random,
    level: Level,
    guard: Callable[[Board, Decision], Pick | None] | None,
) -> Pick:
    """`_peek`'s pick for anything but a reaction: a defence weighed, else the naive pick."""
    if guard is not None:
        guarded = guard(board, decision)
        if guarded is not None:
            return guarded
    return naive_look(board, decision, rng, level)


PICKS_KEPT: Final = 4096
"""Picks kept (`_picks`) before they are worked out afresh: a duel's fights ask a few hundred."""
_picks: dict[tuple[object, ...], tuple[Board, tuple[Choice, ...], Pick]] = {}
"""`_peek`'s picks by the ids of the board and menu they were worked out on, who was asked,
what, and at which level; each with the board and menu themselves (held: no id is reused
while kept, and checked on a find)."""


def _look(view: FightView, decision: Decision, rng: random.Random, level: Level) -> Pick:
    react, guard = _BY_RULESET[view.ruleset]
    if decision.kind == "reaction":
        return react(view, decision, level)
    if level != "easy":
        guarded = guard(view, decision)
        if guarded is not None:
            return guarded
    return naive.look(view, decision, rng, level)


def dodge_or_parry(view: Sight[W], decision: Decision) -> Pick | None:
    """Werewolf: the best dodge, block or parry, or None.

    Only when enemies attack me on this segment, and only if it saves more levels than my blow
    at the nearest enemy would deal. It reads no more than the board at a glance shows: a
    `Board` serves as well as the view.
    """
    me = view.combatant(decision.actor)
    if decision.kind != "action":
        return None
    who = attackers(view, me)
    if not who:
        return None
    # The enemies in reach on this segment are the same for every defence: found once.
    reach = hitters(view, me, decision.segment)
    choice, saved = None, 0.0
    for c in decision.choices:
        if "defend" in c.tags:
            spec = roll_of(c)
            value = PLAIN.defend * guarded(spec, me, reach) if spec is not None else 0.0
            if choice is None or value > saved:
                choice, saved = c, value
    if choice is None:
        return None
    mine = _nearest_attack(view, me, decision)
    dealt = attack_value(view, me, mine, PLAIN, "normal") if mine is not None else 0.0
    if saved <= dealt:
        return None
    verb = VERBS.get(choice.key, choice.key)
    who_names = tuple([a.name for a in who])
    return picked(choice, "ai_guards", verb, Drawn(names, (who_names,)), saved, dealt)


def total_defense(view: FightView, decision: Decision) -> Pick | None:
    """Sorcerer: total defense, or None.

    Only when hurt, and only if the harm it saves against the enemies near me is more than my
    attack on the nearest enemy would do.
    """
    return _total_defense(view, decision, blow)


def _total_defense_at_a_glance(board: Board, decision: Decision) -> Pick | None:
    """`total_defense` weighed on the board at a glance, whose pieces carry their blows."""
    return _total_defense(board, decision, _blow_of_piece)


def _blow_of_piece(piece: Piece) -> SorcererHarm | None:
    return piece.blow


def _total_defense(
    view: Sight[S], decision: Decision, blow_of: Callable[[S], SorcererHarm | None]
) -> Pick | None:
    """`total_defense` on any board, each combatant's blow read by ``blow_of``."""
    if decision.kind != "intention":
        return None
    me = view.combatant(decision.actor)
    if not me.penalty:  # asked first: most intentions are stated unhurt
        return None
    choice = _listed(decision, "total_defense")
    if choice is None:
        return None
    saved = guard_saved(view, me, blow_of)
    mine = _nearest_attack(view, me, decision)
    dealt = _harm(view, me, mine, blow_of) if mine is not None else 0.0
    if saved <= dealt:
        return None
    return picked(choice, "ai_total_defense_over", saved, dealt)


def _listed(decision: Decision, key: str) -> Choice | None:
    """The choice with this key: the listed ones looked through, then the resolver's, if any.

    Read in order, with no index of keys made: total defense comes just after the attacks in
    an intention's menu, and a pick made on a menu is kept with it (`_peek`), so that most
    menus are asked this once.
    """
    for c in decision.choices:
        if c.key == key:
            return c
    return None if decision.resolver is None else decision.choice(key)


def _nearest_attack(view: Sight[Seen], me: Seen, decision: Decision) -> Choice | None:
    """The attack the naive policy would make here (None if it would move or do nothing)."""
    return nearest_attack(decision, me.pos, {c.id: c.pos for c in foes(view, me)})


def _harm(
    view: Sight[S], me: S, choice: Choice, blow_of: Callable[[S], SorcererHarm | None]
) -> float:
    """The expected harm of a Sorcerer attack choice, as its contest stands."""
    target = view.combatant(choice.target or "")
    spec = contest_of(choice)
    mine, theirs = (spec.own, spec.opposing) if spec else (defence(me), defence(target))
    return strike(target, harm_of(choice) or blow_of(me), mine, theirs)


NEAREST: Final = Body(_look, _glance, _peek)
"""Attack the nearest enemy in reach, else move toward it; defend when it is sensible."""


Reacts = Callable[[FightView, Decision, Level], Pick]
"""A ruleset's answer to an attack on the one asked."""
Guards = Callable[[FightView, Decision], Pick | None]
"""A ruleset's defence taken instead of the asked one's own action, or None."""
_BY_RULESET: Final[dict[str, tuple[Reacts, Guards]]] = {
    "werewolf": (werewolf_react, dodge_or_parry),
    "sorcerer": (sorcerer_react, total_defense),
}
"""Each ruleset's answers: asked by the view's ruleset, never by comparing its name."""


_GUARDS_AT_A_GLANCE: Final[dict[str, Callable[[Board, Decision], Pick | None]]] = {
    "werewolf": dodge_or_parry,
    "sorcerer": _total_defense_at_a_glance,
}
"""Each ruleset's defence weighed on the board at a glance."""
_REACTS_AT_A_GLANCE: Final[dict[str, Callable[[Board, Decision, Level], Pick]]] = {
    "werewolf": werewolf_react,
    "sorcerer": sorcerer_react_at_a_glance,
}
"""Each ruleset's answer to an attack weighed on the board at a glance."""
