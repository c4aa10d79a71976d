"""The coach: each legal choice's chance to win, on the same dice, ranked with its gap to the best.

Every choice of a decision is played on continuations with the same seeds (common random
numbers), so continuation ``i`` of one choice meets the dice of continuation ``i`` of the
others: a gap between two choices is measured pair by pair, and its noise is the standard
error of those paired differences, far smaller than either chance's own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Final

from arena.engine.copies import Moment, moment_of
from arena.engine.fight import Fight
from arena.engine.forecast import ChoiceWinners, choice_winners_at, split
from arena.rules.proportion import Z95, wilson
from arena.rules.views import Decision

PER_CHOICE: Final = 60
"""Continuations per choice unless asked otherwise."""
MOST_PER_CHOICE: Final = 2_000
"""The most continuations per choice a coach may be asked for."""
CLEAR: Final = Z95
"""A gap is larger than its noise when it exceeds this many paired standard errors (95%)."""


@dataclass(frozen=True, slots=True)
class ChoiceOdds:
    """One choice's chance to win if picked, and how far it falls behind the best."""

    key: str
    label: str
    wins: int
    fights: int
    share: float
    low: float
    """The 95% Wilson interval of `share`."""
    high: float
    gap: float
    """The best choice's share less this one's (0 for the best)."""
    noise: float
    """The paired standard error of `gap`, over the same continuations (0 for the best)."""
    clear: bool
    """True if the gap is larger than its noise (more than `CLEAR` standard errors)."""


@dataclass(frozen=True, slots=True)
class Coaching:
    """A decision's choices ranked by chance to win, best first, and the one taken if known."""

    actor: str
    side: str
    kind: str
    round: int
    command: int
    """How many commands the fight held when the decision was asked (its place in the log)."""
    continuations: int
    """Continuations per choice."""
    choices: tuple[ChoiceOdds, ...]
    taken: str = ""
    """The key of the choice taken; empty while undecided."""

    @property
    def best(self) -> ChoiceOdds | None:
        """The best choice (None when there is none)."""
        return self.choices[0] if self.choices else None

    @property
    def chosen(self) -> ChoiceOdds | None:
        """The choice taken, if it is among the ranked."""
        return next((c for c in self.choices if c.key == self.taken), None)

    @property
    def cost(self) -> float:
        """The best choice's chance less the taken one's (0 when either is unknown)."""
        best, chosen = self.best, self.chosen
        return 0.0 if best is None or chosen is None else best.share - chosen.share


def rank(side: str, keys: Sequence[str], found: ChoiceWinners) -> tuple[ChoiceOdds, ...]:
    """Each choice's odds from its continuations' winners (`choice_winners`), best first.

    ``keys`` are the choices' keys in the menu's order, as ``found`` lists them. A tie keeps
    the menu's order.
    """
    wins = [[w == side for w in won] for _, won in found]
    if not wins:
        return ()
    order = sorted(range(len(wins)), key=lambda i: -sum(wins[i]))
    top = wins[order[0]]
    ranked: list[ChoiceOdds] = []
    for index in order:
        label, mine = found[index][0], wins[index]
        n = len(mine)
        k = sum(mine)
        interval = wilson(k, n)
        low, high = interval.low, interval.high
        gap, noise = paired(top, mine)
        ranked.append(
            ChoiceOdds(
                keys[index],
                label,
                k,
                n,
                k / n if n else 0.0,
                low,
                high,
                gap,
                noise,
                gap > CLEAR * noise and gap > 0,
            )
        )
    return tuple(ranked)


def paired(best: Sequence[bool], other: Sequence[bool]) -> tuple[float, float]:
    """The mean of the paired differences ``best[i] - other[i]`` and its standard error."""
    n = len(best)
    if n == 0:
        return 0.0, 0.0
    diffs = [int(b) - int(o) for b, o in zip(best, other, strict=True)]
    mean = sum(diffs) / n
    if n == 1:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


def coach_moment(
    moment: Moment,
    decision: Decision,
    *,
    round_: int,
    command: int,
    continuations: int = PER_CHOICE,
    pool: Executor | None = None,
    jobs: int = 1,
) -> Coaching:
    """Coach one decision of a moment: every legal choice on the same continuations.

    The continuations are split among ``jobs`` parts, played on ``pool`` if given (else here),
    and joined in the continuations' order: one job and several give the same figures.
    """
    work = partial(choice_winners_at, actor=decision.actor)
    parts = split(continuations, jobs)
    if pool is None:
        results = [work(moment, part) for part in parts]
    else:
        results = [f.result() for f in [pool.submit(work, moment, part) for part in parts]]
    joined: ChoiceWinners = []
    for index, (label, _) in enumerate(results[0] if results else []):
        joined.append((label, [w for part in results for w in part[index][1]]))
    keys = [c.key for c in decision.choices]
    return Coaching(
        decision.actor,
        moment.side,
        decision.kind,
        round_,
        command,
        continuations,
        rank(moment.side, keys, joined),
    )


def coach(
    fight: Fight,
    decision: Decision,
    *,
    continuations: int = PER_CHOICE,
    pool: Executor | None = None,
    jobs: int = 1,
) -> Coaching:
    """Coach a decision pending in a fight, as its actor's side sees the moment."""
    side = fight.view().combatant(decision.actor).side
    moment = moment_of(fight, side, continuations, as_seen=True)
    return coach_moment(
        moment,
        decision,
        round_=fight.round,
        command=len(fight.commands),
        continuations=continuations,
        pool=pool,
        jobs=jobs,
    )


def costliest(coached: Sequence[Coaching], count: int = 3) -> list[Coaching]:
    """The coached decisions whose choice cost the most, dearest first (those that cost)."""
    dear = [c for c in coached if c.cost > 0]
    return sorted(dear, key=lambda c: -c.cost)[:count]
