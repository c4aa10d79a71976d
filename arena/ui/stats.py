"""Dice statistics of a finished fight, counted from its events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from arena.engine import Contest, Event, StorytellerRoll


@dataclass(frozen=True, slots=True)
class DiceStats:
    """What the dice did over a whole fight (or for one combatant)."""

    rolls: int = 0
    dice: int = 0
    successes: int = 0
    """Net successes of Storyteller rolls, victories of won contests."""
    ones: int = 0
    cancelled: int = 0
    rerolled: int = 0
    """Extra dice from rerolled 10s."""
    botches: int = 0
    set_aside: int = 0
    """Tied pairs set aside in contests."""
    ties: int = 0


def _add(stats: DiceStats, roll: StorytellerRoll | Contest) -> DiceStats:
    if isinstance(roll, StorytellerRoll):
        return DiceStats(
            stats.rolls + 1,
            stats.dice + len(roll.faces),
            stats.successes + roll.net,
            stats.ones + roll.ones,
            stats.cancelled + roll.cancelled,
            stats.rerolled + roll.rerolls,
            stats.botches + int(roll.botch),
            stats.set_aside,
            stats.ties,
        )
    faces = roll.first + roll.second
    return DiceStats(
        stats.rolls + 1,
        stats.dice + len(faces),
        stats.successes + roll.victories,
        stats.ones + faces.count(1),
        stats.cancelled,
        stats.rerolled,
        stats.botches,
        stats.set_aside + len(roll.set_aside),
        stats.ties + int(roll.winner is None),
    )


def dice_stats(events: Iterable[Event]) -> tuple[DiceStats, dict[str, DiceStats]]:
    """The whole fight's dice, and each roller's (by combatant id, in order of first roll)."""
    total = DiceStats()
    per: dict[str, DiceStats] = {}
    for event in events:
        if event.roll is None:
            continue
        total = _add(total, event.roll)
        if event.actor:
            per[event.actor] = _add(per.get(event.actor, DiceStats()), event.roll)
    return total, per


def stats_rows(
    total: DiceStats, per: Mapping[str, DiceStats], names: Mapping[str, str]
) -> list[tuple[str, ...]]:
    """Table rows: who, rolls, dice, successes or victories, ones, rerolled 10s, botches."""
    rows: list[tuple[str, ...]] = []
    for who, s in [*((names.get(k, k), v) for k, v in per.items()), ("all", total)]:
        rows.append(
            (
                who,
                str(s.rolls),
                str(s.dice),
                str(s.successes),
                str(s.ones),
                str(s.rerolled),
                str(s.botches),
            )
        )
    return rows
