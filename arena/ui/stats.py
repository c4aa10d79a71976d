"""Dice statistics of a finished fight, counted from its events, in each ruleset's own terms."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Final

from arena.engine import Contest, Event, StorytellerRoll

STORYTELLER_COLUMNS: Final = (
    "who",
    "rolls",
    "dice",
    "net successes",
    "1s",
    "10s rolled again",
    "botches",
)
CONTEST_COLUMNS: Final = (
    "who",
    "rolls",
    "dice",
    "contests",
    "won",
    "victories",
    "complete ties",
    "dice set aside",
)


@dataclass(frozen=True, slots=True)
class DiceStats:
    """What Storyteller dice did over a whole fight (or for one combatant)."""

    rolls: int = 0
    dice: int = 0
    successes: int = 0
    """Net successes."""
    ones: int = 0
    rerolled: int = 0
    """Extra dice from rerolled 10s."""
    botches: int = 0


@dataclass(frozen=True, slots=True)
class ContestStats:
    """What Sorcerer dice did for one combatant (or everyone): contests, wins, victories."""

    rolls: int = 0
    """Rolls made, contests and order rolls alike."""
    dice: int = 0
    """Its own dice rolled."""
    contests: int = 0
    """Rolls against someone or something."""
    won: int = 0
    victories: int = 0
    """Victories in the contests it won."""
    ties: int = 0
    """Complete ties: every die paired off."""
    set_aside: int = 0
    """Its dice set aside in tied pairs."""


Stats = DiceStats | ContestStats


def _plus(stats: Stats, **more: int) -> Stats:
    return replace(stats, **{k: getattr(stats, k) + v for k, v in more.items()})


def _storyteller(stats: DiceStats, roll: StorytellerRoll) -> Stats:
    return _plus(
        stats,
        rolls=1,
        dice=len(roll.faces),
        successes=roll.net,
        ones=roll.ones,
        rerolled=roll.rerolls,
        botches=int(roll.botch),
    )


def _contest(stats: ContestStats, roll: Contest, side: str) -> Stats:
    faces = roll.first if side == "first" else roll.second
    against = roll.second if side == "first" else roll.first
    contest = bool(against) or bool(roll.set_aside)
    won = contest and roll.winner == side
    return _plus(
        stats,
        rolls=1,
        dice=len(faces),
        contests=int(contest),
        won=int(won),
        victories=roll.victories if won else 0,
        ties=int(contest and roll.winner is None),
        set_aside=len(roll.set_aside) if contest else 0,
    )


def dice_stats(events: Iterable[Event]) -> dict[str, Stats]:
    """Each roller's dice (by combatant id, in order of first roll).

    A contest counts for both sides: the first faces are the actor's, the second the
    target's (when the target is a combatant).
    """
    per: dict[str, Stats] = {}
    for event in events:
        roll = event.roll
        if isinstance(roll, StorytellerRoll) and event.actor:
            mine = per.get(event.actor)
            per[event.actor] = _storyteller(
                mine if isinstance(mine, DiceStats) else DiceStats(), roll
            )
        elif isinstance(roll, Contest):
            for side, who in (("first", event.actor), ("second", event.target)):
                theirs = per.get(who) if who else None
                if who:
                    base = theirs if isinstance(theirs, ContestStats) else ContestStats()
                    per[who] = _contest(base, roll, side)
    return per


def _all(events: list[Event]) -> tuple[str, ...]:
    """The ``all`` row: every roll once (a contest's two sides are one roll)."""
    contests = [e.roll for e in events if isinstance(e.roll, Contest)]
    if contests:
        fought = [c for c in contests if c.second or c.set_aside]
        dice = sum(len(c.first) + len(c.second) for c in contests)
        ties = sum(c.winner is None for c in fought)
        aside = sum(2 * len(c.set_aside) for c in fought)
        return (
            "all",
            str(len(contests)),
            str(dice),
            str(len(fought)),
            "",
            "",
            str(ties),
            str(aside),
        )
    total: Stats = DiceStats()
    for e in events:
        if isinstance(e.roll, StorytellerRoll) and isinstance(total, DiceStats):
            total = _storyteller(total, e.roll)
    return ("all", *(str(getattr(total, f.name)) for f in fields(total)))


def stats_table(
    events: Iterable[Event], names: Mapping[str, str]
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The dice table: its columns (the ruleset's own), a row per roller, then ``all``."""
    events = list(events)
    per = dice_stats(events)
    contest = any(isinstance(e.roll, Contest) for e in events)
    columns = CONTEST_COLUMNS if contest else STORYTELLER_COLUMNS
    rows = [
        (names.get(who, who), *(str(getattr(s, f.name)) for f in fields(s)))
        for who, s in per.items()
    ]
    return columns, [*rows, _all(events)]
