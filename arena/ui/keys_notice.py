"""A screen's keys in a notice that stays a while: the `?` of the forms, the odds and the stage."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding
from textual.screen import Screen

FORM_KEYS = ("Tab / Shift+Tab: next / previous field", "Enter, Space: open or toggle a field")
"""The keys every form shares (Textual's own, so not in a screen's bindings)."""


def keys_lines(screen: Screen[Any], extra: Sequence[str] = ()) -> list[str]:
    """A line per key of `screen`, as the footer names it, then `extra`."""
    lines = [
        f"{b.key_display or b.key.split(',')[0]}: {b.description}"
        for b in type(screen).BINDINGS
        if isinstance(b, Binding) and b.description
    ]
    return [*lines, *extra, "Ctrl+q: quit"]


def show_keys(screen: Screen[Any], extra: Sequence[str] = ()) -> None:
    """The keys of `screen` in a notice for ten seconds."""
    screen.notify("\n".join(keys_lines(screen, extra)), title="Keys", timeout=10)


QUIT_BINDING = Binding("ctrl+q", "app.request_quit", "Quit")
"""The app's own Ctrl+q, named again by a modal screen: its footer shows only its own keys."""
