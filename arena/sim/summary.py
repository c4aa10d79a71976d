"""One fight boiled down to what batch statistics need, read generically from view and events."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from arena.engine import CombatantView, Contest, Ending, Event, FightView, StorytellerRoll
from arena.rules import phrase
from arena.rules.fast import quick_init

FACES = 10
"""Every roll of both rulesets is made with d10s."""
AFTERMATH = "after the fight: "
"""How a final view's note gives a combatant's injury class, for a ruleset whose view has no
number for it (`CombatantView.wounds.severity`)."""


@quick_init
@dataclass(frozen=True, slots=True)
class CombatantResult:
    """One combatant at the end of one fight."""

    id: str
    side: str
    status: str
    """As the final view shows it: ``active``, ``incapacitated``, ``fled``..."""
    health: str
    """Health levels (Werewolf) or damage and its severity (Sorcerer), in the view's words."""
    penalty: int
    aftermath: str
    """The injury class after the fight (Sorcerer: banged up, hospital...), or empty."""
    dealt: int
    """Damage this combatant inflicted, summed over the events that report an amount."""
    taken: int
    """Damage inflicted on this combatant, likewise."""


@quick_init
@dataclass(frozen=True, slots=True)
class DiceTally:
    """The dice behind one fight's events."""

    rolls: int = 0
    """Every roll: Storyteller rolls, damage and soak rolls, contests and anything else."""
    dice: int = 0
    """Every die thrown, rerolled 10s and both sides of a contest included."""
    faces: tuple[int, ...] = (0,) * FACES
    """How many dice showed 1, 2, ... 10."""
    storyteller: int = 0
    """Storyteller rolls (success counting), open-ended damage and soak included."""
    successes: int = 0
    """Net successes over the Storyteller rolls."""
    botches: int = 0
    contests: int = 0
    """Sorcerer contests."""
    ties: int = 0
    """Contests that were a complete tie."""
    victories: int = 0
    """Victories over the contests."""


@quick_init
@dataclass(frozen=True, slots=True)
class FightSummary:
    """What one fight of a batch came to; small, frozen and cheap to send between processes."""

    seed: int
    winner: str | None
    """The winning side, or None for a draw."""
    outcome: str
    rounds: int
    """Rounds (Sorcerer) or turns (Werewolf) played."""
    combatants: tuple[CombatantResult, ...]
    dice: DiceTally


def summarize(seed: int, view: FightView, events: Iterable[Event]) -> FightSummary:
    """Boil a finished fight down to its summary.

    Args:
        seed: the seed the fight was played with.
        view: the fight's final view.
        events: every event of the fight, in order.

    Returns:
        The summary.
    """
    ends = [(c.id, c.side, c.status, c.health, c.penalty, _aftermath(c)) for c in view.combatants]
    return _summary(seed, view.winner, view.outcome, view.round, ends, events)


def summarize_ending(seed: int, ending: Ending, events: Iterable[Event]) -> FightSummary:
    """Boil a finished fight down to its summary, from its ending (`Fight.ending`).

    The same summary as from the fight's last view (`summarize`), which is not made.

    Args:
        seed: the seed the fight was played with.
        ending: how the fight ended.
        events: every event of the fight, in order.

    Returns:
        The summary.
    """
    ends = [
        (cid, side, status, phrase.draw(health), penalty, _injury(severity))
        for cid, side, status, health, penalty, severity in ending.combatants
    ]
    outcome = phrase.draw(ending.outcome)
    return _summary(seed, ending.winner, outcome, ending.round, ends, events)


def _summary(
    seed: int,
    winner: str | None,
    outcome: str,
    rounds: int,
    ends: Sequence[tuple[str, str, str, str, int, str]],
    events: Iterable[Event],
) -> FightSummary:
    """The summary of a fight, from each combatant's end state (up to its aftermath)."""
    dice = _DiceCounter()
    dealt, taken = dice.read(events)
    results = tuple(
        [CombatantResult(*end, dealt.get(end[0], 0), taken.get(end[0], 0)) for end in ends]
    )
    return FightSummary(seed, winner, outcome, rounds, results, dice.tally())


def _aftermath(c: CombatantView) -> str:
    """The injury class after the fight: the view's number for it, else the note that says so."""
    severity = getattr(c.wounds, "severity", "")
    if isinstance(severity, str) and severity:
        return _injury(severity)
    return next((n.removeprefix(AFTERMATH) for n in c.notes if n.startswith(AFTERMATH)), "")


def _injury(severity: str) -> str:
    """An injury class in words, as the rules name it (``banged_up``: ``banged up``)."""
    return severity.replace("_", " ")


class _DiceCounter:
    """Counts for a DiceTally, kept mutable while a fight's events are read."""

    def __init__(self) -> None:
        self.faces = [0] * FACES
        self.rolls = self.dice = self.storyteller = self.successes = self.botches = 0
        self.contests = self.ties = self.victories = 0

    def read(self, events: Iterable[Event]) -> tuple[dict[str, int], dict[str, int]]:
        """Count the rolls of a fight's events; the damage each combatant dealt and took."""
        # One pass over the events, in one call, types compared in place of isinstance, and
        # the faces of every roll gathered first and counted once per face value, as bytes
        # (in C, not die by die): this runs for every event of a batch (no class derives from
        # either roll).
        dealt: dict[str, int] = {}
        taken: dict[str, int] = {}
        thrown: list[int] = []
        more = thrown.extend
        for event in events:
            # The damage an event inflicts on its target, where its ruleset reports one:
            # elsewhere, and for an event with no target, its amount is 0.
            amount = event.amount
            if amount and type(amount) is int:
                target = event.target
                if target:
                    actor = event.actor
                    dealt[actor] = dealt.get(actor, 0) + amount
                    taken[target] = taken.get(target, 0) + amount
            roll = event.roll
            if roll is None:
                continue
            self.rolls += 1
            if type(roll) is StorytellerRoll:
                more(roll.faces)
                self.storyteller += 1
                self.successes += roll.net
                self.botches += roll.botch
            elif type(roll) is Contest:
                more(roll.first)
                more(roll.second)
                self.contests += 1
                self.ties += roll.winner is None  # `complete_tie`, without its call
                self.victories += roll.victories
            # a roll type not known here still counts as a roll
        faces = self.faces
        count: Callable[[int], int]
        try:
            # A byte string counts one value by a scan of memory; a list compares each item
            # as an object (most of what reading a fight cost, counted the list's way).
            count = bytes(thrown).count
        except ValueError:  # a face no byte holds (never a d10's): counted the list's way
            count = thrown.count
        for face in range(1, FACES + 1):
            faces[face - 1] += count(face)
        self.dice += len(thrown)
        return dealt, taken

    def tally(self) -> DiceTally:
        return DiceTally(
            self.rolls,
            self.dice,
            tuple(self.faces),
            self.storyteller,
            self.successes,
            self.botches,
            self.contests,
            self.ties,
            self.victories,
        )
