"""The combat log: every event, at the verbosity the player chose, scrollable."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from arena.engine import VERBOSITIES, Event, Verbosity, event_lines, step_name


class FightLog(RichLog):
    """The log of a fight; `v` cycles terse, normal and explain (which names each step)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20
        )
        self.verbosity: Verbosity = "normal"
        self._shown = 0
        self._events: Sequence[Event] = ()
        self._wrapped_at = 0
        """The width the lines were wrapped at: a new width wraps them again."""

    def add(self, events: Sequence[Event]) -> None:
        """Append the events not yet shown (the log keeps count of what it has shown)."""
        self._events = events
        if not self.display or not self.size.width:
            # Hidden (a decision has its place at 80x24), or shown but not yet laid out: the
            # lines are written once it has its width, not wrapped at the hidden one.
            return
        wrote = self._shown < len(events)
        for event in events[self._shown :]:
            for line in self._lines(event):
                self.write(line)
        self._shown = len(events)
        self._title()
        if wrote and self.auto_scroll:
            # Lines written as the log comes back into view can land before its new height is
            # known, leaving it short of its end: follow the last line once the layout is done.
            self.call_after_refresh(self.scroll_end, animate=False)

    def set_verbosity(self, verbosity: Verbosity, events: Sequence[Event]) -> None:
        """Redraw the whole log at another verbosity."""
        self.verbosity = verbosity
        self.clear()
        self._shown = 0
        self.add(events)

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the lines again for a new width (they were wrapped as they were written)."""
        width = event.size.width
        if not width:
            return  # hidden: the width to wrap at is the one it comes back with
        if self._size_known and self._wrapped_at and width != self._wrapped_at:
            self.set_verbosity(self.verbosity, self._events)
        self._wrapped_at = width
        if self._shown < len(self._events):
            self.add(self._events)
        elif self.auto_scroll:
            # Shorter while a decision is open at 80x24: its last lines are the ones to see.
            self.call_after_refresh(self.scroll_end, animate=False)

    def on_show(self) -> None:
        """Shown again: write what came while it was hidden, at the width it has."""
        if self._shown < len(self._events):
            self.call_after_refresh(lambda: self.add(self._events))

    def next_verbosity(self) -> Verbosity:
        """The verbosity after the current one, wrapping around."""
        return VERBOSITIES[(VERBOSITIES.index(self.verbosity) + 1) % len(VERBOSITIES)]

    def _title(self) -> None:
        self.border_title = f"Log · {self.verbosity} (v)"

    def _lines(self, event: Event) -> list[Text]:
        out = []
        for index, line in enumerate(event_lines(event, self.verbosity)):
            if index:
                out.append(Text(line, style="dim italic"))
            elif self.verbosity == "explain" and event.step:
                # Drawn from the event's fields (round, step, text), never cut out of the line.
                head = f"[{event.round}] " if event.round else ""
                step = step_name(event.step)
                out.append(Text(head).append(step, "bold").append(": " + event.text))
            else:
                out.append(Text(line, style="" if event.terse else "dim"))
        return out
