"""A gauntlet run between fights: what is carried, the fights on offer, each fight, the end."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static

from arena.gauntlet import (
    GauntletError,
    Offer,
    RunState,
    begin_fight,
    finish_fight,
    keep_moves,
    offer,
    resume_fight,
    rules_for,
)
from arena.gauntlet.closing import record_run
from arena.gauntlet.morgue import morgue_path
from arena.gauntlet.offers import ranked
from arena.gauntlet.saves import save_run
from arena.ui.driver import FightDriver
from arena.ui.gauntlet_arena import GauntletArena
from arena.ui.gauntlet_offers import ODDS_FIGHTS, OfferMenu
from arena.ui.gauntlet_text import (
    carried_lines,
    end_lines,
    map_names,
    names_of,
    record_lines,
    rest_words,
)
from arena.ui.plain import plain

if TYPE_CHECKING:
    from arena.engine import Fight
    from arena.engine.setup import Catalog

HERE = Path(__file__).parent
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


class GauntletScreen(Screen[None]):
    """A run between fights: what is carried, the last fight, and the fights on offer."""

    CSS_PATH = HERE / "gauntlet_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n - 1})", f"Fight {n}", show=False) for n in (1, 2, 3)),
        # What the key does: the run waits in its save, and the title menu comes back.
        Binding("escape,q", "back", "Title (run kept)"),
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
            yield OfferMenu(
                self.names,
                self.maps,
                self.ranking,
                odds=self.odds,
                generated=self.state.maps == "generated",
                id="offers",
            )
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
            said = f"{err.filename}: {err.strerror}"  # strerror says "cannot write it: ..."
            self.notify(f"The run is not saved: {said}", title="Gauntlet", severity="warning")
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
