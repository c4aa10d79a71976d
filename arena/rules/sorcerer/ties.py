"""Complete ties: a stalemate, or rerolled until someone wins, as the ``tie`` option says."""

from __future__ import annotations

from arena.rules.dice import Contest, DiceSource, roll_contest
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions


def settle_tie(
    contest: Contest,
    dice: DiceSource,
    first_pool: int,
    second_pool: int,
    options: SorcererOptions = DEFAULT_OPTIONS,
) -> tuple[Contest, ...]:
    """Return the contest, followed by rerolls while it is a complete tie under ``tie: reroll``.

    Two empty pools can never be settled, so they stay a stalemate under either option.

    Args:
        contest: the contest as first resolved.
        dice: the fight's dice, used only for rerolls.
        first_pool: dice the first side rerolls.
        second_pool: dice the second side rerolls.
        options: ``tie``: ``stalemate`` (keep the tie) or ``reroll``.

    Returns:
        Every contest in the order rolled; the last one decides.
    """
    rolls = [contest]
    if options.tie == "stalemate" or (first_pool <= 0 and second_pool <= 0):
        return (contest,)
    while rolls[-1].complete_tie:
        rolls.append(roll_contest(dice, first_pool, second_pool))
    return tuple(rolls)
