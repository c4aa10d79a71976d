"""Werewolf policies: each answers every Werewolf question, its actions in its own way."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import assert_never

from arena.ai.basic import nearest
from arena.ai.pick import Body, Level, Pick, picked
from arena.ai.werewolf.answers import endure, free_attack, rage, react, stun, willpower
from arena.ai.werewolf.fighters import coward, fomor, shooter, thug
from arena.ai.werewolf.garou import bane, frenzied, frenzy, garou
from arena.rules.views import Decision, FightView
from arena.words.core import Drawn
from arena.words.reasons import label

Act = Callable[[FightView, Decision, Level], Pick]
"""How a policy picks an action."""


def policy(
    act: Act, *, eager_rage: bool = False, willpower_gain: float = 0.0, guards: bool = True
) -> Body:
    """A whole Werewolf policy from its way of picking actions.

    Args:
        act: its actions.
        eager_rage: spend Rage whenever it is offered, whoever is near.
        willpower_gain: the rise in a roll's chance that makes Willpower worth it (0: by level).
        guards: it may abort an action into a dodge (a Bane trusts its Gnosis instead).
    """

    def play(view: FightView, decision: Decision, rng: random.Random, level: Level) -> Pick:
        match decision.kind:
            case "action":
                return (
                    frenzy(view, decision, level)
                    if frenzied(view, decision)
                    else act(view, decision, level)
                )
            case "rage":
                return rage(view, decision, level, eager=eager_rage)
            case "willpower":
                return willpower(view, decision, level, gain=willpower_gain)
            case "reaction":
                return react(view, decision, level)
            case "stun":
                return stun(view, decision, level)
            case "free_attack":
                return free_attack(view, decision, level)
            case "intention" | "bonus" | "push":  # Sorcerer's: the naive answer
                return nearest(view, decision, rng, level)
            case _:
                assert_never(decision.kind)

    def glance(decision: Decision, rng: random.Random, level: Level) -> Pick | None:
        if len(decision.choices) == 1:
            only = decision.choices[0]
            return picked(only, "ai_one_choice", Drawn(label, (only,)))
        if decision.kind == "reaction" and not guards:
            return endure(decision)
        return None

    play.__name__ = act.__name__
    play.__doc__ = act.__doc__
    return Body(play, glance)


THUG = policy(thug)
SHOOTER = policy(shooter)
FOMOR = policy(fomor, willpower_gain=0.1)
COWARD = policy(coward)
GAROU = policy(garou)
BANE = policy(bane, eager_rage=True, guards=False)
FRENZY = policy(frenzy)
