"""One finished gauntlet fight boiled down to what the run and its morgue file need."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arena.engine import CombatantView, Contest, Event, FightView, StorytellerRoll
from arena.gauntlet.carried import levels_words
from arena.rules.odds import contest_chances, open_odds, storyteller_odds
from arena.rules.views import SorcererHealth, WerewolfHealth

DECISIVE = 3
"""How many decisive rolls a record keeps."""


@dataclass(frozen=True, slots=True)
class Luck:
    """The character's dice against their exact odds over some rolls."""

    rolls: int = 0
    """Rolls counted."""
    expected: float = 0.0
    """Storyteller: net successes expected; Sorcerer: contests expected won."""
    actual: int = 0
    """What the dice gave on the same measure."""

    def __add__(self, other: Luck) -> Luck:
        return Luck(
            self.rolls + other.rolls, self.expected + other.expected, self.actual + other.actual
        )


@dataclass(frozen=True, slots=True)
class FightRecord:
    """One fight of a run."""

    number: int
    """From 1."""
    group: str
    """The opponent group's id."""
    name: str
    opponents: tuple[str, ...]
    """The opponents' names."""
    map: str
    seed: int
    rounds: int
    winner: str
    """The winning side, or empty for a draw."""
    status: str
    """The character's status at the end."""
    before: str
    """What the character carried into the fight, in words."""
    after_fight: str
    """Its injuries as the fight left them (Sorcerer: after Step 6), in words."""
    after_rest: str = ""
    """Its injuries after the rest that followed, in words (empty if the run ended)."""
    severity: str = ""
    """Sorcerer: ``banged_up``, ``hospital``, ``mortal`` or ``dead``."""
    decisive: tuple[str, ...] = ()
    """The rolls that hurt most, as the log tells them."""
    luck: Luck = Luck()
    taken: int = 0
    """Damage the character took in this fight."""


def player_luck(events: Sequence[Event], player: str) -> Luck:
    """The character's own rolls against their exact odds.

    Storyteller rolls count net successes against the expected net successes; a Sorcerer
    contest the character made counts as a win against its chance of winning.
    """
    luck = Luck()
    for event in events:
        roll = event.roll
        if event.actor != player or roll is None:
            continue
        if isinstance(roll, StorytellerRoll):
            odds = (
                open_odds(roll.pool, roll.difficulty)
                if roll.open_ended
                else storyteller_odds(
                    roll.pool, roll.difficulty, automatic=roll.automatic, tens=roll.tens
                )
            )
            luck += Luck(1, odds.expected, roll.net)
        elif isinstance(roll, Contest) and roll.first and roll.second:
            win, _, _ = contest_chances(len(roll.first), len(roll.second))
            luck += Luck(1, win, int(roll.winner == "first"))
    return luck


def decisive_rolls(events: Sequence[Event], player: str, *, turn: str = "round") -> tuple[str, ...]:
    """The rolled events that did the most damage to or by the character, in fight order.

    The last blow that did damage is always among them, so the last of them is the roll that
    decided the fight (a summary names that one).

    Args:
        events: the fight's events.
        player: the character.
        turn: what the ruleset calls a round (Werewolf: ``turn``).
    """
    hits = [
        (event.amount, index)
        for index, event in enumerate(events)
        if event.amount and player in (event.actor, event.target)
    ]
    heaviest = [index for _, index in sorted(hits, key=lambda h: (-h[0], h[1]))]
    last = [hits[-1][1]] if hits else []
    chosen = sorted({*last, *[i for i in heaviest if i not in last][: DECISIVE - len(last)]})
    return tuple(f"{turn} {events[i].round}: {events[i].text}" for i in chosen)


def damage_taken(events: Sequence[Event], player: str) -> int:
    """Damage the character took, over the events that report an amount."""
    return sum(e.amount for e in events if e.target == player and e.amount)


def wounds_text(c: CombatantView) -> str:
    """A combatant's injuries in words and numbers."""
    w = c.wounds
    if isinstance(w, WerewolfHealth):
        parts = levels_words(w.bashing, w.lethal, w.aggravated)
        return ", ".join(parts) + f" ({c.health})" if parts else "unhurt"
    if isinstance(w, SorcererHealth):
        return f"lasting {w.lasting}" if w.lasting else "unhurt"
    return c.health


def opponents_of(view: FightView, side: str) -> tuple[str, ...]:
    """The names of everyone not on ``side``."""
    return tuple(c.name for c in view.combatants if c.side != side)
