"""What sets each ruleset apart, as flags a caller asks instead of testing the ruleset's name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from arena.rules.kinds import Ruleset


@dataclass(frozen=True, slots=True)
class RulesetTraits:
    """One ruleset's differences that code above the fight asks about."""

    name: Ruleset
    counts_turns: bool
    """A fight is counted in turns (Werewolf) rather than rounds (Sorcerer)."""
    demons: bool
    """Demons fight, with their abilities, and a character brings those bound to it (Sorcerer)."""
    maneuvers: bool
    """A combatant attacks by maneuvers as well as weapons (Werewolf)."""
    health_levels: bool
    """Damage is marked on health levels (Werewolf), not counted as lasting damage (Sorcerer)."""
    aftermath: bool
    """After a fight its wounds are judged by an aftermath (Sorcerer): dead, mortal, hospital."""
    tasks: bool
    """A scenario may set other tasks beside the fight (Sorcerer)."""
    hospital: bool
    """A run may send a badly hurt character to hospital between fights (Sorcerer)."""
    net_successes: bool
    """A combatant's luck is counted in net successes (Werewolf), not contests won (Sorcerer)."""
    order_rolled: bool
    """Each round's order is rolled in a step of its own, after the intentions (Sorcerer)."""
    role_play: bool
    """A roll may get a role-playing bonus, and an option says who grants it (Sorcerer)."""


TRAITS: Final[dict[Ruleset, RulesetTraits]] = {
    "werewolf": RulesetTraits(
        "werewolf",
        counts_turns=True,
        demons=False,
        maneuvers=True,
        health_levels=True,
        aftermath=False,
        tasks=False,
        hospital=False,
        net_successes=True,
        order_rolled=False,
        role_play=False,
    ),
    "sorcerer": RulesetTraits(
        "sorcerer",
        counts_turns=False,
        demons=True,
        maneuvers=False,
        health_levels=False,
        aftermath=True,
        tasks=True,
        hospital=True,
        net_successes=False,
        order_rolled=True,
        role_play=True,
    ),
}
"""Every ruleset's traits, by name (one entry per `Ruleset`)."""


def traits(ruleset: str) -> RulesetTraits:
    """The traits of a ruleset by name.

    Raises:
        ValueError: no ruleset has that name (the message names the known ones).
    """
    for name, found in TRAITS.items():
        if name == ruleset:
            return found
    raise ValueError(f"unknown ruleset {ruleset!r}; known: {', '.join(TRAITS)}")
