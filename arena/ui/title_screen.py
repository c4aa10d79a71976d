"""The title menu: new fight, continue, load, replay, odds, help, quit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from arena.ui.host import Opener
from arena.ui.messages import FightChosen
from arena.ui.plain import shown_name
from arena.ui.save_files import continue_from, list_saves, mark_damaged, resumable

if TYPE_CHECKING:
    from arena.engine.setup import Catalog

LOGO: Final = """\
▄▀█ █▀█ █▀▀ █▄ █ ▄▀█
█▀█ █▀▄ ██▄ █ ▀█ █▀█"""
MENU: Final = (
    ("new", "n", "New fight"),
    ("continue", "c", "Continue"),
    ("load", "l", "Load a save"),
    ("replay", "r", "Replay a save"),
    ("view", "v", "Replay viewer: step a save back and forth"),
    ("open", "s", "Open a scenario (shipped, or a file)"),
    ("gauntlet", "g", "Gauntlet: fights in a row, injuries carried"),
    ("demo", "d", "Demo: the rules, playing themselves"),
    ("odds", "o", "Odds calculator"),
    ("help", "h", "Help"),
    ("quit", "q", "Quit"),
)
"""(action, key, label) of each menu entry, in order."""


NO_SAVE: Final = "No save yet: in a fight, s saves it (n starts a new fight)."
ALL_OVER: Final = "No unfinished fight to continue: l loads a finished one, r or v replays it."
NONE_LOADS: Final = "No unfinished fight loads: l loads another save, n starts a new fight."
SHOWN_PASSED: Final = 3
"""Saves passed over that Continue's notice names, each with why; more are counted."""

SCORES_AFTER: Final = 0.3
"""Seconds after start-up at which the score table is read: after the first frame."""
SCORES_SHOWN: Final = 3
"""Gauntlet runs the title menu shows from the high-score table."""
TALL: Final = 28
"""Rows from which the title box keeps its blank lines; below, it drops them to fit whole."""


def scores_text(saves: Path) -> Text:
    """The best gauntlet runs, a line each, or nothing before the first finished run."""
    from arena.gauntlet.scores import load_scores, played_note

    table = load_scores(saves)
    if not table:
        return Text()
    text = Text("Gauntlet high scores", style="bold")
    for rank, s in enumerate(table[:SCORES_SHOWN], 1):
        text.append(f"\n{rank}. {s.name} ({s.ruleset}, seed {s.seed}): {s.won} won, {s.end}")
        text.append(played_note(s), style="italic")  # an AI's run is not a person's score
    return text


def passed_lines(passed: tuple[str, ...]) -> list[str]:
    """The saves Continue passed over, a line each with why: the first few, then a count."""
    lines = list(passed[:SHOWN_PASSED])
    if len(passed) > SHOWN_PASSED:
        lines.append(f"and {len(passed) - SHOWN_PASSED} more (Load lists them)")
    return lines


class TitleScreen(Screen[None]):
    """The first screen: a menu, each entry with its own key."""

    CSS_PATH = Path(__file__).parent / "title_screen.tcss"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"menu('{action}')", label, show=False) for action, key, label in MENU),
        Binding("question_mark", "menu('help')", "Help", show=False),
    ]

    def __init__(self, catalog: Callable[[], Catalog], saves: Path) -> None:
        """The menu; `catalog` gives the content (loading it if need be), saves are in `saves`."""
        super().__init__()
        self.catalog = catalog
        self.saves = saves
        self._shown = False

    def compose(self) -> ComposeResult:
        """The logo, a line on what this is, and the menu."""
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Static(
                "Combat from Sorcerer and Werewolf: The Apocalypse, on a grid, against AI.",
                id="tagline",
            )
            with Center():
                yield OptionList(id="menu")
            yield Static(id="scores")
        yield Footer()

    def on_mount(self) -> None:
        """Fill the menu; the scores table follows once the first frame is drawn."""
        self.refresh_menu(scores=False)
        # Reading the scores loads the gauntlet's modules in a thread, which would hold the
        # interpreter while the first frame is drawn: it waits until the menu shows.
        self.set_timer(SCORES_AFTER, self._read_scores_later)

    def on_screen_resume(self) -> None:
        """Back from a fight: a new save may make Continue possible."""
        if not self._shown:
            # Its first showing: on_mount filled the menu, and the scores wait for the first
            # frame (reading them loads the gauntlet's modules, which would delay it).
            self._shown = True
            return
        self.refresh_menu()

    def refresh_menu(self, *, scores: bool = True) -> None:
        """The menu entries; Continue names the latest unfinished fight, or is disabled.

        Args:
            scores: read the gauntlet's score table again too (off the UI thread).
        """
        saves = list_saves(self.saves)
        going = resumable(self.saves)
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        for action, key, label in MENU:
            if action == "continue" and going:
                label = f"Continue: {going.title}" + (f", {going.where}" if going.where else "")
            disabled = (action == "continue" and not going) or (
                action in ("load", "replay", "view") and not saves
            )
            prompt = Text(f"{key}  ", style="bold").append(label)
            menu.add_option(Option(prompt, id=action, disabled=disabled))
        menu.highlighted = highlighted if highlighted is not None else 0
        menu.focus()
        if scores:
            self._read_scores_later()

    def _read_scores_later(self) -> None:
        # The gauntlet's modules load the content's: read the table off the UI thread.
        self.run_worker(self._read_scores, thread=True, exit_on_error=False, group="scores")

    def _read_scores(self) -> None:
        text = scores_text(self.saves)
        self.app.call_from_thread(self.query_one("#scores", Static).update, text)

    def _saves_screen(self, title: str) -> Screen[Path | None]:
        # Loaded on first use: the title menu draws without it.
        from arena.ui.saves_screen import SavesScreen

        return SavesScreen(self.saves, title)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on an entry."""
        self.action_menu(event.option.id or "")

    def action_menu(self, action: str) -> None:
        """Do what a menu entry says."""
        from arena.engine.setup import SetupError

        saves = list_saves(self.saves)
        going = resumable(self.saves)
        if action == "new":
            from arena.ui.setup_screen import SetupScreen

            try:
                self.app.push_screen(SetupScreen(self.catalog()))
            except SetupError as err:
                self.notify(str(err), title="The content does not load", severity="error")
        elif action == "continue" and going:
            self._continue()
        elif action == "load" and saves:
            self.app.push_screen(self._saves_screen("Load a save"), self._load)
        elif action == "replay" and saves:
            self.app.push_screen(self._saves_screen("Replay a save"), self._replay)
        elif action == "open":
            from arena.engine.setup import list_scenarios
            from arena.ui.open_screen import OpenScreen

            try:
                entries = list_scenarios(self.catalog())
            except SetupError as err:
                self.notify(str(err), title="The content does not load", severity="error")
                return
            self.app.push_screen(OpenScreen(entries), self._open)
        elif action == "gauntlet":
            from arena.ui.gauntlet_screen import GauntletSetupScreen

            try:
                self.app.push_screen(GauntletSetupScreen(self.catalog(), self.saves))
            except SetupError as err:
                self.notify(str(err), title="The content does not load", severity="error")
        elif action == "demo":
            if isinstance(self.app, Opener):
                self.app.action_demo()
        elif action == "view" and saves:
            self.app.push_screen(self._saves_screen("Replay viewer: pick a save"), self._view)
        elif action in ("continue", "load", "replay", "view"):
            # Disabled in the menu, but its key was pressed: say why instead of nothing.
            self.notify(NO_SAVE if not saves else ALL_OVER, title="Nothing to open")
        elif action == "odds":
            from arena.ui.odds_screen import OddsScreen

            self.app.push_screen(OddsScreen())
        elif action == "help":
            from arena.ui.help_screen import HelpScreen

            self.app.push_screen(HelpScreen())
        elif action == "quit":
            self.app.exit()

    def _load(self, path: Path | None) -> None:
        from arena.engine import SaveError, load_save  # the engine loads when first needed
        from arena.engine.setup import SetupError

        if path is None:
            return
        try:
            fight = load_save(path, self.catalog())
        except (SaveError, SetupError, OSError) as err:
            self.notify(str(err), title="Cannot load", severity="error")
            # Continue then offers the newest save that may load, not this one again.
            mark_damaged(path)
            self.refresh_menu()
            return
        self.post_message(FightChosen(fight, saved_to=path))

    def _continue(self) -> None:
        """The newest unfinished fight that loads; one notice names the saves passed over."""
        from arena.engine.setup import SetupError

        try:
            found = continue_from(self.saves, self.catalog())
        except SetupError as err:  # the content's fault, not a save's
            self.notify(str(err), title="The content does not load", severity="error")
            return
        if found.fight is None or found.path is None:
            said = "\n".join((*passed_lines(found.passed), NONE_LOADS))
            self.notify(said, title="Cannot continue", severity="error")
            self.refresh_menu()
            return
        if found.passed:
            going_on = f"Continuing {shown_name(found.path.name)}."
            said = "\n".join((*passed_lines(found.passed), going_on))
            self.notify(said, title="Continue passed over saves", severity="warning")
        self.post_message(FightChosen(found.fight, saved_to=found.path))

    def _open(self, chosen: str | None) -> None:
        from arena.engine.setup import SetupError

        if chosen is None or not isinstance(self.app, Opener):
            return
        try:
            fight = self.app.open_scenario(chosen)
        except (SetupError, ValueError, OSError) as err:
            self.notify(str(err), title="Cannot open", severity="error")
            return
        self.post_message(FightChosen(fight))

    def _view(self, path: Path | None) -> None:
        from arena.engine import SaveError, load_save
        from arena.engine.setup import SetupError

        if path is None or not isinstance(self.app, Opener):
            return
        try:
            fight = load_save(path, self.catalog())
        except (SaveError, SetupError, OSError) as err:
            self.notify(str(err), title="Cannot replay", severity="error")
            return
        self.app.view_replay(fight)

    def _replay(self, path: Path | None) -> None:
        from arena.engine import SaveError
        from arena.engine.setup import SetupError, replay_fight

        if path is None:
            return
        try:
            fight, commands = replay_fight(path, self.catalog())
        except (SaveError, SetupError, OSError) as err:
            self.notify(str(err), title="Cannot replay", severity="error")
            return
        self.post_message(FightChosen(fight, replay=commands, saved_to=path))
