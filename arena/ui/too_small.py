"""The notice over the fight while the terminal is too small to show it, gone when it grows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from textual.app import App, ComposeResult
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

OPENS: Final = frozenset({"help", "command_palette"})
"""The app's actions that open a screen over the one on top: none opens over the notice, where
it would be cut to pieces, and the palette's entries would act on the fight hidden under it."""


def minimum(screen: Screen[Any]) -> tuple[int, int] | None:
    """The smallest size `screen` can be shown at, if it declares one (`MINIMUM_SIZE`).

    Read off the screen, so the title never loads the fight's modules to ask.
    """
    found: tuple[int, int] | None = getattr(screen, "MINIMUM_SIZE", None)
    return found


def shown(stack: Sequence[Screen[Any]]) -> list[Screen[Any]]:
    """The screens on show, top first: the top one, and those seen through the popups over them.

    A popup (a modal screen) lets the screen under it show through its backdrop, unless the
    backdrop is opaque.
    """
    seen: list[Screen[Any]] = []
    for screen in reversed(stack):
        seen.append(screen)
        if not isinstance(screen, ModalScreen) or screen.styles.background.a >= 1:
            break
    return seen


def needed(stack: Sequence[Screen[Any]]) -> tuple[int, int] | None:
    """The size the screens on show need, or None if none asks for one or the notice is up."""
    seen = shown(stack)
    if any(isinstance(s, TooSmallScreen) for s in seen):
        return None  # the notice covers them; a question over it (quitting) needs no more
    sizes = [size for size in map(minimum, seen) if size is not None]
    if not sizes:
        return None
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def too_small(app: App[Any], need: tuple[int, int]) -> bool:
    """Whether the terminal is narrower or shorter than `need`."""
    return app.size.width < need[0] or app.size.height < need[1]


class TooSmallScreen(ModalScreen[None]):
    """Says how large the terminal must be; it goes when the terminal grows that large.

    It covers every screen under it, popups over the fight included, and takes their keys: only
    Ctrl+q (quitting) still answers.
    """

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: 100%; height: auto; content-align: center middle; }
    TooSmallScreen #too-small-keys { color: $text-muted; }
    """

    def __init__(self, need: tuple[int, int]) -> None:
        """Ask for `need`, columns by lines."""
        super().__init__()
        self.need = need
        self._going = False
        """Dismissed already: a resize and a resume may both find it large enough."""

    def compose(self) -> ComposeResult:
        """A line, centred (it wraps on a very narrow terminal), and the one key that answers."""
        width, height = self.need
        yield Static(f"Terminal too small: at least {width}x{height}", markup=False)
        yield Static("Ctrl+q quits", id="too-small-keys", markup=False)

    def on_screen_resume(self) -> None:
        """Back on top (a screen over it closed): gone if the terminal grew meanwhile."""
        self.check()

    def on_resize(self) -> None:
        """The terminal changed: gone once it is large enough."""
        self.check()

    def check(self) -> None:
        """Close if it is on top and the terminal is large enough now.

        Only on top: under a question (quitting), dismissing would close the question instead.
        """
        if self._going or self.app.screen is not self or too_small(self.app, self.need):
            return
        self._going = True
        self.dismiss()
