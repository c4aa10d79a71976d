"""Components both rulesets share; data only, changed by systems."""

from __future__ import annotations

from dataclasses import dataclass

from arena.rules.views import Status as StatusName


@dataclass(slots=True)
class Identity:
    """Who a combatant is: scenario id, names, side, glyph and place in the roster."""

    cid: str
    name: str
    template: str
    side: str
    glyph: str
    roster: int
    """Index in the scenario's roster: the stable tie-break for every ordering."""
    controller: str


@dataclass(slots=True)
class Position:
    """Where a combatant stands on the grid."""

    x: int
    y: int

    @property
    def cell(self) -> tuple[int, int]:
        """The position as a cell."""
        return (self.x, self.y)


@dataclass(slots=True)
class Status:
    """Whether a combatant is still in the fight."""

    state: StatusName = "active"
    """``active``, ``incapacitated``, ``helpless``, ``dead``, ``fled``, ``banished``..."""

    @property
    def active(self) -> bool:
        """True while the combatant can still act."""
        return self.state == "active"
