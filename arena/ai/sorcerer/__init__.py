"""Sorcerer policies: each answers every Sorcerer question, its intentions in its own way."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import assert_never

from arena.ai.basic import nearest
from arena.ai.pick import Body, Level, Pick, picked
from arena.ai.sorcerer.answers import bonus, push, react, react_at_a_glance
from arena.ai.sorcerer.casters import demon, sorcerer
from arena.ai.sorcerer.fighters import coward, thug
from arena.ai.sorcerer.gunman import gunman
from arena.rules.views import Board, Decision, FightView
from arena.words.core import Drawn
from arena.words.reasons import label

Intend = Callable[[FightView, Decision, Level], Pick]
"""How a policy states its intention for the round."""


def policy(intend: Intend) -> Body:
    """A whole Sorcerer policy from its way of choosing intentions.

    Every policy reacts, pushes through and takes bonus dice the same way: by the expected
    outcome. A question it does not know gets the naive answer.
    """

    def play(view: FightView, decision: Decision, rng: random.Random, level: Level) -> Pick:
        match decision.kind:
            case "intention":
                return intend(view, decision, level)
            case "reaction":
                return react(view, decision, level)
            case "push":
                return push(view, decision, level)
            case "bonus" | "action" | "rage" | "stun" | "willpower" | "free_attack":
                return nearest(view, decision, rng, level)  # bonus: `_glance`; the rest Werewolf's
            case _:
                assert_never(decision.kind)

    play.__name__ = intend.__name__
    play.__doc__ = intend.__doc__
    return Body(play, _glance, _peek)


def _glance(decision: Decision, rng: random.Random, level: Level) -> Pick | None:
    """A lone choice, and bonus dice (taken by the numbers the decision holds)."""
    if len(decision.choices) == 1:
        only = decision.choices[0]
        return picked(only, "ai_one_choice", Drawn(label, (only,)))
    if decision.kind == "bonus":
        return bonus(decision)
    return None


def _peek(
    glimpse: Callable[[], Board], decision: Decision, rng: random.Random, level: Level
) -> Pick | None:
    """An attack on me, weighed on the board at a glance (`react` on it); the rest: None."""
    if decision.kind != "reaction":
        return None
    return react_at_a_glance(glimpse(), decision, level)


THUG = policy(thug)
GUNMAN = policy(gunman)
COWARD = policy(coward)
DEMON = policy(demon)
SORCERER = policy(sorcerer)
