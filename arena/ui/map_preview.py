"""The new-fight form's generated map shown whole, as `arena map` prints it."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from arena.ui.plain import plain


class MapPreviewScreen(ModalScreen[None]):
    """A map's text over the form; any of its keys goes back."""

    CSS_PATH = Path(__file__).parent / "map_preview.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,ctrl+g,q", "dismiss", "Back to the form"),
    ]

    def __init__(self, text: str) -> None:
        """Show `text`, the map with its head line and legend."""
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        """The map, scrolling where the screen is too short for its legend."""
        with VerticalScroll(id="map-preview"):
            yield Static(plain(self.text), id="map-preview-text")
        yield Footer()

    async def action_dismiss(self, result: None = None) -> None:
        """Back to the form."""
        self.dismiss(result)
