"""Open, enter and close the esper world that belongs to one fight."""

from __future__ import annotations

import itertools
from types import TracebackType
from typing import Any, TypeAlias

import esper

from arena.rules.phrase import Phrase

_names = itertools.count(1)

Table: TypeAlias = dict[int, dict[type[Any], Any]]
"""A world's entities, each with its components by type."""
TABLES: dict[str, Table] = {}
"""Each open fight world's entities and components, by the world's name: the project's own
record, kept beside esper's by `spawn` and `attach` (the only ways a fight makes entities and
gives them components), so a lookup that runs thousands of times a fight reads
``TABLES[esper.current_world][ent][Kind]`` without a call, and a copy of the world
(`arena.ecs.snapshot`) is rebuilt through esper's public functions alone."""


class FightWorld:
    """One named esper world; entered for every call into the fight, deleted when it ends."""

    def __init__(self) -> None:
        self.name = f"fight-{next(_names)}"
        """The esper world's name, unique in this process."""
        self.closed = False
        """True once the world has been deleted."""
        self.busy = False
        """True while a call into the world runs (a command, a view): it is not copied then."""
        TABLES[self.name] = {}

    def entered(self) -> _Entered:
        """Make this fight's world the active one for the duration of a ``with`` block.

        Raises:
            RuntimeError: the world was already closed.
        """
        if self.closed:
            raise RuntimeError(Phrase("ecs_world_closed", (self.name,)))
        return _Entered(self.name)

    def enter(self) -> None:
        """Make this world the active one, and leave it so until another is entered.

        A fight enters its world for every command and view: when its world is still the active
        one, as it is all through a batch fight, this switches nothing. (`entered` gives the
        world active before back after its block.)

        Raises:
            RuntimeError: the world was already closed.
        """
        if esper.current_world != self.name:
            if self.closed:
                raise RuntimeError(Phrase("ecs_world_closed", (self.name,)))
            esper.switch_world(self.name)

    def close(self) -> None:
        """Delete the world and everything in it; calling it twice is harmless."""
        if self.closed:
            return
        if esper.current_world == self.name:
            esper.switch_world("default")
        if self.name in esper.list_worlds():
            esper.delete_world(self.name)
        TABLES.pop(self.name, None)
        self.closed = True


def spawn(*components: Any) -> int:
    """A new entity of the active world with these components, recorded in its table.

    Raises:
        KeyError: the active world is not a fight's (`FightWorld`) or is closed.
    """
    table = TABLES[esper.current_world]
    ent = esper.create_entity(*components)
    table[ent] = {type(c): c for c in components}
    return ent


def attach(ent: int, component: Any) -> None:
    """Give an entity of the active world one more component (or replace one of its type).

    Raises:
        KeyError: the active world is not a fight's, or has no such entity.
    """
    table = TABLES[esper.current_world]
    esper.add_component(ent, component)
    table[ent][type(component)] = component


def world_count() -> int:
    """How many esper worlds exist now (for leak checks)."""
    return len(esper.list_worlds())


class _Entered:
    """The block inside one fight's world; the world active before comes back after it.

    A class rather than a generator: it is entered for every command and view of a fight.
    """

    __slots__ = ("name", "previous")

    def __init__(self, name: str) -> None:
        self.name = name
        self.previous = ""

    def __enter__(self) -> None:
        self.previous = esper.current_world
        if self.previous != self.name:
            esper.switch_world(self.name)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.previous != self.name:
            esper.switch_world(self.previous)
