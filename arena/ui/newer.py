"""The note that a save was written by a newer arena, shown once, as the save opens."""

from __future__ import annotations

from typing import Final, Protocol

from textual.notifications import SeverityLevel

NEWER_TITLE: Final = "Saved by a newer arena"
"""The notice's title; its words are the command line's note, file and line first."""
NEWER_SECONDS: Final = 12.0
"""How long the notice stays: long enough to read a path, never in the way of play."""


class Notifier(Protocol):
    """The app or a screen: anything that shows a notice."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a notice."""
        ...


def say_newer(where: Notifier, notes: str | list[str] | None) -> None:
    """Show what a loaded save says of the arena that wrote it, if it says anything.

    Args:
        where: the app or the screen opening the save.
        notes: `Fight.newer_arena_note`, or the notes a gauntlet run's loading gave.
    """
    said = [notes] if isinstance(notes, str) else list(notes or ())
    if said:
        where.notify("\n".join(said), title=NEWER_TITLE, timeout=NEWER_SECONDS)
