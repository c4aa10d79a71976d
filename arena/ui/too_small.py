"""The notice over the fight while the terminal is too small to show it, gone when it grows."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


def minimum(screen: Screen[Any]) -> tuple[int, int] | None:
    """The smallest size `screen` can be shown at, if it declares one (`MINIMUM_SIZE`).

    Read off the screen, so the title never loads the fight's modules to ask.
    """
    found: tuple[int, int] | None = getattr(screen, "MINIMUM_SIZE", None)
    return found


def too_small(app: App[Any], need: tuple[int, int]) -> bool:
    """Whether the terminal is narrower or shorter than `need`."""
    return app.size.width < need[0] or app.size.height < need[1]


class TooSmallScreen(ModalScreen[None]):
    """Says how large the terminal must be; it goes when the terminal grows that large."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: 100%; height: auto; content-align: center middle; }
    """

    def __init__(self, need: tuple[int, int]) -> None:
        """Ask for `need`, columns by lines."""
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        """One line, centred (it wraps on a very narrow terminal)."""
        width, height = self.need
        yield Static(f"Terminal too small: at least {width}x{height}", markup=False)

    def on_screen_resume(self) -> None:
        """Back on top (a screen over it closed): gone if the terminal grew meanwhile."""
        self.check()

    def on_resize(self) -> None:
        """The terminal changed: gone once it is large enough."""
        self.check()

    def check(self) -> None:
        """Close if the terminal is large enough now."""
        if self.is_current and not too_small(self.app, self.need):
            self.dismiss()
