"""What a policy reads in a decision's menu (its attacks, its moves), kept by the menu's identity.

A fight hands out the same menu (one tuple of choices) each time a board it has seen comes
back, as it does in a duel round after round; the naive policy reads the same few facts from
it at every look. Sorted out once per menu object, they are looked up by identity: no choice
is hashed or compared.
"""

from __future__ import annotations

from typing import Final

from arena.rules.views import Choice

MOST: Final = 1024
"""Menus kept before the table starts afresh (each entry holds its menu)."""


class Menu:
    """The facts of one menu the naive policy reads, in the menu's order."""

    __slots__ = (
        "_keys",
        "attacks",
        "choices",
        "moves",
        "targets",
        "walks",
        "xs",
        "ys",
    )

    def __init__(self, choices: tuple[Choice, ...]) -> None:
        self.choices = choices
        """The menu itself (held, so its id is not reused while it is kept)."""
        # A comprehension, not appends: a menu is sorted out at each new board.
        attacks = [c for c in choices if "attack" in c.tags]
        # Kept as flat tuples side by side (numbers apart from choices): few objects for the
        # collector to walk, however long the menu.
        self.attacks: tuple[Choice, ...] = tuple(attacks)
        """The attack choices."""
        self.targets: tuple[str, ...] = tuple([c.target for c in attacks])
        """Each attack's target, beside `attacks`."""
        # The moves (most of a menu) are sorted out when first read (`__getattr__`): a policy
        # with an enemy in reach attacks, and reads none of them.
        self.moves: tuple[Choice, ...]
        """The move choices."""
        self.xs: tuple[int, ...]
        """Each move's cell, x then y, beside `moves`."""
        self.ys: tuple[int, ...]
        self.walks: tuple[int, ...]
        """0 for a move that jumps or climbs, 1 for a walk, beside `moves`."""
        self._keys: dict[str, Choice] | None = None

    def __getattr__(self, name: str) -> tuple[object, ...]:
        """The moves' facts, sorted out on first reading (asked only while they are unset)."""
        if name not in _MOVES:
            raise AttributeError(name)
        moves = [c for c in self.choices if c.cell is not None and "move" in c.tags]
        cells: list[tuple[int, int]] = [c.cell for c in moves]  # type: ignore[misc]
        self.moves = tuple(moves)
        self.xs = tuple([x for x, _ in cells])
        self.ys = tuple([y for _, y in cells])
        self.walks = tuple([0 if "jump" in c.tags or "climb" in c.tags else 1 for c in moves])
        found: tuple[object, ...] = getattr(self, name)
        return found

    def keyed(self, key: str) -> Choice | None:
        """The listed choice with this key (the last listed, if it is listed twice), or None."""
        keys = self._keys
        if keys is None:
            keys = self._keys = {c.key: c for c in self.choices}
        return keys.get(key)


_MOVES: Final = frozenset({"moves", "xs", "ys", "walks"})
"""The facts a menu sorts out only when one of them is first read."""

_menus: dict[int, Menu] = {}
"""Menus read so far, by the id of their tuple of choices."""


def menu(choices: tuple[Choice, ...]) -> Menu:
    """The facts of a menu, sorted out once per menu object."""
    found = _menus.get(id(choices))
    if found is not None and found.choices is choices:
        return found
    made = Menu(choices)
    if len(_menus) >= MOST:
        _menus.clear()
    _menus[id(choices)] = made
    return made


def known(choices: tuple[Choice, ...]) -> Menu | None:
    """The facts of a menu already sorted out, or None (none are sorted out here)."""
    found = _menus.get(id(choices))
    return found if found is not None and found.choices is choices else None
