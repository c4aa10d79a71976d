"""What a combatant's health words already say, read from its numbers (never from the words)."""

from __future__ import annotations

from arena.rules.views import SorcererHealth, WerewolfHealth
from arena.words import sorcerer, werewolf


def penalty_stated(wounds: WerewolfHealth | SorcererHealth | None) -> int:
    """The dice penalty a combatant's health words state (0: they state none, or no numbers)."""
    if isinstance(wounds, SorcererHealth):
        return sorcerer.penalty_stated(wounds)
    if isinstance(wounds, WerewolfHealth):
        return werewolf.penalty_stated(wounds)
    return 0
