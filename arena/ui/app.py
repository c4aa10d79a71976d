"""The arena app: it composes the screens and binds the keys; the screens do the rest."""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen

from arena.ui.messages import FightChosen, NewFightForm
from arena.ui.newer import say_newer
from arena.ui.plain import shown_text
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
    from arena.ui.gauntlet_screen import GauntletPreset

DEFAULT = object()
"""The preferences file when none is named: the user config folder's."""


LOAD_AFTER: Final = 0.3
"""Seconds after start-up at which the content loads, once the title menu has been drawn."""


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
        opener: Callable[..., Fight] | None = None,
        demo: Sequence[str] | None = None,
        big: bool = False,
        replay_viewer: Fight | None = None,
        gauntlet: GauntletPreset | None = None,
        new_fight: NewFightForm | None = None,
        warm: bool = False,
        set_aside: bool = False,
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
            opener: opens a scenario by shipped name or file path (the command line's);
                None opens shipped names only.
            demo: start the self-playing demo with these scenarios (empty: the lessons).
            big: projector mode: large dice and rule cards.
            replay_viewer: open this finished or saved fight in the replay viewer.
            gauntlet: open the gauntlet's form over the title, filled in with these.
            new_fight: open the new-fight form over the title, filled in with these.
            warm: start the forecast's worker processes as a fight screen opens, so the first
                ``f`` does not wait for them (off in tests: each screen would start two).
            set_aside: keep what a fight keeps out of the garbage collector's full passes, so
                no key waits on one (off in tests: each fight screen would collect the whole
                test run's objects).
        """
        super().__init__()
        self._catalog = catalog
        self._catalog_lock = threading.Lock()
        self.saves = saves
        self.preferences_file: Path | None = (
            preferences_path() if preferences is DEFAULT else preferences
        )
        self.preferences, self._preferences_problem = load_preferences(self.preferences_file)
        self.pace = self.preferences.pace if pace is None else pace
        self.hold = self.preferences.hold if hold is None else hold
        self._first = FightChosen(fight, replay=replay, watch=watch) if fight else None
        self._opener = opener
        self._demo = demo
        self.big = big
        self._replay_viewer = replay_viewer
        self._gauntlet = gauntlet
        self._new_fight = new_fight
        self.warm = warm
        self.set_aside = set_aside

    def on_mount(self) -> None:
        """The title menu, and the fight asked for on the command line over it."""
        self.push_screen(TitleScreen(self.catalog, self.saves))
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self._preferences_problem:
            self.notify(self._preferences_problem, title="Preferences", severity="warning")
        if self._first is not None:
            self.on_fight_chosen(self._first)
        elif self._demo is not None:
            self.action_demo(tuple(self._demo))
        elif self._replay_viewer is not None:
            self.view_replay(self._replay_viewer)
        elif self._gauntlet is not None:
            from arena.ui.gauntlet_screen import GauntletSetupScreen

            self.push_screen(GauntletSetupScreen(self.catalog(), self.saves, self._gauntlet))
        elif self._new_fight is not None:
            from arena.ui.setup_screen import SetupScreen

            self.push_screen(SetupScreen(self.catalog(), self._new_fight))
        elif self._catalog is None:
            self.set_timer(LOAD_AFTER, self._start_loading)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A notice, always shown as written, whatever `markup` asks.

        Notices carry paths, names and error messages: one holding '[/x]' read as markup
        would end the app, and one holding an escape code (a file's name, a reason read
        from a file) would drive the terminal; it is written out instead.
        """
        message, title = shown_text(message), shown_text(title)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def catalog(self) -> Catalog:
        """The content, loaded on first use.

        Raises:
            SetupError: the content does not load.
        """
        with self._catalog_lock:  # the loading worker and a menu key may ask at once
            if self._catalog is None:
                from arena.engine.setup import load_catalog

                self._catalog = load_catalog()
            return self._catalog

    def _start_loading(self) -> None:
        # A thread keeps keys answered while the YAML loads; any menu key needing the content
        # meanwhile waits on the lock instead of loading it twice.
        self.run_worker(self._load_catalog, thread=True, exit_on_error=False)

    def _load_catalog(self) -> None:
        """Load the content just after the first frame; broken content ends the app, clearly."""
        from arena.engine.setup import SetupError

        try:
            self.catalog()
        except SetupError as err:
            self.call_from_thread(self.exit, return_code=2, message=f"arena: {err}")

    def on_fight_chosen(self, message: FightChosen) -> None:
        """Open a fight in the arena, over the title menu."""
        # The arena's widgets load with the first fight: the title menu shows sooner.
        from arena.ui.arena_screen import ArenaScreen
        from arena.ui.driver import FightDriver

        driver = FightDriver(message.fight, replay=message.replay, watch=message.watch)
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.push_screen(ArenaScreen(driver, saves=self.saves, saved_to=message.saved_to))
        say_newer(self, message.fight.newer_arena_note)

    def open_scenario(self, path_or_name: str, *, watch: bool = False) -> Fight:
        """A scenario's fight, by shipped name or (with the command line's opener) file path.

        Args:
            path_or_name: a shipped scenario's name, or a scenario file.
            watch: for the AI and scripts to play: nobody takes a combatant over.

        Raises:
            SetupError: no such scenario or file, or an invalid one.
        """
        if self._opener is not None:
            return self._opener(self.catalog(), path_or_name, watch=watch)
        from arena.engine.setup import first_combatant, humans_of, scenario_fight

        cat = self.catalog()
        if watch or path_or_name not in cat.scenarios:
            return scenario_fight(cat, path_or_name)  # SetupError, naming the shipped ones
        human = None if humans_of(cat, path_or_name) else first_combatant(cat, path_or_name)
        return scenario_fight(cat, path_or_name, human=human)

    def action_demo(self, names: tuple[str, ...] = ()) -> None:
        """The self-playing demo: the lesson scenarios (or `names`), one event at a time."""
        from arena.ui.demo_screen import DemoScreen
        from arena.ui.playlist import Playlist

        try:
            playlist = Playlist(self.catalog(), names, opener=self.open_scenario)
        except Exception as err:  # a broken scenario is named, never a crash
            self.notify(str(err), title="Cannot start the demo", severity="error")
            return
        self.push_screen(DemoScreen(playlist, big=self.big, pace=self.pace))

    def view_replay(self, fight: Fight) -> None:
        """A saved fight in the replay viewer, stepping forward and back."""
        from arena.ui.replay_screen import ReplayScreen
        from arena.ui.timeline import Timeline

        self.push_screen(ReplayScreen(Timeline.recorded(fight), big=self.big))
        say_newer(self, fight.newer_arena_note)

    # -- a terminal too small ---------------------------------------------------------------

    def on_unmount(self) -> None:
        """Stop the forecasts' worker processes: quitting must not wait for their work."""
        from arena.ui.pools import stop_all

        stop_all()

    def on_resize(self) -> None:
        """The terminal changed size: is the screen on top still shown whole?"""
        self.call_after_refresh(self.check_size)

    def _screen_changed(self, _screen: Screen[Any]) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        """A screen larger than the terminal (the fight) gets a notice saying how large it must be.

        Never a screen with parts cut off without a word; the notice goes when it grows. A popup
        over the fight is covered too: the fight shows through it, cut.
        """
        from arena.ui.too_small import TooSmallScreen, needed, too_small

        need = needed(self.screen_stack)
        if need is not None and too_small(self, need):
            arena = self.arena()
            # The AI waits while nobody can see the fight; it goes on once the notice goes.
            held = arena is not None and not arena.paused
            if held and arena is not None:
                arena.action_pause()
            self.push_screen(TooSmallScreen(need), lambda _: self._after_too_small(held))

    def _after_too_small(self, held: bool) -> None:
        arena = self.arena()
        if held and arena is not None and arena.paused:
            arena.action_pause()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing opens over the notice that the terminal is too small; Ctrl+q still quits."""
        from arena.ui.too_small import OPENS, TooSmallScreen

        stack = self.screen_stack
        return not (action in OPENS and stack and isinstance(stack[-1], TooSmallScreen))

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
        if "arena.ui.arena_screen" not in sys.modules:
            return None  # no fight was ever shown: quitting the title loads no fight screen
        from arena.ui.arena_screen import ArenaScreen

        found = [s for s in self.screen_stack if isinstance(s, ArenaScreen)]
        return found[-1] if found else None

    def action_request_quit(self) -> None:
        """Quit; a fight with the player's moves unsaved asks first: save and quit, quit, or stay.

        The others' moves alone ask nothing: continuing the save makes them again.
        """
        arena = self.arena()
        if arena is None or not arena.unsaved():
            self.exit()
            return
        from arena.ui.quit_screen import ASK, QuitScreen

        if isinstance(self.screen, QuitScreen) and self.screen.question == ASK:
            # Asked already: a second Ctrl+Q is the question's own "quit without saving" key.
            self.exit()
            return
        # Over the question of leaving a fight that could not be saved, this one is new.
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
