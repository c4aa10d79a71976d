"""A gauntlet fight in the arena: fought to its end, every move saved in the run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType

from arena.ui.arena_screen import ArenaScreen
from arena.ui.driver import FightDriver
from arena.ui.plain import plain

if TYPE_CHECKING:
    from arena.engine import Fight


class GauntletArena(ArenaScreen):
    """A gauntlet fight: fought to its end, then back to the run (no rematch, no leaving).

    Every move is saved in the run as it is made, so quitting goes on later from the same
    moment of the same fight: no move can be taken back by quitting.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Short enough for the footer to end in ^q Quit at 80 columns; s still saves, but the
        # run saves itself after every move, so its place goes to what q does here.
        Binding("s", "save", "Save", show=False),
        # What q does: back to the gauntlet (once the fight is over; before, it says so).
        Binding("q", "leave", "To gauntlet"),
    ]
    LEAVE_TO: ClassVar[str] = "back to the gauntlet"
    AFTER_THE_FIGHT: ClassVar[str] = "Enter or q: back to the gauntlet."
    AFTER_THE_END: ClassVar[str] = "The deciding roll is in the tray. Any key goes on."

    def __init__(
        self,
        driver: FightDriver,
        *,
        saves: Path,
        keep: Callable[[Fight], bool],
        where: str = "",
    ) -> None:
        """A fight of the run.

        Args:
            driver: the fight, the character in the person's hands.
            saves: the saves folder.
            keep: saves the run with the fight as far as it has gone; True if it was saved.
            where: the fight's place in the run, under the map (``Gauntlet: fight 2 of 7``).
        """
        super().__init__(driver, saves=saves)
        self.keep = keep
        self.where = where
        self._kept = -1
        self._told = False

    def on_mount(self) -> None:
        """Say under the map which fight of the run this is (Textual also runs the arena's)."""
        self.query_one("#board").border_subtitle = plain(self.where)

    def refresh_fight(self) -> None:
        """Save the run after each move, then show the fight."""
        commands = len(self.driver.fight.commands)
        if commands != self._kept and self.keep(self.driver.fight):
            self._kept = commands
        super().refresh_fight()

    def unsaved(self) -> bool:
        """True only if the last move could not be saved in the run."""
        return self._kept != len(self.driver.fight.commands)

    def save_now(self, *, quiet: bool = False) -> bool:
        """Save the run with the fight as far as it has gone (it saves itself after each move)."""
        if not self.keep(self.driver.fight):
            return False
        self._kept = len(self.driver.fight.commands)
        if not quiet:
            self.notify("The run is saved after every move.", title="Gauntlet", timeout=3)
        return True

    def show_summary(self) -> None:
        """Once the fight is over, Enter goes back to the run; the first call only says so."""
        if self._told:
            self.dismiss(None)
            return
        self._told = True
        self.notify("The fight is over. Enter or q: back to the gauntlet.", title="Gauntlet")

    def action_leave(self) -> None:
        """A finished fight goes back to the run; a gauntlet fight is never left half-fought."""
        if self.driver.fight.over:
            self.dismiss(None)
        else:
            self.notify(
                "A gauntlet fight is fought to its end. Ctrl+q quits: the run keeps every "
                "move, and Continue goes on from this moment of this fight.",
                title="Gauntlet",
                severity="warning",
            )
