"""The arena app: it composes the screens and binds the keys; the screens do the rest."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from arena.ui.messages import FightChosen
from arena.ui.title_screen import TitleScreen

if TYPE_CHECKING:
    from arena.engine import Command, Fight
    from arena.engine.setup import Catalog

DEFAULT_PACE = 0.6
"""Seconds between two AI decisions: slow enough to follow, quick enough not to bore."""


class ArenaApp(App[None]):
    """Title menu, fight setup, the arena, help and the summary."""

    TITLE = "arena"
    SUB_TITLE = "Sorcerer and Werewolf: The Apocalypse, fought on a grid"
    CSS_PATH = Path(__file__).parent / "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(
        self,
        catalog: Catalog | None,
        *,
        saves: Path,
        pace: float = DEFAULT_PACE,
        fight: Fight | None = None,
        replay: Sequence[Command] = (),
        watch: bool = False,
    ) -> None:
        """Set the app up.

        Args:
            catalog: the content fights are built from; None loads it once the title shows.
            saves: the folder saves and logs go to.
            pace: seconds between AI decisions (0 in tests).
            fight: open this fight at once, over the title menu.
            replay: recorded commands to play back into `fight`.
            watch: the AI plays every side of `fight`.
        """
        super().__init__()
        self._catalog = catalog
        self.saves = saves
        self.pace = pace
        self._first = FightChosen(fight, replay=replay, watch=watch) if fight else None

    def on_mount(self) -> None:
        """The title menu, and the fight asked for on the command line over it."""
        self.push_screen(TitleScreen(self.catalog, self.saves))
        if self._first is not None:
            self.on_fight_chosen(self._first)
        elif self._catalog is None:
            self.call_after_refresh(self._load_catalog)

    def catalog(self) -> Catalog:
        """The content, loaded on first use.

        Raises:
            SetupError: the content does not load.
        """
        if self._catalog is None:
            from arena.engine.setup import load_catalog

            self._catalog = load_catalog()
        return self._catalog

    def _load_catalog(self) -> None:
        """Load the content just after the first frame; broken content ends the app, clearly."""
        from arena.engine.setup import SetupError

        try:
            self.catalog()
        except SetupError as err:
            self.exit(return_code=2, message=f"arena: {err}")

    def on_fight_chosen(self, message: FightChosen) -> None:
        """Open a fight in the arena, over the title menu."""
        # The arena's widgets load with the first fight: the title menu shows sooner.
        from arena.ui.arena_screen import ArenaScreen
        from arena.ui.driver import FightDriver

        driver = FightDriver(message.fight, replay=message.replay, watch=message.watch)
        driver.saved_to = message.saved_to
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.push_screen(ArenaScreen(driver, pace=self.pace, saves=self.saves))

    def action_help(self) -> None:
        """Help on the keys and the rules (in a fight, `?` opens it at the current step)."""
        from arena.ui.help_screen import HelpScreen

        self.push_screen(HelpScreen())
