"""The odds calculator: exact odds of a Werewolf roll or a Sorcerer contest, as bars."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import ClassVar, Final

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Checkbox, Footer, Input, Label, Select, Static
from textual.worker import get_current_worker

from arena.engine.setup import (
    DIFFICULTY_MAX,
    DIFFICULTY_MIN,
    POOL_MAX,
    OddsReport,
    Tens,
    contest_odds,
    damage_odds,
    storyteller_odds,
)
from arena.ui.keys_notice import FORM_KEYS, show_keys
from arena.ui.tick_box import TickBox

KINDS: Final = (
    ("Werewolf roll: dice and difficulty", "storyteller"),
    ("Werewolf damage or soak: dice and difficulty, 10s again", "damage"),
    ("Sorcerer contest: dice against dice", "contest"),
)
TENS: Final[dict[str, tuple[tuple[str, Tens], ...]]] = {
    "storyteller": (
        ("plain", "off"),
        ("a specialty: each 10 counts twice", "double"),
        ("a specialty: each 10 adds a die", "reroll"),
    ),
    "damage": (("rolled again (damage_tens: reroll)", "reroll"), ("plain (damage_tens)", "off")),
}
"""What a 10 may do, by kind of roll, the rules' usual first (a contest has no such rule)."""
TENS_ALL: Final = (*TENS["storyteller"], *TENS["damage"])
BAR: Final = 30


def report_table(report: OddsReport) -> Table:
    """The report as a table with a bar per row."""
    table = Table(title=report.title, caption=report.summary, expand=False)
    table.add_column("outcome")
    table.add_column("chance", justify="right")
    table.add_column("")
    for label, p in report.rows:
        table.add_row(label, f"{p:.1%}", Text("█" * round(p * BAR), style="cyan"))
    return table


class WholeNumber(Input):
    """A field for a whole number: a key that cannot be part of one is the screen's (q, ?)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Digits and signs are typed; the screen's priority bindings take other keys."""
        return character is not None and (character.isdigit() or character in "+-")


class OddsScreen(Screen[None]):
    """Pick a kind of roll and its numbers; the odds update as you type."""

    CSS_PATH = Path(__file__).parent / "odds_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        # Before the focused field: q and ? are never part of a whole number (WholeNumber).
        Binding("q", "back", "Back", show=False, priority=True),
        Binding("question_mark", "keys", "Keys", key_display="?", priority=True),
    ]

    def compose(self) -> ComposeResult:
        """The inputs on top, the table below."""
        with Vertical(id="odds-form"):
            yield Static("Odds calculator", id="odds-title")
            with Horizontal(classes="row"):
                yield Label("Roll", classes="label")
                yield Select(KINDS, value="storyteller", allow_blank=False, id="kind")
            with Horizontal(classes="row"):
                yield Label("Dice", classes="label")
                yield WholeNumber("5", type="integer", id="first")
                yield Label("Difficulty", classes="label", id="second-label")
                yield WholeNumber("6", type="integer", id="second")
                yield TickBox("Willpower", id="willpower")
            with Horizontal(classes="row", id="tens-row"):
                yield Label("10s", classes="label")
                yield Select(TENS["storyteller"], value="off", allow_blank=False, id="tens")
        with VerticalScroll(id="odds-scroll"):
            yield Static(id="odds-result")
        yield Footer()

    def on_mount(self) -> None:
        """Show the first odds."""
        self.recompute()

    def on_input_changed(self) -> None:
        """New numbers: new odds."""
        self.recompute()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new kind of roll (its own 10s rules), or a new rule for 10s."""
        if event.select.id == "kind":
            kind = self.query_one("#kind", Select).value
            self.query_one("#second-label", Label).update(
                "Against" if kind == "contest" else "Difficulty"
            )
            self.query_one("#willpower", Checkbox).display = kind == "storyteller"
            self.query_one("#tens-row").display = kind in TENS
            if kind in TENS:
                tens = self.query_one("#tens", Select)
                tens.set_options(TENS[str(kind)])
                tens.value = TENS[str(kind)][0][1]
        self.recompute()

    def on_checkbox_changed(self) -> None:
        """Willpower on or off."""
        self.recompute()

    def recompute(self) -> None:
        """The odds for the form's numbers, or what is wrong with them.

        The odds are worked out on a thread: a contest of 30 dice against 30 takes a quarter
        of a second, and the keys must not wait for it. A newer question drops an older one.
        """
        result = self.query_one("#odds-result", Static)
        asked = self._question()
        if isinstance(asked, str):
            self.workers.cancel_group(self, "odds")
            result.update(asked)
            return
        self.run_worker(partial(self._answer, asked), thread=True, group="odds", exclusive=True)

    def _question(self) -> Callable[[], OddsReport] | str:
        """The odds the form asks for, to compute; or what is wrong with its numbers."""
        kind = self.query_one("#kind", Select).value
        try:
            first = int(self.query_one("#first", Input).value)
            second = int(self.query_one("#second", Input).value)
        except ValueError:
            return "Give two whole numbers."
        if kind == "contest" and not (0 <= first <= POOL_MAX and 0 <= second <= POOL_MAX):
            return f"Each side's dice go from 0 to {POOL_MAX}."
        if not 0 <= first <= POOL_MAX:
            return f"The dice go from 0 to {POOL_MAX}."
        if kind == "contest":
            return partial(contest_odds, first, second)
        if not DIFFICULTY_MIN <= second <= DIFFICULTY_MAX:
            return f"The difficulty goes from {DIFFICULTY_MIN} to {DIFFICULTY_MAX}."
        if kind == "damage":
            return partial(damage_odds, first, second, tens=self._tens("reroll"))
        willpower = self.query_one("#willpower", Checkbox).value
        return partial(storyteller_odds, first, second, willpower=willpower, tens=self._tens("off"))

    def _answer(self, question: Callable[[], OddsReport]) -> None:
        """On the thread: compute, then show the table unless a newer question came meanwhile."""
        table = report_table(question())
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.query_one("#odds-result", Static).update, table)

    def _tens(self, usual: Tens) -> Tens:
        """The rule for 10s picked, or the usual one while the menu is being refilled."""
        value = self.query_one("#tens", Select).value
        return next((rule for _, rule in TENS_ALL if rule == value), usual)

    def action_back(self) -> None:
        """Back to the title."""
        self.app.pop_screen()

    def action_keys(self) -> None:
        """The screen's keys, in a notice."""
        show_keys(self, FORM_KEYS)
