"""The gauntlet: pick a character and a seed, then fights in a row, injuries carried, permadeath."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static

from arena.gauntlet import (
    GauntletError,
    Offer,
    RunState,
    begin_fight,
    daily_seed,
    finish_fight,
    keep_moves,
    new_run,
    offer,
    resume_fight,
    rules_for,
)
from arena.gauntlet.closing import record_run
from arena.gauntlet.morgue import morgue_path
from arena.gauntlet.offers import ranked
from arena.gauntlet.saves import load_run, save_run
from arena.ui.driver import FightDriver
from arena.ui.gauntlet_arena import GauntletArena
from arena.ui.gauntlet_offers import ODDS_FIGHTS, OfferMenu, warm_pool
from arena.ui.gauntlet_text import (
    carried_lines,
    damaged_lines,
    end_lines,
    map_names,
    names_of,
    record_lines,
    rest_words,
    waiting_lines,
)
from arena.ui.keys_notice import FORM_KEYS, show_keys
from arena.ui.plain import plain
from arena.ui.setup_screen import SEED_KEYS

if TYPE_CHECKING:
    from arena.engine import Fight
    from arena.engine.setup import Catalog

HERE = Path(__file__).parent
RULESETS: Final = ("werewolf", "sorcerer")
RUN_FILE: Final = "gauntlet-run.json"
"""The run in progress, in the saves folder: written before each fight and after every move
of one, gone when the run ends."""


def close_run(saves: Path, state: RunState, name: str) -> Path:
    """A run over: its morgue file and its high score are written together, then its save goes.

    Returns:
        The morgue file.

    Raises:
        OSError: the morgue file or the table cannot be written (neither was, and the save
            is kept); ``filename`` names the file and ``strerror`` says why.
    """
    saves.mkdir(parents=True, exist_ok=True)
    path = morgue_path(saves, state, keep_others=True)  # runs by hand differ
    record_run(saves, state, name, path)
    (saves / RUN_FILE).unlink(missing_ok=True)
    return path


@dataclass(frozen=True, slots=True)
class GauntletPreset:
    """What the command line chose for the form: ruleset, character (empty: the ruling's), seed."""

    ruleset: str
    character: str
    seed: int


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

    def saved_run(self) -> RunState | GauntletError | None:
        """The run saved in the saves folder if it can go on, why not if it cannot, or None.

        It is checked whole, its fight under way played back too, so a damaged run is
        refused here and never shown as a fresh offer.
        """
        path = self.saves / RUN_FILE
        if not path.exists():
            return None
        try:
            return load_run(path, self.catalog)
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
        state = self.saved_run()
        if isinstance(state, RunState):
            self.app.switch_screen(GauntletScreen(self.catalog, self.saves, state))
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


class GauntletScreen(Screen[None]):
    """A run between fights: what is carried, the last fight, and the fights on offer."""

    CSS_PATH = HERE / "gauntlet_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n - 1})", f"Fight {n}", show=False) for n in (1, 2, 3)),
        Binding("escape,q", "back", "Title menu"),
    ]

    def __init__(
        self, catalog: Catalog, saves: Path, state: RunState, *, odds: int = ODDS_FIGHTS
    ) -> None:
        """A run at its next offer (or over).

        Args:
            catalog: the content.
            saves: the saves folder.
            state: the run.
            odds: continuations of each offer's fight for its chance to win (0: none, only
                the danger rating).
        """
        super().__init__()
        self.catalog = catalog
        self.saves = saves
        self.state = state
        self.odds = odds
        self.names = names_of(catalog, state.ruleset)
        self.maps = map_names(catalog)
        self.ranking = tuple(o.danger for o in ranked(catalog, state.ruleset))
        self.morgue = ""
        self._fighting: str | None = None
        self._behind = False
        """The last move of the fight could not be saved: the run's save stops before it."""
        self._stuck = ""
        """Why the fight under way cannot be fought on, once it was found so."""

    def compose(self) -> ComposeResult:
        """The run's state, the last fight, the offer."""
        with VerticalScroll(id="gauntlet-run"):
            yield Static(id="run-head", classes="gauntlet-title")
            yield Static(id="run-carried")
            yield Static(id="run-last")
            yield Static(id="offer-head", classes="label wide")
            yield OfferMenu(self.names, self.maps, self.ranking, odds=self.odds, id="offers")
        yield Footer()

    def on_mount(self) -> None:
        """Save the run as it stands, then show it; a fight left under way goes on at once."""
        if self.state.underway is None:
            self._save()  # a fight under way is in its save already, which stays as it is
        self.show_run()
        if self.state.underway is not None:
            self.fight(self.state.underway.group)

    @property
    def character_name(self) -> str:
        """The character's display name."""
        return self.names.get(self.state.character, self.state.character)

    def show_run(self) -> None:
        """Draw the run: head, carried state, last fight and the offer (or the end)."""
        state, rules = self.state, rules_for(self.catalog, self.state.ruleset)
        number = len(state.records) + 1
        head = f"{self.character_name}: the gauntlet ({state.ruleset}, seed {state.seed})"
        if not state.over:
            head += f"\nFight {number} of {rules.fights} · {state.won} won so far · "
            head += rest_words(len(state.records), rules.long_rest_every, rules.fights)
        self.query_one("#run-head", Static).update(plain(head))
        self.query_one("#run-carried", Static).update(
            plain("\n".join(carried_lines(state.carried, state.ruleset, over=state.over)))
        )
        last = record_lines(state.records[-1], state.ruleset) if state.records else []
        if state.over:
            last += ["", *end_lines(state, self.morgue)]
        self.query_one("#run-last", Static).update(plain("\n".join(last)))
        self.query_one("#run-last").display = bool(last)
        menu = self.query_one(OfferMenu)
        if state.over:
            menu.show(state, (), self.catalog.digest)
            self.query_one("#offer-head", Static).update("Esc: back to the title menu.")
            menu.display = False
            return
        if state.underway is not None:
            # The fight chosen is fought to its end: no other offer is shown beside it.
            menu.show(state, (), self.catalog.digest)
            menu.display = False
            self.query_one("#offer-head", Static).update(plain(self._underway_words()))
            return
        menu.display = True
        hospital = " (out of hospital: the easiest fight alone)" if state.hospital else ""
        self.query_one("#offer-head", Static).update(
            f"Your next fight{hospital}: its number, or Enter (Esc: the run waits in its save)"
        )
        menu.show(state, offer(state, self.catalog), self.catalog.digest)
        # Back from a fight, nothing is highlighted: an Enter meant for the fight's end
        # must not pick the next one unseen.
        menu.highlighted = None if state.records else 0
        menu.focus()
        self.call_after_refresh(self.query_one("#gauntlet-run").scroll_home, animate=False)

    def _underway_words(self) -> str:
        if not self._stuck:
            return "This fight is under way: it goes on from the move it was left at."
        return (
            f"The fight under way cannot be fought on: {self._stuck}. The run's save is left "
            "as it is. Esc: back to the title menu."
        )

    @property
    def offers(self) -> tuple[Offer, ...]:
        """The fights on offer, with their chances to win as far as they are in."""
        return self.query_one(OfferMenu).offers

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on an offer: fight it."""
        self.fight(event.option.id or "")

    def action_pick(self, index: int) -> None:
        """A number key: that offer."""
        if 0 <= index < len(self.offers):
            self.fight(self.offers[index].id)

    def fight(self, group_id: str) -> None:
        """Play an offered fight in the arena, the character in the person's hands.

        The choice is saved before the first move and every move after it, so quitting
        mid-fight and continuing goes on inside the same fight.
        """
        if self.state.over or self._fighting is not None:
            return
        started: list[Fight] = []
        try:
            chosen = begin_fight(self.state, self.catalog, group_id)
            if chosen is not self.state:  # a fight under way is saved already
                self.state = chosen
                self._save()
            started.append(resume_fight(self.state, self.catalog))
        except GauntletError as err:
            self.notify(err.brief, title="Cannot fight", severity="error")
            if self.state.underway is not None:
                self._stuck = err.brief  # never swapped for a fresh offer
                self.show_run()
            return
        fight = started[0]
        self.query_one(OfferMenu).drop()  # the fight needs the processor more than the odds
        self._fighting = group_id
        fights = rules_for(self.catalog, self.state.ruleset).fights
        where = f"Gauntlet: fight {len(self.state.records) + 1} of {fights}"
        screen = GauntletArena(FightDriver(fight), saves=self.saves, keep=self.keep, where=where)
        self.app.push_screen(screen, lambda _: self.after_fight(group_id, fight))

    def keep(self, fight: Fight) -> bool:
        """Save the run with the fight under way as far as it has gone; True if it was saved."""
        self.state = keep_moves(self.state, fight)
        saved = self._save()
        self._behind = not saved
        return saved

    def after_fight(self, group_id: str, fight: Fight) -> None:
        """The fight is over: its record, the rest, and the next offer or the end."""
        self._fighting = None
        self.app.clear_notifications()  # the fight's "back to the gauntlet" is done with
        try:
            self.state = finish_fight(self.state, self.catalog, group_id, fight)
        finally:
            fight.close()
        if self.state.over:
            self._end()
        else:
            self._save()
        self.show_run()

    def _save(self) -> bool:
        if self.state.over:
            return True
        try:
            self.saves.mkdir(parents=True, exist_ok=True)
            save_run(self.state, self.catalog.digest, self.saves / RUN_FILE)
        except OSError as err:
            self.notify(f"The run is not saved: {err}", title="Gauntlet", severity="warning")
            return False
        return True

    def _end(self) -> None:
        """Permadeath: the save goes, the morgue file and the high-score table are written."""
        try:
            self.morgue = str(close_run(self.saves, self.state, self.character_name))
        except OSError as err:
            said = f"The run is not recorded: {err.filename}: {err.strerror}."
            if self._behind:
                # A save that stops before the fight's end would let it be fought again.
                with contextlib.suppress(OSError):
                    (self.saves / RUN_FILE).unlink(missing_ok=True)
                said += " Its save did not reach the fight's end either, so it is gone."
            else:
                said += (
                    " Its save is kept: once the folder can be written, Continue ends its "
                    "last fight again and records it."
                )
            self.notify(said, title="Gauntlet", severity="error")

    def action_back(self) -> None:
        """Back to the title; a run going on waits in its save."""
        self.app.pop_screen()
