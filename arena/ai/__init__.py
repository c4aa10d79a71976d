"""AI policies: (view, decision, rng) → command, named in scenarios as ``ai:<name>``."""

from __future__ import annotations

import random
from collections.abc import Callable

from arena.ai.basic import nearest, random_legal
from arena.ai.sorcerer_demon import demon_judgment
from arena.rules.commands import Command
from arena.rules.views import Decision, FightView

Policy = Callable[[FightView, Decision, random.Random], Command]

POLICIES: dict[str, Policy] = {"nearest": nearest, "random": random_legal, "demon": demon_judgment}


def choose(policy: str, view: FightView, decision: Decision, rng: random.Random) -> Command:
    """Ask the named policy for a command.

    Raises:
        ValueError: no policy has that name.
    """
    try:
        chooser = POLICIES[policy]
    except KeyError:
        raise ValueError(f"unknown AI policy {policy!r}; known: {', '.join(POLICIES)}") from None
    return chooser(view, decision, rng)
