"""The stage's parts: the rule card, large dice for the projector, and the recent log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Digits, Static

from arena.engine import Contest, Event, StorytellerRoll, Verbosity, event_lines
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


class RuleCardView(Static):
    """The rule card of the moment on screen."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Rule"

    def show(self, card: Card | None, *, big: bool = False, level: str = "rule") -> None:
        """Show a card (or a word that nothing has happened yet)."""
        self.border_title = f"Rule · explain: {level} (e)"
        if card is None:
            self.update(Text("Nothing has happened yet.", style="dim"))
        else:
            self.update(card_text(card, big=big))


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


class BigDice(Horizontal):
    """The latest roll's faces in large digits: counted faces bright, ones red."""

    def compose(self) -> ComposeResult:
        """A fixed row of digit boxes, shown as the roll needs them."""
        for index in range(BIG_FACES + 1):
            yield Digits("", id=f"face-{index}", classes="face")

    def show(self, event: Event | None) -> None:
        """Draw the faces of this event's roll (nothing if it has none)."""
        faces = counted(event.roll) if event is not None and event.roll is not None else []
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
