"""The demo's playlist: scenarios played in turn, round and round, each as a fresh fight."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from arena.engine import Fight
from arena.engine.setup import Catalog, SetupError, rematch

LESSON: Final = "lesson-"
"""Shipped scenarios whose names start so make the default playlist, in name order."""


class Playlist:
    """Scenario names or paths, and a way to open each as a fight the AI and scripts play."""

    def __init__(
        self,
        catalog: Catalog,
        names: Sequence[str] = (),
        *,
        opener: Callable[..., Fight],
    ) -> None:
        """A playlist of `names`, or of the shipped lessons when there are none.

        Args:
            catalog: the content.
            names: shipped names or scenario files, in order.
            opener: opens a name or path as a fight (``opener(name, watch=True)``).

        Raises:
            SetupError: no scenario to play.
        """
        lessons = sorted(n for n in catalog.scenarios if n.startswith(LESSON))
        self.names: tuple[str, ...] = tuple(names) or tuple(lessons or sorted(catalog.scenarios))
        if not self.names:
            raise SetupError("the demo has no scenario to play")
        self.opener = opener
        self.index = -1
        self._opened: dict[str, Fight] = {}
        """Each scenario as first opened, never started: each fight is a rematch of it."""

    def next(self) -> Fight:
        """The next scenario's fight, wrapping round to the first after the last.

        A scenario is opened (read and checked) once; each time round its fight starts afresh
        from the same scenario, so what the engine shares between the fights of one scenario
        is shared, and nothing is made again for what would look like a new scenario.

        Raises:
            SetupError: it does not open.
        """
        self.index = (self.index + 1) % len(self.names)
        name = self.names[self.index]
        if name not in self._opened:
            self._opened[name] = self.opener(name, watch=True)
        return rematch(self._opened[name])

    @property
    def name(self) -> str:
        """The name (or path) of the scenario playing."""
        return self.names[max(self.index, 0)]
