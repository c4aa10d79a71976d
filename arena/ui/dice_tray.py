"""The dice tray: the faces of the latest rolls, who rolled them and for which step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual.widgets import Static

from arena.engine import Event
from arena.ui.dice_text import LEGENDS, roll_text
from arena.ui.plain import plain

KEPT = 12
"""Rolls the tray keeps; it shows as many of them as its height holds, newest first."""


class DiceTray(Static):
    """The latest rolls, newest first (each whole, wrapped), with a legend of the marks."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Dice"
        self._rolled: tuple[Event, ...] | None = None
        self._names: Mapping[str, str] = {}
        self._held = False

    def show(
        self,
        events: Sequence[Event],
        names: Mapping[str, str],
        *,
        ruleset: str,
        held: bool = False,
    ) -> None:
        """Show the rolls of these events.

        Args:
            events: the events to show the rolls of (only those with a roll are shown).
            names: combatant id → name.
            ruleset: whose dice marks the legend explains.
            held: the screen holds on the player's own action: the tray says so.
        """
        self.border_subtitle = plain(LEGENDS.get(ruleset, ""))
        rolled = tuple(e for e in events[-8 * KEPT :] if e.roll is not None)[-KEPT:]
        if (rolled, held) == (self._rolled, self._held):
            return
        self._rolled, self._names, self._held = rolled, names, held
        self.border_title = "Dice · your action" if held else "Dice"
        self.update(self._text(), layout=False)  # a fixed height: no layout needed

    def _text(self) -> Text:
        return tray_text(self._rolled or (), self._names)


def tray_text(rolled: Sequence[Event], names: Mapping[str, str]) -> Text:
    """The rolls of these events, newest first, each naming who rolled for which step.

    A contest names its winner: the actor rolled the first faces, the target the others.
    """
    lines: list[Text] = []
    # Newest first: when lines wrap and run out of room, the oldest are the ones cut.
    for event in reversed(rolled):
        if event.roll is None:
            continue
        who = names.get(event.actor, event.actor)
        against = names.get(event.target, "") if event.target else "the opposition"
        line = Text(f"{who} " if who else "", style="bold")
        line.append(f"{event.step}: ", style="italic dim")
        lines.append(line.append_text(roll_text(event.roll, who, against)))
    if not lines:
        lines.append(Text("No dice rolled yet.", style="dim"))
    return Text("\n").join(lines)
