"""The arena app: it composes the screens and binds the keys; the screens do the rest."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from arena.ui.messages import FightChosen
from arena.ui.preferences import (
    load_preferences,
    preferences_path,
    save_preferences,
)
from arena.ui.title_screen import TitleScreen

if TYPE_CHECKING:
    from arena.engine import Command, Fight, Verbosity
    from arena.engine.setup import Catalog
    from arena.ui.arena_screen import ArenaScreen

DEFAULT = object()
"""The preferences file when none is named: the user config folder's."""


class ArenaApp(App[None]):
    """Title menu, fight setup, the arena, help and the summary."""

    TITLE = "arena"
    SUB_TITLE = "Sorcerer and Werewolf: The Apocalypse, fought on a grid"
    CSS_PATH = Path(__file__).parent / "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(
        self,
        catalog: Catalog | None,
        *,
        saves: Path,
        pace: float | None = None,
        hold: float | None = None,
        fight: Fight | None = None,
        replay: Sequence[Command] = (),
        watch: bool = False,
        preferences: Path | Any | None = DEFAULT,
    ) -> None:
        """Set the app up.

        Args:
            catalog: the content fights are built from; None loads it once the title shows.
            saves: the folder saves and logs go to.
            pace: seconds between AI decisions (0 in tests); None: the saved preference.
            hold: how long the screen holds on the player's own roll (see `Preferences`);
                None: the saved preference.
            fight: open this fight at once, over the title menu.
            replay: recorded commands to play back into `fight`.
            watch: the AI plays every side of `fight`.
            preferences: the preferences file; None keeps none (tests).
        """
        super().__init__()
        self._catalog = catalog
        self.saves = saves
        self.preferences_file: Path | None = (
            preferences_path() if preferences is DEFAULT else preferences
        )
        self.preferences, self._preferences_problem = load_preferences(self.preferences_file)
        self.pace = self.preferences.pace if pace is None else pace
        self.hold = self.preferences.hold if hold is None else hold
        self._first = FightChosen(fight, replay=replay, watch=watch) if fight else None

    def on_mount(self) -> None:
        """The title menu, and the fight asked for on the command line over it."""
        self.push_screen(TitleScreen(self.catalog, self.saves))
        if self._preferences_problem:
            self.notify(self._preferences_problem, title="Preferences", severity="warning")
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
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.push_screen(ArenaScreen(driver, saves=self.saves, saved_to=message.saved_to))

    # -- preferences ------------------------------------------------------------------------

    def prefer(self, **changes: Any) -> None:
        """Change preferences, use them at once and keep them for the next run."""
        self.preferences = dataclasses.replace(self.preferences, **changes)
        self.pace = self.preferences.pace if "pace" in changes else self.pace
        self.hold = self.preferences.hold if "hold" in changes else self.hold
        try:
            save_preferences(self.preferences_file, self.preferences)
        except OSError as err:
            self.notify(f"Not kept for next time: {err}", title="Preferences", severity="warning")

    # -- quitting ---------------------------------------------------------------------------

    def arena(self) -> ArenaScreen | None:
        """The fight on screen (under any help or summary over it), if one is."""
        from arena.ui.arena_screen import ArenaScreen

        found = [s for s in self.screen_stack if isinstance(s, ArenaScreen)]
        return found[-1] if found else None

    def action_request_quit(self) -> None:
        """Quit; a fight with unsaved moves asks first: save and quit, quit, or stay."""
        arena = self.arena()
        if arena is None or not arena.unsaved():
            self.exit()
            return
        from arena.ui.quit_screen import QuitScreen

        if not isinstance(self.screen, QuitScreen):
            self.push_screen(QuitScreen(), self._after_quit_question)

    def _after_quit_question(self, answer: str | None) -> None:
        arena = self.arena()
        if answer == "save" and arena is not None:
            if arena.save_now():
                self.exit()
        elif answer == "quit":
            self.exit()

    # -- the palette's actions --------------------------------------------------------------

    def menu(self, action: str) -> None:
        """A title menu entry from anywhere; a fight on screen is left (and saved) first."""
        if action != "odds":
            arena = self.arena()
            if arena is not None:
                arena.action_leave()
                if self.arena() is not None:
                    return  # it could not be saved: stay, the notice says why
            while len(self.screen_stack) > 2:
                self.pop_screen()
        title = next(s for s in self.screen_stack if isinstance(s, TitleScreen))
        title.action_menu(action)

    def new_fight(self) -> None:
        """The setup form for a new fight."""
        self.menu("new")

    def set_verbosity(self, verbosity: Verbosity) -> None:
        """The log's verbosity, now and next time."""
        arena = self.arena()
        if arena is not None:
            arena.set_verbosity(verbosity)
        else:
            self.prefer(verbosity=verbosity)

    # -- help and the palette ---------------------------------------------------------------

    def action_help(self, topic: str = "") -> None:
        """Help on the keys and the rules (in a fight, `?` opens it at the current step)."""
        from arena.ui.help_screen import HelpScreen

        self.push_screen(HelpScreen(topic=topic))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The app's own actions first, then Textual's (theme, keys, screenshot)."""
        from arena.ui.palette import arena_commands

        yield from arena_commands(self, screen)
        yield from super().get_system_commands(screen)
