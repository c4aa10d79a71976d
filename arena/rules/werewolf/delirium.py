"""The Delirium: how a human who sees a Crinos reacts, by its Willpower."""

from __future__ import annotations

from typing import Final, get_args

from arena.rules.kinds import DeliriumReaction as DeliriumReaction
from arena.rules.werewolf.forms import Form
from arena.rules.werewolf.terms import Template

DELIRIUM_REACTIONS: Final[tuple[DeliriumReaction, ...]] = get_args(DeliriumReaction)


def suffers_delirium(template: Template, seen: Form) -> bool:
    """A human who sees a form that causes the Delirium (Crinos) suffers it."""
    return template == "human" and seen.delirium


def delirium_reaction(willpower: int, *, berserk_from: int, steady_from: int) -> DeliriumReaction:
    """A human's reaction to the Delirium by its Willpower [ruling, simplified from the book].

    Args:
        willpower: the human's permanent Willpower.
        berserk_from: the ``delirium_berserk`` option (4): from here it attacks berserk.
        steady_from: the ``delirium_steady`` option (5): from here it fights on.

    Returns:
        ``flee_or_freeze`` below berserk_from, ``berserk`` below steady_from, else ``fight_on``.
    """
    if willpower >= steady_from:
        return "fight_on"
    return "berserk" if willpower >= berserk_from else "flee_or_freeze"
