"""Words the screens put on the view's closed sets: statuses, sides, winners."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from arena.engine import FightView, won_by

STATUS_WORDS: Final[Mapping[str, str]] = {
    "active": "active",
    "cannot_act": "cannot act",
    "incapacitated": "incapacitated",
    "helpless": "helpless",
    "dead": "dead",
    "fled": "fled",
    "banished": "banished",
    "stepped_out": "stepped out",
    "absent": "not summoned",
    "dissipated": "dissipated",
}
"""Each status a view can give, as a person says it."""


def status_word(status: str) -> str:
    """A status in words (an unknown one loses its underscores, never shown raw)."""
    return STATUS_WORDS.get(status, status.replace("_", " "))


def counted(count: int, one: str, many: str) -> str:
    """``1 turn``, ``3 turns``: a number with its noun in the right form."""
    return f"{count} {one if count == 1 else many}"


def side_members(view: FightView, side: str) -> list[str]:
    """The names of a side's combatants, in roster order."""
    return [c.name for c in view.combatants if c.side == side]


def winner_words(view: FightView) -> str:
    """Who won, by name: ``Tom wins``, ``Bruiser and Cutter win``; else the view's outcome."""
    if not view.winner:
        return view.outcome or "nobody wins"
    return won_by(side_members(view, view.winner), view.winner)
