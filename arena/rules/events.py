"""Events: what happened, in order, with the rule it applied and the dice it rolled."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arena.rules import phrase
from arena.rules.dice import Contest, StorytellerRoll

# Every kind is written once, on the event pages of the docs; the tables follow them.
from arena.rules.event_tables import EventKind as EventKind
from arena.rules.fast import quick_init
from arena.rules.phrase import Text

Roll = StorytellerRoll | Contest

Datum = int | str | bool | None | tuple["Datum", ...] | Mapping[str, "Datum"]
"""A value an event carries: numbers, ids and closed-set names, never sentences."""


@quick_init
@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a fight; events are returned in the order they happened."""

    kind: EventKind
    """Past tense, snake case: ``initiative_rolled``, ``damage_soaked``, ``fight_ended``."""
    round: int
    """The round (Sorcerer) or turn (Werewolf), from 1; 0 before the first."""
    step: str
    """The seed step or rule applied, by id (``sorc_order``); `arena.words.steps` names it."""
    line: Text
    """One line for the normal log, read as `text`: a ``str`` is words already rendered, a
    phrase is rendered only when someone reads it (a batch fight never does)."""
    explanation: Text = ""
    """The explanation, read as `why`: rule, pools and modifiers, shown at explain verbosity."""
    actor: str = ""
    """The combatant who acted, if any."""
    target: str = ""
    """The combatant acted upon, if any."""
    roll: Roll | None = None
    """The dice behind this event, for the dice tray."""
    terse: bool = True
    """Shown at terse verbosity too (results, not bookkeeping)."""
    amount: int = 0
    """Damage this event inflicted on `target`, dealt by `actor` (Werewolf: health levels after
    soak; Sorcerer: temporary plus lasting damage); 0 if it inflicted none."""
    data: Mapping[str, Datum] = field(default_factory=dict)
    """The event's numbers and ids by name (documented per kind in ``docs/events.md``)."""

    @property
    def text(self) -> str:
        """One line for the normal log, in words."""
        return phrase.draw(self.line)

    @property
    def why(self) -> str:
        """The explanation in words ("" when there is none)."""
        return phrase.draw(self.explanation)


class EventParts:
    """An event being filled in: `Event`'s very slots, in its order, but not frozen.

    `made` (and a ruleset's own event maker) fills one with plain attribute stores, then makes
    it the `Event` it is: a frozen class can only be filled through each slot's setter, a call
    per field, and a fight makes an event at nearly every step.
    """

    __slots__ = Event.__slots__

    kind: EventKind
    round: int
    step: str
    line: Text
    explanation: Text
    actor: str
    target: str
    roll: Roll | None
    terse: bool
    amount: int
    data: Mapping[str, Datum]


_new = object.__new__


def made(
    kind: EventKind,
    round: int,
    step: str,
    line: Text,
    explanation: Text,
    actor: str,
    target: str,
    roll: Roll | None,
    terse: bool,
    amount: int,
    data: Mapping[str, Datum],
) -> Event:
    """``Event(kind, round, ...)`` with every field given, made in fewer steps.

    The same frozen `Event`, equal to one made the usual way: for the rulesets' own event
    makers, which make nearly every event of a fight.
    """
    e = _new(EventParts)
    e.kind = kind
    e.round = round
    e.step = step
    e.line = line
    e.explanation = explanation
    e.actor = actor
    e.target = target
    e.roll = roll
    e.terse = terse
    e.amount = amount
    e.data = data
    # Same slots, same order: the object becomes the frozen event it was filled in as.
    e.__class__ = Event  # type: ignore[assignment]
    return e  # type: ignore[return-value]
