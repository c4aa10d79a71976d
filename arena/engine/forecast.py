"""Continuations of a fight from one moment: each a copy with its own dice, played out by AI.

A continuation is a branch of the fight (`arena.engine.copies`, whose names this module
re-exports): the moment is replayed once and copied many times, each copy with its own dice.
Whoever a person or a script played is played by an AI from the copy on.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from arena.content.loader import Catalog
from arena.ecs.registry import ruleset_named
from arena.engine.collector import between_fights, kept_for_good, set_aside_while
from arena.engine.controllers import Controllers
from arena.engine.copies import (
    TACTICAL,
    Moment,
    branch,
    content_here,
    derive,
    moment_of,
    replayed,
    seen_by,
    stand_ins,
    tactical_policy,
)
from arena.engine.fight import Fight
from arena.engine.loop import replay
from arena.rules.commands import Command
from arena.rules.proportion import wilson

__all__ = [
    "TACTICAL",
    "Chance",
    "ChoiceChance",
    "ChoiceWinners",
    "Moment",
    "RoundChance",
    "RoundWinners",
    "Winners",
    "branch",
    "by_round",
    "chance",
    "choice_winners",
    "choice_winners_at",
    "derive",
    "forecast",
    "moment_of",
    "play_out",
    "ranked",
    "replayed",
    "round_winners_at",
    "seen_by",
    "split",
    "stand_ins",
    "tactical_policy",
    "warm_up",
    "winners",
    "winners_at",
    "winners_from",
    "winners_here",
]


def play_out(fight: Fight) -> Fight:
    """Let the AI answer every decision until the fight ends; the fight's world is then closed.

    Raises:
        ScriptError, IllegalCommand, DiceExhausted: as `Controllers.run` does.
    """
    try:
        Controllers(fight, watch=True, reasons=False).run()
    finally:
        fight.close()
    return fight


@dataclass(frozen=True, slots=True)
class Chance:
    """A side's chance to win from a moment, out of a number of continuations."""

    side: str
    wins: int
    fights: int
    low: float
    """The 95% Wilson interval's lower end."""
    high: float

    @property
    def share(self) -> float:
        """Wins over continuations (0 when none)."""
        return self.wins / self.fights if self.fights else 0.0


def chance(side: str, winners: Iterable[str | None]) -> Chance:
    """A side's chance to win from the winners of continuations (None: a draw)."""
    got = list(winners)
    wins = sum(1 for w in got if w == side)
    interval = wilson(wins, len(got))
    return Chance(side, wins, len(got), interval.low, interval.high)


Winners = list[str | None]
"""The winners of continuations, in the order of their numbers (None: a draw)."""


def forecast(
    fight: Fight,
    side: str,
    *,
    continuations: int = 500,
    seed: int = 0,
    person: str | None = None,
) -> Chance:
    """A side's chance to win from the fight's moment, in this process.

    Continuation ``i`` rolls with ``derive(seed, i)``; the fight itself is not changed.
    """
    return chance(side, winners(fight, range(continuations), seed=seed, person=person))


def winners(
    fight: Fight, numbers: Iterable[int], *, seed: int = 0, person: str | None = None
) -> Winners:
    """The winners of the fight's continuations with these numbers (as `forecast` plays them)."""
    scenario = stand_ins(fight, person)
    won: Winners = []
    with set_aside_while():  # what lives on (the content, the fight) is walked by none of them
        for index in numbers:
            with between_fights():  # the copy is gone (by its counts) before the collector runs
                won.append(play_out(branch(fight, derive(seed, index), scenario)).view().winner)
    return won


def split(count: int, parts: int) -> tuple[range, ...]:
    """Continuations ``0 .. count - 1`` in at most ``parts`` runs of consecutive numbers.

    Each continuation's dice come from its number alone, so the runs may be played on several
    worker processes, in any order, and still give the same figures as one run.
    """
    parts = max(1, min(parts, count))
    cuts = [count * p // parts for p in range(parts + 1)]
    return tuple(range(a, b) for a, b in itertools.pairwise(cuts))


def winners_at(moment: Moment, numbers: Sequence[int]) -> Winners:
    """The winners of the moment's continuations with these numbers, on a worker process.

    The fight is replayed once (and kept for the same moment's next numbers), then copied for
    each continuation; the continuations' seeds
    come from the number of commands, so the same moment and numbers give the same winners,
    on one process or split among several (`split`).

    Raises:
        ValueError, IllegalCommand: the moment does not replay on this content.
    """
    return winners_from(_base(moment), moment, numbers)


def winners_here(moment: Moment, numbers: Iterable[int], catalog: Catalog) -> Winners:
    """`winners_at` in the asking process, on its own content: a first chunk waits for no worker.

    The moment is replayed here (not the fight on screen copied: a replay as the side sees it
    keeps others' secrets out, and gives the workers' very continuations), then closed.

    Raises:
        ValueError, IllegalCommand: the moment does not replay on this content.
    """
    fight = replayed(moment, catalog)
    try:
        return winners_from(fight, moment, numbers)
    finally:
        fight.close()


def winners_from(fight: Fight, moment: Moment, numbers: Iterable[int]) -> Winners:
    """The winners of the moment's continuations with these numbers, from its replay ``fight``.

    Seeded as `winners_at` seeds them, from the number of the moment's commands.
    """
    return winners(fight, numbers, seed=len(moment.commands))


def warm_up(ruleset: str) -> None:
    """Load the content and a ruleset's systems on a worker process ahead of its first moment.

    Raises:
        ValueError: there is no such ruleset.
    """
    content_here()
    ruleset_named(ruleset)
    kept_for_good()  # a worker keeps the content and the ruleset until it ends


_REPLAYED: list[tuple[Moment, Fight]] = []
"""The last moment this process replayed, kept: an anytime forecast asks for it chunk by chunk."""


def _base(moment: Moment) -> Fight:
    """The moment's fight, replayed once per process and moment (never changed: only copied).

    Raises:
        ValueError, IllegalCommand: the moment does not replay on this content.
    """
    key = dataclasses.replace(moment, side="", continuations=0)  # neither changes the replay
    if _REPLAYED and _REPLAYED[0][0] == key:
        return _REPLAYED[0][1]
    fight = replayed(moment)
    while _REPLAYED:
        _REPLAYED.pop()[1].close()
    _REPLAYED.append((key, fight))
    return fight


ChoiceChance = tuple[str, Chance]
"""A choice's label and the side's chance to win if it is picked."""


ChoiceWinners = list[tuple[str, Winners]]
"""Each choice's label and the winners of its continuations, in the menu's order."""


def choice_winners(fight: Fight, actor: str, numbers: Iterable[int]) -> ChoiceWinners:
    """Each choice of the actor's pending decision with the winners of its continuations.

    The continuations are those with these numbers, after the choice; empty when the actor
    has nothing pending. Every choice meets the same dice (continuation ``i`` of each is seeded
    alike), so a ranking (`ranked`) shows the choices, not the luck of their dice.
    """
    decision = next((d for d in fight.pending() if d.actor == actor), None)
    if decision is None:
        return []
    scenario = stand_ins(fight)
    seeds = [derive(len(fight.commands), index) for index in numbers]
    found: ChoiceWinners = []
    with set_aside_while():  # as `winners` does
        for choice in decision.choices:
            won: Winners = []
            for seed in seeds:
                with between_fights():
                    won.append(_winner_after(branch(fight, seed, scenario), choice.command))
            found.append((choice.label, won))
    return found


def _winner_after(twin: Fight, command: Command) -> str | None:
    """The winner of a copy played out after the command (the copy is closed either way)."""
    try:
        twin.apply(command)
    except BaseException:
        twin.close()
        raise
    return play_out(twin).view().winner


def ranked(side: str, parts: Sequence[ChoiceWinners]) -> list[ChoiceChance]:
    """Each choice's chance from the parts of its continuations (`choice_winners`), best first."""
    if not parts or not parts[0]:
        return []
    found = [
        (label, chance(side, [w for part in parts for w in part[index][1]]))
        for index, (label, _) in enumerate(parts[0])
    ]
    return sorted(found, key=lambda pair: -pair[1].share)


def choice_winners_at(moment: Moment, numbers: Sequence[int], actor: str) -> ChoiceWinners:
    """`choice_winners` for a moment, on a worker process (its replay kept for the next part)."""
    return choice_winners(_base(moment), actor, numbers)


RoundChance = tuple[int, Chance]
"""A round and the side's chance to win from its start (round 0: the fight's end)."""


RoundWinners = list[tuple[int, Winners]]
"""Each round and the winners of the continuations from its start (round 0: the end)."""


def round_winners_at(moment: Moment, numbers: Sequence[int]) -> RoundWinners:
    """Each round of the moment's fight with the winners of its continuations from its start.

    The fight is replayed once; at the first command of each round the continuations with
    these numbers are played (seeded from the number of commands, as `winners_at` seeds
    them). A finished fight adds its end as round 0, with its one winner (`by_round` makes it
    a certain chance).

    Raises:
        ValueError, IllegalCommand: the moment does not replay on this content.
    """
    fight = replayed(dataclasses.replace(moment, commands=()))
    found: RoundWinners = []

    def given() -> Iterator[tuple[Command, str]]:
        # A round's continuations are played before its first answer.
        for command in moment.commands:
            if not found or found[-1][0] != fight.round:
                found.append((fight.round, _winners_now(fight, numbers)))
            yield command, ""

    try:
        replay(fight, given())
        if fight.over:
            found.append((0, [fight.view().winner]))
        elif not found or found[-1][0] != fight.round:
            found.append((fight.round, _winners_now(fight, numbers)))
    finally:
        fight.close()
    return found


def by_round(side: str, parts: Sequence[RoundWinners]) -> list[RoundChance]:
    """The side's chance at each round from the parts of its continuations (the end once)."""
    if not parts:
        return []
    return [
        (number, chance(side, won if number == 0 else [w for p in parts for w in p[index][1]]))
        for index, (number, won) in enumerate(parts[0])
    ]


def _winners_now(fight: Fight, numbers: Sequence[int]) -> Winners:
    return winners(fight, numbers, seed=len(fight.commands))
