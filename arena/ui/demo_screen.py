"""The demo: lesson scenarios playing themselves one event at a time, with a rule card each."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.binding import Binding, BindingType
from textual.timer import Timer

from arena.engine import Controllers
from arena.ui.playlist import Playlist
from arena.ui.stage import StageScreen
from arena.ui.stage_parts import RuleCardView
from arena.ui.timeline import Timeline

PACES: Final = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0)
"""Seconds between events, from fastest to slowest; `+` and `-` move along them."""
DEFAULT_PACE: Final = 1.5
BETWEEN: Final = 3
"""A finished fight stays on screen this many paces before the next scenario."""


class DemoScreen(StageScreen):
    """Plays a playlist round and round; the presenter pauses, steps and explains."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause", "Pause", key_display="space"),
        Binding("right", "forward", "Step", key_display="→", priority=True),
        Binding("left", "back", "Back", key_display="←", priority=True),
        # One footer entry for both pace keys: every key and Ctrl+q Quit fit 80 columns.
        Binding("plus,equals_sign", "pace(-1)", "Pace", key_display="+/-"),
        Binding("minus", "pace(1)", "Slow", key_display="-", show=False),
        Binding("e", "explain", "Explain"),
        Binding("n", "next", "Next"),
        Binding("b", "big", "Big"),
        Binding("question_mark", "keys", "Keys", key_display="?"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def __init__(
        self, playlist: Playlist, *, big: bool = False, pace: float = DEFAULT_PACE
    ) -> None:
        """Play `playlist`; `pace` seconds between events (0: as fast as the screen goes)."""
        self.playlist = playlist
        super().__init__(self._timeline(), big=big)
        self.pace = pace
        self.paused = False
        self.played = 0
        """Events shown since the demo began, over every scenario."""
        self.fights = 1
        """Fights started since the demo began."""
        self._timer: Timer | None = None
        self._rest = 0

    def _timeline(self) -> Timeline:
        fight = self.playlist.next()
        return Timeline(fight, Controllers(fight, watch=True, reasons=False))

    def on_mount(self) -> None:
        """The first moment, then the clock."""
        super().on_mount()
        self.schedule()

    def schedule(self) -> None:
        """Start the clock, one tick a pace, unless paused or running."""
        if self._timer is not None or self.paused:
            return
        # One repeating timer for as long as the demo plays: a new timer for every event, set
        # from the last one's callback, was now and then lost after some thousands of events.
        # At pace 0 the timer still yields to the screen between events, so keys get through.
        self._timer = self.set_interval(max(self.pace, 0.001), self.tick, name="demo clock")

    def stop_clock(self) -> None:
        """Stop the clock (until `schedule`)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def tick(self) -> None:
        """One event forward; at a fight's end, a short rest and the next scenario."""
        if self.paused or not self.is_attached:
            return
        self.advance()

    def advance(self) -> None:
        """One event forward, or on to the next scenario once this one has rested."""
        if self.timeline.forward():
            self.played += 1
        elif self._rest < BETWEEN and self.pace > 0:
            self._rest += 1
            return
        else:
            self.next_scenario()
            return
        self.show_moment()

    def next_scenario(self) -> None:
        """The next scenario of the playlist, from its start."""
        self.timeline.fight.close()
        self._rest = 0
        self.timeline = self._timeline()
        self.fights += 1
        self.show_moment()
        self.on_resize()  # another map: its cells fit the room anew, not only on a resize

    def status(self) -> str:
        """What plays, where, how fast, and whether it is paused."""
        state = "paused" if self.paused else f"pace {self.pace:g}s"
        number = f"{self.playlist.index + 1}/{len(self.playlist.names)}"
        # The footer names every key; on a narrow screen the line keeps to what plays.
        hint = " · space: pause, ←/→: step" if self.size.width >= 100 else ""
        # Paused or the pace first: a narrow line cuts its end, and the presenter must see it.
        return f" {state} · scenario {number} ·{super().status()}{hint}"

    def action_pause(self) -> None:
        """Pause or play on."""
        self.paused = not self.paused
        self.stop_clock()
        self.show_moment()
        self.schedule()

    def _hold(self) -> None:
        if not self.paused:
            self.action_pause()

    def action_forward(self) -> None:
        """One event forward (the demo pauses: the presenter has it)."""
        self._hold()
        if self.timeline.forward():
            self.played += 1
        self.show_moment()

    def action_more(self) -> None:
        """The next page of the card's rule; the demo pauses, or the next event would turn it."""
        if self.part(RuleCardView).pages() > 1:
            self._hold()
        super().action_more()

    def action_back(self) -> None:
        """One event back (the demo pauses)."""
        self._hold()
        super().action_back()

    def action_pace(self, step: int) -> None:
        """Faster (-1) or slower (+1), along `PACES`."""
        nearest = min(range(len(PACES)), key=lambda i: abs(PACES[i] - self.pace))
        self.pace = PACES[max(0, min(len(PACES) - 1, nearest + step))]
        self.stop_clock()  # the clock starts again at the new pace
        self.schedule()
        self.show_moment()

    def action_next(self) -> None:
        """The next scenario now."""
        self.next_scenario()

    def action_leave(self) -> None:
        """Stop the clock and go back."""
        self.paused = True
        self.stop_clock()
        super().action_leave()
