"""The gauntlet's form: pick a ruleset, a character and a seed, or continue the run saved."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from arena.gauntlet import GauntletError, RunState, daily_seed, new_run, rules_for
from arena.gauntlet.run import MapsMode
from arena.gauntlet.saves import load_run
from arena.ui.gauntlet_offers import warm_pool
from arena.ui.gauntlet_run import RUN_FILE, GauntletScreen, close_run
from arena.ui.gauntlet_text import damaged_lines, names_of, waiting_lines
from arena.ui.keys_notice import FORM_KEYS, show_keys
from arena.ui.newer import say_newer
from arena.ui.plain import plain
from arena.ui.setup_screen import SEED_KEYS

if TYPE_CHECKING:
    from arena.engine.setup import Catalog

HERE = Path(__file__).parent
RULESETS: Final = ("werewolf", "sorcerer")


MAPS_CHOICES: Final = (
    ("drawn: each group on its own map", "drawn"),
    ("generated: a new map each fight, from the seed", "generated"),
)
"""The form's choice of maps (``arena gauntlet --maps``)."""


@dataclass(frozen=True, slots=True)
class GauntletPreset:
    """What the command line chose for the form: ruleset, character (empty: the ruling's), seed."""

    ruleset: str
    character: str
    seed: int
    maps: MapsMode = "drawn"
    """``generated``: each fight of the run on a generated map (``--maps generated``)."""
    level: str = ""
    """Every opponent's difficulty level (empty: as its group says)."""


class GauntletSetupScreen(Screen[None]):
    """Ruleset, character and seed (or today's); or continue the run saved between fights."""

    CSS_PATH = HERE / "gauntlet_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+f", "start", "Start the run"),
        Binding("question_mark", "keys", "Keys", key_display="?"),
    ]

    def __init__(self, catalog: Catalog, saves: Path, preset: GauntletPreset | None = None) -> None:
        """A form over the content's characters; runs are saved in `saves`.

        `preset` fills the form in (``arena gauntlet --ruleset ... --seed ...`` in a terminal).
        """
        super().__init__()
        self.catalog = catalog
        self.saves = saves
        self.preset = preset

    def saved_run(self, notes: list[str] | None = None) -> RunState | GauntletError | None:
        """The run saved in the saves folder if it can go on, why not if it cannot, or None.

        It is checked whole, its fight under way played back too, so a damaged run is
        refused here and never shown as a fresh offer. `notes`, if given, gets what a person
        should know though it loads (a newer arena wrote it).
        """
        path = self.saves / RUN_FILE
        if not path.exists():
            return None
        try:
            return load_run(path, self.catalog, notes)
        except GauntletError as err:
            return err

    def compose(self) -> ComposeResult:
        """The form."""
        with VerticalScroll(id="gauntlet-form"):
            yield Static("The gauntlet", classes="gauntlet-title")
            yield Static(
                "Fights in a row. Injuries carry over, rests heal a little, death is final.",
                classes="hint",
            )
            with Horizontal(classes="row"):
                yield Label("Ruleset", classes="label")
                yield Select(
                    [(r, r) for r in RULESETS], id="g-ruleset", allow_blank=False, compact=True
                )
            with Horizontal(classes="row"):
                yield Label("Character", classes="label")
                yield Select([], id="g-character", compact=True)
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input("1", type="integer", restrict=SEED_KEYS, id="g-seed", compact=True)
                yield Button("Today's", id="daily", compact=True)
            with Horizontal(classes="row"):
                yield Label("Maps", classes="label")
                yield Select(MAPS_CHOICES, id="g-maps", allow_blank=False, compact=True)
            with Horizontal(id="gauntlet-buttons"):
                yield Button("Start the run", id="start", variant="primary")
                yield Button("Continue", id="continue")
                yield Button("Back", id="back")
            yield Static(id="saved-run", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        """Fill the characters; say whether a run is waiting; start the odds workers."""
        if self.preset is not None:
            self.query_one("#g-ruleset", Select).value = self.preset.ruleset
            self.query_one("#g-seed", Input).value = str(self.preset.seed)
            self.query_one("#g-maps", Select).value = self.preset.maps
        self._ruleset_changed()
        warm_pool()
        going = self.saved_run()
        self.query_one("#continue", Button).disabled = going is None
        if not isinstance(going, RunState):
            if going is not None:  # Continue stays: pressed, it says why it cannot
                said = "\n".join(damaged_lines(going.brief, RUN_FILE))
                self.query_one("#saved-run", Static).update(plain(said))
            self.query_one("#g-ruleset", Select).focus()
            return
        name = names_of(self.catalog, going.ruleset).get(going.character, going.character)
        self.query_one("#saved-run", Static).update(plain("\n".join(waiting_lines(going, name))))
        self.query_one("#continue", Button).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new ruleset brings its characters."""
        if event.select.id == "g-ruleset":
            self._ruleset_changed()

    def _maps(self) -> MapsMode:
        """``generated`` when the form asks for generated maps, else ``drawn``."""
        value = self.query_one("#g-maps", Select).value
        return "generated" if value == "generated" else "drawn"

    def _ruleset(self) -> str:
        value = self.query_one("#g-ruleset", Select).value
        return value if isinstance(value, str) else RULESETS[0]

    def _ruleset_changed(self) -> None:
        from arena.engine.setup import list_fighters

        ruleset = self._ruleset()
        fighters = list_fighters(self.catalog, ruleset)
        select = self.query_one("#g-character", Select)
        select.set_options([(plain(f"{f.glyph} {f.name} ({f.kind})"), f.id) for f in fighters])
        try:
            default = rules_for(self.catalog, ruleset).character
        except GauntletError:
            return
        if self.preset is not None and self.preset.ruleset == ruleset and self.preset.character:
            default = self.preset.character
        if default in {f.id for f in fighters}:
            select.value = default

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start, continue, today's seed or back."""
        match event.button.id:
            case "start":
                self.action_start()
            case "continue":
                self.action_continue()
            case "daily":
                self.query_one("#g-seed", Input).value = str(daily_seed())
            case _:
                self.action_back()

    def action_start(self) -> None:
        """A new run with the form's answers."""
        from arena.engine.setup import SetupError, seed_from_text

        character = self.query_one("#g-character", Select).value
        try:
            state = new_run(
                self.catalog,
                self._ruleset(),
                seed_from_text(self.query_one("#g-seed", Input).value),
                character=character if isinstance(character, str) else "",
                maps=self._maps(),
                level=self.preset.level if self.preset is not None else "",
            )
        except (GauntletError, SetupError) as err:
            self.notify(str(err), title="Cannot start this run", severity="error")
            return
        going = self.saved_run()
        if isinstance(going, RunState):
            self._abandon(going)
        self.app.switch_screen(GauntletScreen(self.catalog, self.saves, state))

    def _abandon(self, going: RunState) -> None:
        """A new run gives up the one waiting: it ends as abandoned, on the high-score table."""
        gone = replace(going, end="abandoned", underway=None)
        name = names_of(self.catalog, gone.ruleset).get(gone.character, gone.character)
        try:
            close_run(self.saves, gone, name)
        except OSError as err:
            self.notify(
                f"The run given up is not recorded: {err.filename}: {err.strerror}",
                severity="warning",
            )

    def action_continue(self) -> None:
        """The run saved in the saves folder, where it was left; a damaged one says why not."""
        notes: list[str] = []
        state = self.saved_run(notes)
        if isinstance(state, RunState):
            self.app.switch_screen(GauntletScreen(self.catalog, self.saves, state))
            say_newer(self.app, notes)
        elif state is not None:
            self.notify(
                "\n".join(damaged_lines(state.brief, RUN_FILE)),
                title="Cannot continue this run",
                severity="error",
                timeout=15,
            )

    def action_back(self) -> None:
        """Back to the title."""
        self.app.pop_screen()

    def action_keys(self) -> None:
        """The form's keys, in a notice."""
        show_keys(self, FORM_KEYS)
