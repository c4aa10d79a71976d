"""A compact footer whose keys are made compact: none is restyled once it is on screen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

PALETTE: Final = 11
"""Columns the palette's key takes at the footer's end: its edge, ``^p``, a space, ``palette``."""


class CompactFooter(Footer):
    """Textual's compact footer, drawn the same, its keys born with the compact class.

    Textual gives each key that class once it is mounted, and each then restyles itself: the
    summary's ten keys cost a fifth of the fight's last key, before its first frame.

    The palette's key shows only where the others leave it room (Ctrl+p opens it still): so a
    key shown only while it works (the fight's ``e Explain``) never pushes ``^q Quit`` out.
    """

    def __init__(self, *, shorter: Mapping[str, str] | None = None, **options: Any) -> None:
        """A compact footer.

        Args:
            shorter: action → a shorter description, used where the keys do not fit whole.
            options: `Footer`'s (``show_command_palette``, ...).
        """
        super().__init__(compact=True, **options)
        self._shorter = dict(shorter or {})
        self._fit: tuple[bool, bool] | None = None
        """The width's fit: (the palette's key shows, the shorter descriptions are used)."""

    def keys_width(self, *, short: bool = False) -> int:
        """Columns the screen's shown keys take, the palette's aside.

        Each action's key, a space, its description (`short`: the shorter one) and a space.
        """
        shown = {b.action: b for _, b, _, _ in self.screen.active_bindings.values() if b.show}
        app = self.app
        return sum(
            cell_len(app.get_key_display(b))
            + cell_len(self._said(b.action, b.description, short=short))
            + 2
            for b in shown.values()
        )

    def _said(self, action: str, description: str, *, short: bool) -> str:
        return self._shorter.get(action, description) if short else description

    def fit(self, width: int) -> tuple[bool, bool]:
        """At this width: whether the palette's key shows, and whether descriptions shorten."""
        whole = self.keys_width()
        return whole + PALETTE <= width, whole > width

    def compose(self) -> ComposeResult:
        """Textual's keys, each already compact; the palette's only where it fits."""
        short = False
        if self._bindings_ready:
            self._fit = self.fit(self.size.width or self.app.size.width)
            palette, short = self._fit
            self.set_reactive(Footer.show_command_palette, palette)
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # The value and its class both, so neither the first watch nor the binding to
                # the footer's value changes anything.
                widget.set_reactive(FooterKey.compact, True)
                widget.add_class("-compact", update=False)
                widget.description = self._said(widget.action, widget.description, short=short)
            yield widget

    def on_resize(self, event: events.Resize) -> None:
        """Keys told again for a new width: the palette's left out, or descriptions shorter."""
        if not self._bindings_ready:
            return
        if self.fit(event.size.width) != self._fit:
            self.refresh(recompose=True)
