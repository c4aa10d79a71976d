"""A checkbox that shows its mark only when ticked: on or off by shape, not by colour alone."""

from __future__ import annotations

from textual.widgets import Checkbox

ON, OFF = "X", " "


class TickBox(Checkbox):
    """Textual's checkbox draws its ``X`` both ways and tells them apart by colour only."""

    def on_mount(self) -> None:
        """Draw the mark for the value it starts with."""
        self.BUTTON_INNER = ON if self.value else OFF
        self.refresh()

    def watch_value(self) -> None:
        """The mark follows the value."""
        self.BUTTON_INNER = ON if self.value else OFF
        super().watch_value()
