"""Characters: starting scores, Humanity, who counts as a sorcerer, and the intentions."""

from __future__ import annotations

from typing import Final, Literal, get_args

from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions

Intention = Literal["attack", "total_defense", "ritual", "aim", "command_demon", "other_task"]
"""What a character may state at Step 1."""
INTENTIONS: Final[tuple[Intention, ...]] = get_args(Intention)
"""Every intention, in the order the rules list them."""


def check_starting_scores(
    stamina: int, will: int, lore: int, options: SorcererOptions = DEFAULT_OPTIONS
) -> None:
    """Check a starting player character's split of points among Stamina, Will and Lore.

    Raises:
        ValueError: a score is out of bounds or the points do not add up, naming the problem.
    """
    low, high = options.starting_score_min, options.starting_score_max
    for name, value in (("stamina", stamina), ("will", will), ("lore", lore)):
        if not low <= value <= high:
            raise ValueError(f"{name}: a starting score is {low} to {high}, got {value}")
    if stamina + will + lore != options.starting_points:
        total = stamina + will + lore
        raise ValueError(f"starting scores add up to {total}, not {options.starting_points}")


def starting_humanity(will: int) -> int:
    """A starting character's Humanity: equal to its Will."""
    return will


def is_sorcerer(*, lore: int, has_bound_demon: bool, knows_rituals: bool) -> bool:
    """A sorcerer is a human with Lore of 1 or more who has a bound demon or knows rituals."""
    return lore >= 1 and (has_bound_demon or knows_rituals)
