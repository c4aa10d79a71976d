"""The dice tray: the faces of the latest rolls, who rolled them and what each roll was."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from io import StringIO

from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from arena.engine import Decision, Event
from arena.ui.dice_text import legend_for, roll_text
from arena.ui.plain import plain
from arena.ui.roll_labels import roll_label

MEASURE = Console(file=StringIO(), width=200, color_system=None)
"""A console only for measuring how lines wrap (nothing is printed to it)."""
KEPT = 12
"""Rolls the tray keeps; it shows as many of them as its height holds, newest first."""
EDGE = 6
"""Columns of a bottom edge its subtitle cannot use: two corners, two dashes, two spaces."""


class DiceTray(Static):
    """The latest rolls, newest first, each whole; its last line a legend of the marks.

    While a decision is open it can quote the rolls the decision is about instead (`quote`):
    the attacker's faces a reaction answers, then the decider's own latest roll.
    """

    def __init__(self, *, id: str | None = None, legend_line: bool = True) -> None:
        """A tray of rolls.

        Args:
            id: the widget's id.
            legend_line: the legend on the tray's last line; else on its bottom edge (a box
                drawn whole).
        """
        super().__init__(id=id)
        self.border_title = "Dice"
        self._legend_line = legend_line
        self._rolled: tuple[Event, ...] | None = None
        self._names: Mapping[str, str] = {}
        self._held = False
        self._ruleset = ""
        self._decision: Decision | None = None
        self._drawn: tuple[object, ...] | None = None

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
        rolled = tuple(e for e in events[-8 * KEPT :] if e.roll is not None)[-KEPT:]
        self._rolled, self._names, self._held, self._ruleset = rolled, names, held, ruleset
        self._decision = None
        self.border_title = "Dice · your action" if held else "Dice"
        self._draw()

    def quote(
        self, decision: Decision, events: Sequence[Event], names: Mapping[str, str], *, ruleset: str
    ) -> None:
        """Show the rolls a decision is about: the incoming attack, the decider's own roll."""
        self._rolled = about(decision, events)
        self._names, self._held, self._ruleset = names, False, ruleset
        self._decision = decision
        who = names.get(decision.actor, decision.actor)
        self.border_title = plain(f"Dice · {who}'s decision")  # a name from a file, as written
        self._draw()

    def on_resize(self) -> None:
        """Rolls are fitted whole to the room: fit them again."""
        self._drawn = None
        self._draw()

    def _rows(self) -> tuple[int, bool]:
        """Rows the rolls may take, and whether the tray is sized to them (no blank rows).

        A tray of height ``auto`` takes the rows its rolls need up to its ``max-height``, and
        leaves the rest to the box under it.
        """
        height, most = self.styles.height, self.styles.max_height
        if height is not None and height.is_auto and most is not None and most.is_cells:
            return max(1, int(most.value) - self.styles.gutter.height), True
        return self.content_region.height, False

    def _draw(self) -> None:
        width = self.content_region.width
        height, sized = self._rows()
        key = (self._rolled, self._held, self._decision, width, height)
        if key == self._drawn:
            return
        self._drawn = key
        lines = incoming_lines(self._decision, self._names) + roll_lines(
            self._rolled or (), self._names
        )
        if not lines:
            lines = [Text("No dice rolled yet.", style="dim")]
        if self._legend_line:
            legend = legend_for(self._ruleset, width)
        else:
            # On the bottom edge: its corners, dashes and spaces take six columns of it.
            edge = legend_for(self._ruleset, self.size.width - EDGE)
            self.border_subtitle, legend = plain(edge.plain.replace("\n", " ")), Text()
        self.update(fitted(lines, legend, width, height, pad=not sized), layout=sized)


def about(decision: Decision, events: Sequence[Event]) -> tuple[Event, ...]:
    """The rolls a decision is about, oldest first: this round's, the decider's own last.

    Its own latest roll (its initiative before a Willpower question) is put newest, so a short
    tray shows it first.
    """
    rolled = [e for e in events[-8 * KEPT :] if e.roll is not None]
    if rolled:
        latest = rolled[-1].round
        rolled = [e for e in rolled if e.round == latest]
    own = next((e for e in reversed(rolled) if e.actor == decision.actor), None)
    if own is not None:
        rolled.remove(own)
        rolled.append(own)
    return tuple(rolled[-KEPT:])


def incoming_lines(decision: Decision | None, names: Mapping[str, str]) -> list[Text]:
    """A reaction's incoming attack: the attacker's faces, rolled before the defender answers."""
    if decision is None or not decision.incoming:
        return []
    who = names.get(decision.attacker, decision.attacker) or "The attacker"
    faces = " ".join(str(f) for f in decision.incoming)
    count = len(decision.incoming)
    line = Text(f"{who} ", style="bold").append("Attack: ", style="italic")
    line.append(f"{faces} ", style="bold").append(f"({count} {'die' if count == 1 else 'dice'})")
    return [line]


def roll_lines(rolled: Sequence[Event], names: Mapping[str, str]) -> list[Text]:
    """One line per roll, newest first, each naming who rolled and what the roll was."""
    lines: list[Text] = []
    # Newest first: when the room runs out, the oldest are the ones left out.
    for event in reversed(rolled):
        if event.roll is None:
            continue
        who = names.get(event.actor, event.actor)
        against = names.get(event.target, "") if event.target else "the opposition"
        line = Text(f"{who} " if who else "", style="bold")
        line.append(f"{roll_label(event)}: ", style="italic")
        lines.append(line.append_text(roll_text(event.roll, who, against)))
    return lines


def fitted(
    lines: Sequence[Text], legend: Text, width: int, height: int, *, pad: bool = True
) -> Text:
    """As many whole lines as fit `height` rows at `width` (wrapped), then the legend's rows.

    `pad`: blank rows put the legend on the last of the `height` rows (else right under).
    The legend is one line, or two where the width is short of it (`legend_for`).

    A line that would be cut is left out: a roll is read whole or not at all (the first one
    is kept even if cut, so the newest roll always shows).
    """
    marks = list(legend.split("\n")) if legend else []
    room = max(height - len(marks), 1)
    kept: list[Text] = []
    used = 0
    for line in lines:
        rows = wrapped_rows(line, width)
        if kept and used + rows > room:
            break
        kept.append(line)
        used += rows
    out = Text("\n").join(kept)
    if legend and height > 1:
        # The newest roll, kept whole, may leave a two-line legend one row: its first line.
        shown = Text("\n").join(marks[: max(1, height - used)])
        out.append("\n" * (max(1, room - used + 1) if pad else 1)).append_text(shown)
    return out


def wrapped_rows(line: Text, width: int) -> int:
    """Rows a line takes when wrapped to `width` columns, as the tray wraps it."""
    if width <= 0:
        return 1
    return len(line.wrap(MEASURE, width))


def tray_text(rolled: Sequence[Event], names: Mapping[str, str]) -> Text:
    """The rolls of these events, newest first, each naming who rolled and what it was.

    A contest names its winner: the actor rolled the first faces, the target the others.
    """
    lines = roll_lines(rolled, names) or [Text("No dice rolled yet.", style="dim")]
    return Text("\n").join(lines)
