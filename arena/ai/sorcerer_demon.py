"""A demon's own "best" judgment: take the intention its Need and Desire chose."""

from __future__ import annotations

import random

from arena.ai.basic import nearest
from arena.rules.commands import Command
from arena.rules.views import Decision, FightView


def demon_judgment(view: FightView, decision: Decision, rng: random.Random) -> Command:
    """The choice tagged ``judgment`` (the rules' pick from Need and Desire), else nearest.

    The fight computes the judgment, and logs why, with every demon's intention decision; this
    policy only takes it, so a human or another policy can still overrule the demon.
    """
    for choice in decision.choices:
        if "judgment" in choice.tags:
            return choice.command
    return nearest(view, decision, rng)
