"""Hot-seat: a curtain that hides the screen until the next person has the keyboard."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from arena.ui.keys_notice import QUIT_BINDING
from arena.ui.plain import plain


class CurtainScreen(ModalScreen[None]):
    """Covers the whole screen: "pass the keyboard to NAME"; any key lifts it."""

    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    CurtainScreen #curtain { width: auto; padding: 2 4; border: heavy $accent; text-style: bold; }
    """
    # Any key lifts it, but Ctrl+q still quits (the app's, first): the footer says so.
    BINDINGS: ClassVar[list[BindingType]] = [QUIT_BINDING]

    def __init__(self, name: str) -> None:
        """A curtain for the person who plays `name`."""
        super().__init__()
        self.person = name

    def compose(self) -> ComposeResult:
        """One line, centred, on an opaque background."""
        yield Static(
            plain(
                f"Pass the keyboard to {self.person}.\n\n"
                f"{self.person}: press any key to state your intention, unseen."
            ),
            id="curtain",
        )
        yield Footer()

    def on_key(self, event: events.Key) -> None:
        """Any key lifts the curtain."""
        event.stop()
        self.dismiss(None)
