"""What a fight shows and asks: frozen views and pending decisions."""

from __future__ import annotations

from dataclasses import dataclass

from arena.rules.commands import Command
from arena.rules.events import Roll


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal answer to a decision."""

    key: str
    """A short stable name scripts and the plain mode use, e.g. ``punch:tom``."""
    label: str
    """What a person reads."""
    command: Command
    """What applying this choice sends to the fight."""
    odds: str = ""
    """The exact odds of the roll this choice makes, if any, e.g. ``hit 84.4%``."""
    tags: tuple[str, ...] = ()
    """What kind of choice it is, for AI policies: ``attack``, ``move``, ``defend``, ``flee``..."""
    target: str = ""
    """The combatant this choice acts on, if any."""
    cell: tuple[int, int] | None = None
    """The map cell this choice moves to, if any."""


@dataclass(frozen=True, slots=True)
class Decision:
    """Someone must decide something before the fight can go on."""

    actor: str
    """The combatant whose controller decides."""
    kind: str
    """What is asked: ``intention``, ``action``, ``rage``, ``reaction``, ``push``..."""
    step: str
    """The seed step that asks it."""
    prompt: str
    """The question in words."""
    choices: tuple[Choice, ...]
    """Every legal answer, in a stable order."""
    secret: bool = False
    """Answers stay hidden until every pending secret decision is answered (Sorcerer
    intentions are stated, then revealed together): an AI's reason waits until then too."""
    controller: str = ""
    """An ``ai:<policy>`` that answers this decision whoever controls the actor (a frenzied
    Garou is played by the AI until the frenzy ends); empty for the actor's own controller."""

    def choice(self, key: str) -> Choice | None:
        """The choice with this key, or None."""
        return next((c for c in self.choices if c.key == key), None)


@dataclass(frozen=True, slots=True)
class Pool:
    """A spendable trait: Rage, Gnosis, Willpower, Humanity..."""

    name: str
    current: int
    maximum: int


@dataclass(frozen=True, slots=True)
class CombatantView:
    """One combatant as everyone can see it."""

    id: str
    name: str
    template: str
    side: str
    glyph: str
    controller: str
    pos: tuple[int, int]
    status: str
    """``active``, ``incapacitated``, ``helpless``, ``dead``, ``fled``, ``banished``..."""
    health: str
    """Health levels (Werewolf) or damage (Sorcerer) in words."""
    penalty: int
    """Dice lost to damage right now."""
    traits: tuple[tuple[str, int], ...]
    pools: tuple[Pool, ...] = ()
    form: str = ""
    intention: str = ""
    notes: tuple[str, ...] = ()
    """Anything else worth showing: demon and binding, frenzy, AI reasoning."""


@dataclass(frozen=True, slots=True)
class MapView:
    """The grid as rows of glyphs: ``#`` wall, ``.`` floor, ``+`` door, ``~`` rough, ``>`` exit."""

    name: str
    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        """Cells across."""
        return max((len(r) for r in self.rows), default=0)

    @property
    def height(self) -> int:
        """Cells down."""
        return len(self.rows)


@dataclass(frozen=True, slots=True)
class FightView:
    """A frozen snapshot of a whole fight."""

    ruleset: str
    round: int
    step: str
    over: bool
    winner: str | None
    """The winning side, or None (still going, or nobody won)."""
    outcome: str
    combatants: tuple[CombatantView, ...]
    map: MapView
    order: tuple[str, ...]
    """The order track in words: Werewolf segments or Sorcerer order."""
    rolls: tuple[Roll, ...]
    """The last rolls, for the dice tray."""
    options: tuple[tuple[str, str], ...]

    def combatant(self, cid: str) -> CombatantView:
        """The combatant with this id.

        Raises:
            KeyError: there is none.
        """
        for c in self.combatants:
            if c.id == cid:
                return c
        raise KeyError(cid)
