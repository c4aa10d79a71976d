"""The one error a gauntlet raises for bad input: a bad choice, an unknown name, a bad save."""

from __future__ import annotations


class GauntletError(Exception):
    """A run cannot do what was asked; the message says why, in one line."""

    def __init__(self, message: str, brief: str = "", *, key: str = "") -> None:
        """The message, and the same in a few words for a notice (default: the message)."""
        super().__init__(message)
        self.brief = brief or message
        """Why, without lists such as every legal choice of a move that is not legal."""
        self.key = key
        """The key path in the run's save of what is at fault (``underway.commands[2]``), if any."""
