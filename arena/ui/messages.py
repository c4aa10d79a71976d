"""Messages the screens send up to the app."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from arena.engine import Command, Fight


class FightChosen(Message):
    """Open a fight in the arena: a new one, a loaded save, or a save to watch again."""

    def __init__(
        self,
        fight: Fight,
        *,
        replay: Sequence[Command] = (),
        watch: bool = False,
        saved_to: Path | None = None,
    ) -> None:
        """Carry the fight up.

        Args:
            fight: the fight, started or not.
            replay: recorded commands to play back before anyone decides.
            watch: the AI plays every side.
            saved_to: the save it was loaded from; saving it again replaces that file.
        """
        super().__init__()
        self.fight = fight
        self.replay = tuple(replay)
        self.watch = watch
        self.saved_to = saved_to


@dataclass(frozen=True, slots=True)
class NewFightForm:
    """The new-fight screen, opened at once from the command line, filled in as asked."""

    hot_seat: bool = False
    """A person plays the opponents too (``--hot-seat``)."""
    seed: int | None = None
    """The seed field's value (``--seed``); None: a random one, as always."""
