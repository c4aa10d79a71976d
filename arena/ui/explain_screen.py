"""The highlighted choice explained in full, over the fight: every sentence the box left out."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class ExplainScreen(ModalScreen[None]):
    """The question, the choice and every line explaining it; any key goes back."""

    CSS_PATH = Path(__file__).parent / "explain_screen.tcss"
    CLOSE: ClassVar[str] = "Any key: back to the choices."

    def __init__(self, text: Text) -> None:
        """Show `text`: what the decision box's detail says, whole."""
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        """The explanation, scrolled if a small terminal needs it, and how to go back."""
        with VerticalScroll(id="explain-box"):
            yield Static(self.text, id="explain-text")
            yield Static(Text(self.CLOSE, style="dim"), id="explain-close")

    def on_mount(self) -> None:
        """The box gets its title."""
        self.query_one("#explain-box").border_title = "The choice explained"

    def on_key(self, event: events.Key) -> None:
        """Any key but the quit key goes back (that one quits, as everywhere)."""
        if event.key == "ctrl+q":
            return
        event.stop()
        self.dismiss(None)

    def on_click(self) -> None:
        """A click goes back too."""
        self.dismiss(None)
