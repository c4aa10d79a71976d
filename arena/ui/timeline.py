"""A fight's events and the view after each decision, so any moment can be shown again."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from arena.engine import Controllers, Event, Fight, FightView, replay


class Timeline:
    """Events in order, a view kept after every decision, and the moment on screen.

    Stepping back never replays the fight: a moment is the first `shown` events with the view
    kept after the decision the last of them belongs to, found by bisection.
    """

    def __init__(self, fight: Fight, controllers: Controllers | None = None) -> None:
        """Follow a fight (started here); `controllers` answer its decisions when it is live.

        Args:
            fight: the fight.
            controllers: who answers the next decision when stepping past the last event;
                None for a recorded fight (see `recorded`), which has all its events.
        """
        self.fight = fight
        self.controllers = controllers
        fight.start()
        self.events: list[Event] = list(fight.events)
        self.marks: list[int] = [len(self.events)]
        """How many events there were after the start and after each decision."""
        self.views: list[FightView] = [fight.view()]
        """The view at each mark."""
        self.shown = 0
        """How many events are on screen."""

    @classmethod
    def recorded(cls, saved: Fight) -> Timeline:
        """A saved fight's whole timeline, played once from its start with its own commands.

        Raises:
            IllegalCommand: a recorded command is not legal (the save was checked on load).
        """
        from arena.engine.setup import rematch

        fight = rematch(saved)
        line = cls(fight)
        replay(fight, ((command, "") for command in saved.commands), told=line.record)
        line.shown = len(line.events)
        return line

    def record(self, events: Sequence[Event]) -> None:
        """Keep a decision's events and the view after it."""
        self.events += events
        self.marks.append(len(self.events))
        self.views.append(self.fight.view())

    @property
    def at_end(self) -> bool:
        """True when every event is shown and the fight is over (or nobody can go on)."""
        return self.shown >= len(self.events) and (self.fight.over or self.controllers is None)

    def forward(self) -> bool:
        """Show one more event, letting the next decision be answered if need be.

        Returns:
            False if there is nothing more to show.
        """
        while self.shown >= len(self.events):
            if self.controllers is None or self.fight.over:
                return False
            got = self.controllers.step()
            if got is None:
                return False
            self.record(got)
        self.shown += 1
        return True

    def back(self) -> bool:
        """Show one event fewer (never fewer than one); False if already at the first."""
        if self.shown <= 1:
            return False
        self.shown -= 1
        return True

    def go(self, shown: int) -> None:
        """Show the first `shown` events (clamped to those known)."""
        self.shown = max(1, min(shown, len(self.events)))

    def view(self) -> FightView:
        """The view of the moment on screen: the one kept after the decision being shown."""
        index = bisect_left(self.marks, self.shown)
        if index < len(self.marks) and self.marks[index] == self.shown:
            # Decisions that told nothing (a secret intention) end at the same count: the
            # moment is after the last of them.
            index = bisect_right(self.marks, self.shown) - 1
        return self.views[min(index, len(self.views) - 1)]

    def visible(self) -> Sequence[Event]:
        """The events on screen."""
        return self.events[: self.shown]

    def current(self) -> Event | None:
        """The latest event on screen."""
        return self.events[self.shown - 1] if self.shown else None

    def round_starts(self) -> list[int]:
        """For each round (or turn), how many events come before its first."""
        starts: list[int] = []
        last = -1
        for index, event in enumerate(self.events):
            if event.round != last and event.round > 0:
                starts.append(index)
                last = event.round
        return starts

    def round_back(self) -> None:
        """To the start of this round, or of the one before when already there."""
        starts = [s for s in self.round_starts() if s + 1 < self.shown]
        self.go(starts[-1] + 1 if starts else 1)

    def round_forward(self) -> None:
        """To the start of the next round (or the end)."""
        later = [s for s in self.round_starts() if s + 1 > self.shown]
        self.go(later[0] + 1 if later else len(self.events))

    def jump_to_round(self, number: int) -> None:
        """To the first event of round (or turn) `number`."""
        starts = self.round_starts()
        if starts:
            self.go(starts[max(0, min(number, len(starts)) - 1)] + 1)
