"""The replay viewer: a saved fight, forward and back one event or one round, or to a round."""

from __future__ import annotations

import gc
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input

from arena.ui.stage import StageScreen
from arena.words.rulesets import round_word


class RoundAsk(ModalScreen[int | None]):
    """Asks which round (or turn) to jump to."""

    DEFAULT_CSS = """
    RoundAsk { align: center middle; }
    RoundAsk Input { width: 40; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss_none", "Back")]

    def compose(self) -> ComposeResult:
        """One box for the number."""
        yield Input(placeholder="round (or turn) number, Enter", type="integer")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """The number typed."""
        typed = event.value.strip()
        # isdigit alone takes "²", which int() refuses.
        self.dismiss(int(typed) if typed.isascii() and typed.isdigit() else None)

    def action_dismiss_none(self) -> None:
        """Nothing asked."""
        self.dismiss(None)


class ReplayScreen(StageScreen):
    """A recorded fight on the stage: every moment as it was, stepping either way."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "forward", "Step", key_display="→", priority=True),
        Binding("left", "back", "Back", key_display="←", priority=True),
        # One footer entry for both round keys: every key and Ctrl+q Quit fit 80 columns.
        Binding("pagedown,right_square_bracket", "round_forward", "Round", key_display="[/]"),
        Binding("pageup,left_square_bracket", "round_back", "Round back", show=False),
        Binding("g", "jump", "Go to"),
        Binding("home", "start", "Start", show=False),
        Binding("end", "end", "End", show=False),
        Binding("e", "explain", "Explain"),
        Binding("b", "big", "Big"),
        Binding("question_mark", "keys", "Keys", key_display="?"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def status(self) -> str:
        """Where in the fight we are, by event and by round (a turn under Werewolf)."""
        current = self.timeline.current()
        word = round_word(self.timeline.view().ruleset)
        where = f" · {word} {current.round}" if current is not None else ""
        return f"{super().status()} of {len(self.timeline.events)}{where} · replay"

    def on_mount(self) -> None:
        """A replay opens at its first round's first event."""
        self.timeline.go(1)
        # The recorded fight lives as long as the viewer: kept out of the collector's full
        # passes, which otherwise land on a step now and then and double its time.
        gc.collect()
        gc.freeze()
        super().on_mount()

    def on_unmount(self) -> None:
        """The recorded fight may go."""
        gc.unfreeze()

    def action_round_forward(self) -> None:
        """To the next round's first event."""
        self.timeline.round_forward()
        self.show_moment()

    def action_round_back(self) -> None:
        """To this round's first event, or the round before's."""
        self.timeline.round_back()
        self.show_moment()

    def action_start(self) -> None:
        """To the first event."""
        self.timeline.go(1)
        self.show_moment()

    def action_end(self) -> None:
        """To the last event."""
        self.timeline.go(len(self.timeline.events))
        self.show_moment()

    def action_jump(self) -> None:
        """Ask for a round, then go to it."""
        self.app.push_screen(RoundAsk(), self._jump)

    def _jump(self, number: int | None) -> None:
        if number is not None:
            self.timeline.jump_to_round(number)
            self.show_moment()
