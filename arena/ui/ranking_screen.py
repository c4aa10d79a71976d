"""The whole ranking of each choice's chance to win, over the fight: it scrolls."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from arena.ui.keys_notice import QUIT_BINDING


class RankingScreen(ModalScreen[None]):
    """The ranking `ForecastPanel` cuts to fit, whole; arrows, PageUp/PageDown and the wheel."""

    CSS_PATH = Path(__file__).parent / "ranking_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,F,q", "dismiss", "Back"),
        Binding("f24", "noop", "scroll", key_display="↑↓ PgUp PgDn"),
        QUIT_BINDING,
    ]

    def __init__(self, text: str, legend: str = "") -> None:
        super().__init__()
        self.text = text
        self.legend = legend
        """What the gaps and stars mean: the cut panel at 80 columns has no room to say."""

    def compose(self) -> ComposeResult:
        """The ranking in a scrolling box, and the keys."""
        with VerticalScroll(id="ranking"):
            yield Static(self.text, id="ranking-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        """The arrows scroll the ranking at once."""
        box = self.query_one("#ranking", VerticalScroll)
        box.border_title = "Forecast: each choice"
        box.border_subtitle = self.legend
        box.focus()

    def action_noop(self) -> None:
        """Nothing: the footer's reminder of the scrolling keys."""
