"""A compact footer whose keys are made compact: none is restyled once it is on screen."""

from __future__ import annotations

from typing import Any, Final

from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

WIDE: Final = 80
"""Columns the footers were fitted to with the palette's key (``^p palette``) at their end:
narrower (the fight shows from 76), that key gives way so ``^q Quit`` stays whole."""


class CompactFooter(Footer):
    """Textual's compact footer, drawn the same, its keys born with the compact class.

    Textual gives each key that class once it is mounted, and each then restyles itself: the
    summary's ten keys cost a fifth of the fight's last key, before its first frame.
    """

    def __init__(self, **options: Any) -> None:
        """A compact footer; `options` are `Footer`'s (``show_command_palette``, ...)."""
        super().__init__(compact=True, **options)

    def compose(self) -> ComposeResult:
        """Textual's keys, each already compact."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # The value and its class both, so neither the first watch nor the binding to
                # the footer's value changes anything.
                widget.set_reactive(FooterKey.compact, True)
                widget.add_class("-compact", update=False)
            yield widget

    def on_resize(self, event: events.Resize) -> None:
        """Under `WIDE` columns, leave out the palette's key (Ctrl+p still opens it)."""
        wide = event.size.width >= WIDE
        if wide != self.show_command_palette:
            self.set_reactive(Footer.show_command_palette, wide)
            self.refresh(recompose=True)
