"""Open, enter and close the esper world that belongs to one fight."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import esper

_names = itertools.count(1)


class FightWorld:
    """One named esper world; entered for every call into the fight, deleted when it ends."""

    def __init__(self) -> None:
        self.name = f"fight-{next(_names)}"
        """The esper world's name, unique in this process."""
        self.closed = False
        """True once the world has been deleted."""

    @contextmanager
    def entered(self) -> Iterator[None]:
        """Make this fight's world the active one for the duration of the block.

        Raises:
            RuntimeError: the world was already closed.
        """
        if self.closed:
            raise RuntimeError(f"world {self.name} is closed")
        previous = esper.current_world
        esper.switch_world(self.name)
        try:
            yield
        finally:
            esper.switch_world(previous if previous != self.name else "default")

    def close(self) -> None:
        """Delete the world and everything in it; calling it twice is harmless."""
        if self.closed:
            return
        if esper.current_world == self.name:
            esper.switch_world("default")
        if self.name in esper.list_worlds():
            esper.delete_world(self.name)
        self.closed = True


def world_count() -> int:
    """How many esper worlds exist now (for leak checks)."""
    return len(esper.list_worlds())
