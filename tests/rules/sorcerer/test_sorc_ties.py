"""Complete ties: stalemate or reroll."""

from __future__ import annotations

from arena.rules.dice import RiggedDice, resolve_contest
from arena.rules.sorcerer import SorcererOptions, settle_tie

TIE = resolve_contest((5, 2), (5, 2))
REROLL = SorcererOptions(tie="reroll")


def test_stalemate_keeps_the_tie() -> None:
    assert settle_tie(TIE, RiggedDice([]), 2, 2) == (TIE,)


def test_reroll_until_someone_wins() -> None:
    # First reroll ties again (7, 1 against 7, 1), the second is won by the second side.
    rolls = settle_tie(TIE, RiggedDice([7, 1, 7, 1, 3, 2, 9, 4]), 2, 2, REROLL)
    assert len(rolls) == 3
    assert (rolls[-1].winner, rolls[-1].victories) == ("second", 2)


def test_a_decided_contest_is_never_rerolled() -> None:
    won = resolve_contest((8,), (3,))
    assert settle_tie(won, RiggedDice([]), 1, 1, REROLL) == (won,)


def test_two_empty_pools_stay_a_stalemate() -> None:
    empty = resolve_contest((), ())
    assert settle_tie(empty, RiggedDice([]), 0, 0, REROLL) == (empty,)
