"""The dice tray: the faces of the latest rolls, who rolled them and for which step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.markup import escape
from rich.text import Text
from textual.widgets import Static

from arena.engine import Event
from arena.ui.dice_text import LEGEND, roll_text


class DiceTray(Static):
    """The latest rolls, newest first, with a legend of the marks."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Dice"
        self.border_subtitle = escape(LEGEND)
        self._rolled: tuple[Event, ...] = ()
        self._names: Mapping[str, str] = {}

    def show(self, events: Sequence[Event], names: Mapping[str, str]) -> None:
        """Show the rolls of these events (the tray keeps as many as fit).

        Args:
            events: the fight's events so far; only those with a roll are shown.
            names: combatant id → name.
        """
        rolled = tuple(e for e in events[-40:] if e.roll is not None)
        if rolled == self._rolled:
            return
        self._rolled, self._names = rolled, names
        self.update(self._text(), layout=False)  # a fixed height: no layout needed

    def on_resize(self) -> None:
        """Show as many rolls as the new height holds."""
        self.update(self._text(), layout=False)

    def _text(self) -> Text:
        room = max(1, self.content_size.height) if self.content_size.height else 3
        lines: list[Text] = []
        # Newest first: when lines wrap and run out of room, the oldest are the ones cut.
        for event in reversed(self._rolled[-room:]):
            if event.roll is None:
                continue
            who = self._names.get(event.actor, event.actor)
            line = Text(f"{who} ", style="bold").append(f"{event.step}: ", style="italic")
            lines.append(line.append_text(roll_text(event.roll)))
        if not lines:
            lines.append(Text("No dice rolled yet.", style="dim"))
        return Text("\n").join(lines)
