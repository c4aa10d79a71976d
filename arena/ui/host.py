"""What screens ask of the app that shows them, typed without importing the app."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from arena.ui.preferences import Preferences

if TYPE_CHECKING:
    from arena.engine import Fight


class Host(Protocol):
    """The app's pace, hold and preferences, as a fight's screen reads and changes them."""

    preferences: Preferences
    """The preferences in force (kept for the next run)."""
    pace: float
    """Seconds between two of the others' decisions."""
    hold: float
    """How long the screen holds on the player's own roll."""

    def prefer(self, **changes: Any) -> None:
        """Change preferences, use them at once and keep them for the next run."""
        ...


@runtime_checkable
class Opener(Protocol):
    """The app's ways to open a fight from the title: a scenario, the demo, a save's replay."""

    def open_scenario(self, path_or_name: str, *, watch: bool = False) -> Fight:
        """A scenario's fight, by shipped name or file path (raises SetupError)."""
        ...

    def action_demo(self, names: tuple[str, ...] = ()) -> None:
        """The self-playing demo."""
        ...

    def view_replay(self, fight: Fight) -> None:
        """A saved fight in the replay viewer."""
        ...
