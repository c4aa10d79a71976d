"""A ruleset's own words for what every fight has: its rounds, its luck."""

from __future__ import annotations

from arena.rules.ruleset_traits import TRAITS, RulesetTraits, traits

__all__ = ["RulesetTraits", "known_ruleset", "luck_measure", "round_word", "traits"]
"""`traits` too: the presentation asks a ruleset what sets it apart, never its name."""


def round_word(ruleset: str, count: int = 1) -> str:
    """``turn``/``turns`` under Werewolf, ``round``/``rounds`` under Sorcerer, for a count."""
    word = "turn" if traits(ruleset).counts_turns else "round"
    return word if count == 1 else word + "s"


def luck_measure(ruleset: str) -> str:
    """What a combatant's luck is counted in: ``net successes`` or ``contests won``."""
    return "net successes" if traits(ruleset).net_successes else "contests won"


def known_ruleset(name: str) -> bool:
    """Whether arena plays a ruleset of this name (a file may name any)."""
    return name in TRAITS
