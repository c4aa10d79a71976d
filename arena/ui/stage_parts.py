"""The stage's parts: the rule card, large dice for the projector, and the recent log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Digits, Static

from arena.engine import Contest, Event, StorytellerRoll, Verbosity, event_lines
from arena.ui import big_text
from arena.ui.rule_cards import Card

BIG_FACES: Final = 10
"""Faces the projector's dice row draws large; more are summed up in words below it."""


def card_text(card: Card, *, big: bool = False) -> Text:
    """A rule card: the step, its rule, what happened and this moment's numbers."""
    out = Text().append(f" {card.step} ", style="bold reverse" if big else "bold underline")
    out.append("\n")
    for line in card.rule:
        out.append(f"\n{line}", style="italic")
    out.append(f"\n\n{card.what}", style="bold")
    for line in card.numbers:
        out.append(f"\n  {line}")
    return out


SCALES: Final = ((2, 2), (2, 1), (1, 1))
"""Large type for the step name and the key numbers, largest first: the first that fits."""
KEY_GAP: Final = "  "
"""Between two key numbers on one line of large type."""


def big_card_text(card: Card, width: int, height: int, accent: str = "") -> Text:
    """A rule card for the projector: the step and key numbers in large type, then the rest.

    The step name and key numbers take the largest type in which both fit `width` by `height`
    with a line left for what happened; the rule's lines follow in ordinary type if room is left.
    """
    words = card.step.split()
    chosen = (1, 1)
    for step_scale, key_scale in SCALES:
        fit = big_text.fits(words, width, step_scale) and big_text.fits(card.key, width, key_scale)
        if not fit:
            continue
        rows = big_text.rows_for(len(big_text.wrap(words, width, step_scale)), step_scale)
        keys = big_text.wrap(card.key, width, key_scale, KEY_GAP)
        rows += big_text.rows_for(len(keys), key_scale) + 1 if keys else 0
        if rows + 2 <= height:
            chosen = (step_scale, key_scale)
            break
    step_scale, key_scale = chosen
    out = Text(no_wrap=True, overflow="crop")
    step_style = f"bold {accent}".strip()
    for index, line in enumerate(big_text.wrap(words, width, step_scale)):
        if index:
            out.append("\n\n")
        out.append("\n".join(big_text.render(line, step_scale)), style=step_style)
    for line in big_text.wrap(card.key, width, key_scale, KEY_GAP):
        out.append("\n\n")
        out.append("\n".join(big_text.render(line, key_scale)), style="bold")
    out.append(f"\n\n{card.what}", style="bold")
    for line in card.rule:
        out.append(f"\n{line}", style="italic")
    return out


class RuleCardView(Static):
    """The rule card of the moment on screen; in projector mode, large type fitted to the box."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Rule"
        self._card: Card | None = None
        self._big = False

    def show(self, card: Card | None, *, big: bool = False, level: str = "rule") -> None:
        """Show a card (or a word that nothing has happened yet)."""
        self.border_title = f"Rule · explain: {level} (e)"
        self._card, self._big = card, big
        self._draw()

    def on_resize(self) -> None:
        """Large type is fitted to the box: draw again at the new size."""
        if self._big:
            self._draw()

    def _draw(self) -> None:
        card = self._card
        if card is None:
            self.update(Text("Nothing has happened yet.", style="dim"))
        elif self._big and self.content_size.width > 0:
            size = self.content_size
            accent = self.app.current_theme.accent or ""
            self.update(big_card_text(card, size.width, size.height, accent))
        else:
            self.update(card_text(card, big=self._big))


def counted(roll: StorytellerRoll | Contest) -> list[tuple[str, str]]:
    """Each face to draw and its class: ``hit`` counted, ``one`` took one away, ``miss``."""
    if isinstance(roll, StorytellerRoll):
        return [
            (str(f), "hit" if f >= roll.difficulty else "one" if f == 1 else "miss")
            for f in roll.faces[:BIG_FACES]
        ]
    best_first = max(roll.first, default=0)
    best_second = max(roll.second, default=0)
    first = [(str(f), "hit" if f > best_second else "miss") for f in roll.first]
    second = [(str(f), "hit" if f > best_first else "miss") for f in roll.second]
    return [*first, ("-", "versus"), *second][: BIG_FACES + 1]


FACE_COLUMNS: Final = 3
"""Columns a digit takes in large type."""
FACE_EDGE: Final = 3
"""Columns around each face: its padding and the gap after it (see stage.tcss)."""


class BigDice(Horizontal):
    """The latest roll's faces in large digits: counted faces bright, ones red."""

    def compose(self) -> ComposeResult:
        """A fixed row of digit boxes, shown as the roll needs them."""
        for index in range(BIG_FACES + 1):
            yield Digits("", id=f"face-{index}", classes="face")

    def show(self, event: Event | None) -> None:
        """Draw the faces of this event's roll (nothing if it has none)."""
        faces = counted(event.roll) if event is not None and event.roll is not None else []
        room = self.content_size.width or 10**6
        for shown, (text, _) in enumerate(faces):
            room -= FACE_COLUMNS * len(text) + FACE_EDGE
            if room < 0:  # a narrow screen shows the faces that fit; the card has the rest
                faces = faces[:shown]
                break
        for index, digits in enumerate(self.query(Digits)):
            if index < len(faces):
                text, kind = faces[index]
                digits.update(text)
                digits.set_classes(f"face -{kind}")
                digits.display = True
            else:
                digits.display = False


class RecentLog(Static):
    """The last events on screen, newest at the bottom: redrawn, never appended to."""

    KEPT: Final = 40

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Log"

    def show(self, events: Sequence[Event], verbosity: Verbosity = "normal") -> None:
        """Show the last events (as many as the box holds)."""
        lines: list[Text] = []
        for event in events[-self.KEPT :]:
            for index, line in enumerate(event_lines(event, verbosity)):
                lines.append(Text(line, style="dim italic" if index else ""))
        room = max(self.size.height - 2, 1) if self.size.height else len(lines)
        self.update(Text("\n").join(lines[-room:]))


def latest_roll(events: Sequence[Event], look_back: int = 12) -> Event | None:
    """The latest event with a roll among the last few on screen."""
    for event in reversed(events[-look_back:]):
        if event.roll is not None:
            return event
    return None
