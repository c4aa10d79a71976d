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

    __slots__ = ("_commands", "_keys", "attacks", "choices", "moves")

    def __init__(self, choices: tuple[Choice, ...]) -> None:
        self.choices = choices
        """The menu itself (held, so its id is not reused while it is kept)."""
        attacks: list[tuple[str, Choice]] = []
        moves: list[tuple[int, int, int, Choice]] = []
        for c in choices:
            tags = c.tags
            if "attack" in tags:
                attacks.append((c.target, c))
            cell = c.cell
            if cell is not None and "move" in tags:
                moves.append((cell[0], cell[1], 0 if "jump" in tags or "climb" in tags else 1, c))
        self.attacks: tuple[tuple[str, Choice], ...] = tuple(attacks)
        """Each attack choice with its target."""
        self.moves: tuple[tuple[int, int, int, Choice], ...] = tuple(moves)
        """Each move choice with its cell's x and y, and 0 for a jump or climb (1 for a walk)."""
        self._keys: dict[str, Choice] | None = None
        self._commands: frozenset[int] | None = None

    def keyed(self, key: str) -> Choice | None:
        """The listed choice with this key (the last listed, if it is listed twice), or None."""
        keys = self._keys
        if keys is None:
            keys = self._keys = {c.key: c for c in self.choices}
        return keys.get(key)

    def lists(self, command: object) -> bool:
        """True if this very command object is one of the menu's choices' own commands."""
        ids = self._commands
        if ids is None:
            ids = self._commands = frozenset([id(c.command) for c in self.choices])
        return id(command) in ids


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
