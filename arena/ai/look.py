"""Reading a fight view the way a player at the table reads the board."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final, Protocol, TypeVar

from arena.rules.grid import Cell, Grid, distance, in_cover, line_of_sight
from arena.rules.kinds import Ruleset
from arena.rules.views import CombatantView, FightView, Pool, PoolName, Status


class Seen(Protocol):
    """A combatant as any board shows it: a `CombatantView`, or a `Piece` at a glance."""

    @property
    def id(self) -> str:
        """Its id."""

    @property
    def name(self) -> str:
        """Its name."""

    @property
    def side(self) -> str:
        """Its side."""

    @property
    def pos(self) -> Cell:
        """Its cell."""

    @property
    def status(self) -> Status:
        """Whether it is still in the fight (`active`)."""

    @property
    def penalty(self) -> int:
        """Dice lost to damage right now."""

    @property
    def traits(self) -> tuple[tuple[str, int], ...]:
        """Its traits now, by name."""


S = TypeVar("S", bound=Seen)
S_co = TypeVar("S_co", bound=Seen, covariant=True)


class Sight(Protocol[S_co]):
    """A board as a policy reads it: a whole `FightView`, or a `Board` at a glance."""

    @property
    def ruleset(self) -> Ruleset:
        """The game played."""

    @property
    def combatants(self) -> tuple[S_co, ...]:
        """Everyone in the fight, in roster order."""

    def combatant(self, cid: str) -> S_co:
        """The combatant with this id (KeyError if there is none)."""


IN_FIGHT: Final = ("active", "cannot_act")
"""The statuses `active` accepts (read inline where it is asked very often)."""


def active(c: CombatantView) -> bool:
    """Still in the fight and able to matter (Sorcerer's ``cannot_act`` still defends)."""
    return c.status in IN_FIGHT


_foes: tuple[object, object, list[Any]] = (None, None, [])
"""The last `foes` asked: (view, combatant, its foes). A policy asks it several times per
answer, of the same view for the same combatant (views are frozen: one object, one board).
Replaced whole, in one step, so a reader never sees half of one answer and half of another."""
_friends: tuple[object, object, list[Any]] = (None, None, [])
"""The last `friends` asked, kept as `_foes` is."""


def foes(view: Sight[S], me: Seen) -> list[S]:
    """Enemies still in the fight, nearest first (ties in roster order).

    The list is shared by every asker of the same view and combatant: read it, never change it.
    """
    global _foes
    kept = _foes
    if kept[0] is view and kept[1] is me:
        return kept[2]
    side = me.side
    found = [c for c in view.combatants if c.side != side and c.status in IN_FIGHT]
    if len(found) > 1:  # a duel's lone enemy needs no sort: asked at nearly every look
        here = me.pos
        found.sort(key=lambda c: distance(here, c.pos))
    _foes = (view, me, found)
    return found


def friends(view: Sight[S], me: Seen) -> list[S]:
    """Allies still in the fight, not counting oneself (shared as `foes` is: never change it)."""
    global _friends
    kept = _friends
    if kept[0] is view and kept[1] is me:
        return kept[2]
    side, cid = me.side, me.id
    found = [c for c in view.combatants if c.side == side and c.id != cid and c.status in IN_FIGHT]
    _friends = (view, me, found)
    return found


def trait(c: Seen, name: str) -> int:
    """A trait's value now (0 if the combatant has no such trait)."""
    for n, v in c.traits:  # a loop, not next() over a generator: asked very often
        if n == name:
            return v
    return 0


def pool(c: CombatantView, name: PoolName) -> Pool | None:
    """A spendable pool by name (Rage, Gnosis, Willpower, Humanity, Power), or None."""
    return next((p for p in c.pools if p.name == name), None)


def current(c: CombatantView, name: PoolName) -> int:
    """A pool's current points (0 if it has none)."""
    found = pool(c, name)
    return found.current if found is not None else 0


def named(view: FightView, cid: str) -> str:
    """A combatant's name from its id (the id itself if there is none)."""
    for c in view.combatants:  # a loop, not next() over a generator: asked at most looks
        if c.id == cid:
            return c.name
    return cid


@lru_cache(maxsize=64)
def grid_of(rows: tuple[str, ...]) -> Grid:
    """The map as a grid, built once per map."""
    return Grid(rows)


def grid(view: FightView) -> Grid:
    """The fight's map as a grid."""
    return grid_of(view.map.rows)


@lru_cache(maxsize=64)
def exits_of(rows: tuple[str, ...]) -> tuple[Cell, ...]:
    """Every exit cell of a map, row by row."""
    return tuple((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == ">")


def nearest_exit(view: FightView, here: Cell) -> Cell | None:
    """The exit nearest a cell, or None on a map without one."""
    doors = exits_of(view.map.rows)
    return min(doors, key=lambda d: (distance(here, d), d[1], d[0])) if doors else None


def covered(view: FightView, spot: Cell, shooters: list[CombatantView]) -> int:
    """From how many of these shooters a wall beside the spot gives cover."""
    g = grid(view)
    return sum(1 for s in shooters if in_cover(g, spot, s.pos))


def seen_by(view: FightView, spot: Cell, others: list[CombatantView]) -> int:
    """How many of these combatants have a line of sight to the spot."""
    g = grid(view)
    return sum(1 for o in others if line_of_sight(g, spot, o.pos))


def closest(spot: Cell, others: list[CombatantView]) -> int:
    """Distance from a spot to the nearest of these combatants (99 if there are none)."""
    return min((distance(spot, o.pos) for o in others), default=99)
