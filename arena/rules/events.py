"""Events: what happened, in order, with the rule it applied and the dice it rolled."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arena.rules.dice import Contest, StorytellerRoll

Roll = StorytellerRoll | Contest

Datum = int | str | bool | None | tuple["Datum", ...] | Mapping[str, "Datum"]
"""A value an event carries: numbers, ids and closed-set names, never sentences."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a fight; events are returned in the order they happened."""

    kind: str
    """Past tense, snake case: ``initiative_rolled``, ``damage_soaked``, ``fight_ended``."""
    round: int
    """The round (Sorcerer) or turn (Werewolf), from 1; 0 before the first."""
    step: str
    """The seed step or rule applied, e.g. ``Step 3: Roll for order``."""
    text: str
    """One line for the normal log."""
    why: str = ""
    """The explanation: rule, pools and modifiers, shown at explain verbosity."""
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
