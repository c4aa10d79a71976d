"""The command palette's own entries: new fight, save, help topics, verbosity, pace, odds."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import SystemCommand
from textual.screen import Screen

from arena.engine import VERBOSITIES
from arena.ui.help_screen import topics
from arena.ui.host import Host
from arena.ui.preferences import HOLDS, PACES, hold_words

if TYPE_CHECKING:
    from arena.engine import Verbosity
    from arena.ui.arena_screen import ArenaScreen


class PaletteHost(Host, Protocol):
    """What the palette's entries call on the app."""

    def arena(self) -> ArenaScreen | None:
        """The fight on screen, if one is."""
        ...

    def new_fight(self) -> None:
        """Set up a new fight."""
        ...

    def menu(self, action: str) -> None:
        """Do what a title menu entry does."""
        ...

    def set_verbosity(self, verbosity: Verbosity) -> None:
        """Change the log's verbosity."""
        ...

    def action_help(self, topic: str = "") -> None:
        """Open the help, at a topic."""
        ...


def arena_commands(app: PaletteHost, screen: Screen[Any]) -> Iterator[SystemCommand]:
    """The app's actions as palette entries; those that need a fight only during one."""
    arena = app.arena()
    yield SystemCommand(
        "New fight", "Set up a new fight (a fight on screen is saved first)", app.new_fight
    )
    yield SystemCommand("Continue", "The latest unfinished save", partial(app.menu, "continue"))
    yield SystemCommand("Load a save", "Pick a save to play on", partial(app.menu, "load"))
    yield SystemCommand("Replay a save", "Watch a save's moves again", partial(app.menu, "replay"))
    yield SystemCommand("Odds calculator", "Exact odds of any roll", partial(app.menu, "odds"))
    if arena is not None:
        yield SystemCommand("Save the fight", "Save it at this decision", arena.action_save)
        yield SystemCommand("Pause the AI", "Pause or go on with the others", arena.action_pause)
    for verbosity in VERBOSITIES:
        yield SystemCommand(
            f"Log verbosity: {verbosity}",
            "terse: results; normal: every event; explain: the rule behind each line",
            partial(app.set_verbosity, verbosity),
        )
    for pace in PACES:
        yield SystemCommand(
            f"AI pace: {pace:g} s",
            "Seconds between two of the others' decisions (kept for next time)",
            partial(app.prefer, pace=pace),
        )
    for hold in HOLDS:
        yield SystemCommand(
            f"Hold on my roll: {hold_words(hold)}",
            "After your own action, how long its dice stay on screen (kept for next time)",
            partial(app.prefer, hold=hold),
        )
    ruleset = arena.driver.fight.view().ruleset if arena is not None else ""
    for stem, title in topics(ruleset):
        yield SystemCommand(
            f"Help: {title}", "Open this help topic", partial(app.action_help, stem)
        )
