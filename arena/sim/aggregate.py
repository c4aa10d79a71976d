"""Streaming aggregates of a batch: counts, sums and small histograms, never a list of fights."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from typing import Final

from arena.sim.stats import IntHistogram, Moments
from arena.sim.summary import FACES, CombatantResult, DiceTally, FightSummary

MAX_HEALTH_TEXTS: Final = 64
"""Distinct end-of-fight health texts kept per combatant; rarer ones are counted as other."""
OTHER: Final = "(other)"
FLED: Final = "fled"
SURRENDERED: Final = "surrendered"


class CombatantStats:
    """One combatant's end-of-fight states and damage over a batch."""

    __slots__ = ("aftermath", "dealt", "health", "penalty", "side", "status", "taken")

    def __init__(self, side: str) -> None:
        self.side = side
        self.status: Counter[str] = Counter()
        """Final status → fights."""
        self.health: Counter[str] = Counter()
        """Final health text → fights (Werewolf health levels, Sorcerer damage and severity)."""
        self.aftermath: Counter[str] = Counter()
        """Injury class after the fight → fights, where the ruleset gives one."""
        self.penalty = Moments()
        self.dealt = Moments()
        self.taken = Moments()

    def add(self, result: CombatantResult) -> None:
        """Count one fight's end for this combatant."""
        self.status[result.status] += 1
        _count_bounded(self.health, result.health)
        if result.aftermath:
            _count_bounded(self.aftermath, result.aftermath)
        self.penalty.add(result.penalty)
        self.dealt.add(result.dealt)
        self.taken.add(result.taken)


def _count_bounded(counter: Counter[str], text: str) -> None:
    known = text in counter or len(counter) < MAX_HEALTH_TEXTS
    counter[text if known else OTHER] += 1


class BatchStats:
    """Everything a report says about one batch, updated one fight at a time."""

    def __init__(self, sides: tuple[str, ...]) -> None:
        """Start empty.

        Args:
            sides: the scenario's sides, in the order reports list them.
        """
        self.sides = list(sides)
        self.fights = 0
        self.wins: Counter[str] = Counter()
        """Side → fights it won."""
        self.draws = 0
        self.fled = 0
        """Fights in which at least one combatant fled."""
        self.surrendered = 0
        """Fights in which at least one combatant surrendered."""
        self.rounds = IntHistogram()
        self.combatants: dict[str, CombatantStats] = {}
        self.damage_reported = False
        """True once any event reported an amount of damage."""
        self.dice: dict[str, int] = {f.name: 0 for f in fields(DiceTally) if f.name != "faces"}
        self.faces = [0] * FACES

    def add(self, summary: FightSummary) -> None:
        """Count one fight."""
        self.fights += 1
        if summary.winner is None:
            self.draws += 1
        else:
            self.wins[summary.winner] += 1
            if summary.winner not in self.sides:
                self.sides.append(summary.winner)
        statuses = {c.status for c in summary.combatants}
        self.fled += FLED in statuses
        self.surrendered += SURRENDERED in statuses
        self.rounds.add(summary.rounds)
        for result in summary.combatants:
            if result.id not in self.combatants:
                self.combatants[result.id] = CombatantStats(result.side)
            self.combatants[result.id].add(result)
            self.damage_reported = self.damage_reported or bool(result.dealt or result.taken)
        for name in self.dice:
            self.dice[name] += getattr(summary.dice, name)
        for index, count in enumerate(summary.dice.faces):
            self.faces[index] += count


class PairedStats:
    """Per-seed differences between a batch and its varied twin (varied minus base)."""

    def __init__(self, sides: tuple[str, ...]) -> None:
        """Start empty.

        Args:
            sides: the scenario's sides.
        """
        self.sides = sides
        self.wins = {side: Moments() for side in sides}
        """Side → the per-seed difference in winning (+1, 0 or -1)."""
        self.draws = Moments()
        self.rounds = Moments()

    def add(self, base: FightSummary, varied: FightSummary) -> None:
        """Count one seed played both ways."""
        for side, diff in self.wins.items():
            diff.add((varied.winner == side) - (base.winner == side))
        self.draws.add((varied.winner is None) - (base.winner is None))
        self.rounds.add(varied.rounds - base.rounds)
