"""Quit with a fight unsaved: save and quit, quit without saving, or go back to it."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from arena.ui.plain import plain

ASK: Final = "Quit arena? This fight has moves of yours that are not saved."
"""The question when the app quits over a fight with moves of the player's unsaved."""
NARROW: Final = 60
"""Columns below which the answers stack, one a line: side by side they need about 56."""


class QuitScreen(ModalScreen[str | None]):
    """The question; it answers ``"save"``, ``"quit"`` or None (stay)."""

    CSS_PATH = Path(__file__).parent / "quit_screen.tcss"
    # Textual types this as an instance variable, so it cannot be a ClassVar here.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s,enter", "answer('save')", "Save and quit"),
        Binding("y,ctrl+q", "answer('quit')", "Quit without saving"),
        Binding("escape,n", "answer('')", "Back to the fight"),
    ]

    def __init__(
        self, question: str = ASK, answers: tuple[str, str] = ("Save and quit", "Quit")
    ) -> None:
        """Ask `question`; `answers` name the buttons that save and that do not."""
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        """The question and its three answers."""
        save, leave = self.answers
        with Vertical(id="quit-box"):
            yield Static(plain(self.question), id="quit-text")
            with Horizontal(id="quit-buttons"):
                yield Button(Text(f"{save} [s]"), id="save", variant="primary")
                yield Button(Text(f"{leave} [y]"), id="quit", variant="error")
                yield Button(Text("Back [esc]"), id="back")

    def on_mount(self) -> None:
        """Saving is the safe answer: it has the focus."""
        self.query_one("#save", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Each button answers."""
        event.stop()
        self.action_answer("" if event.button.id == "back" else event.button.id or "")

    def action_answer(self, answer: str) -> None:
        """Close with an answer ("" stays)."""
        self.dismiss(answer or None)
