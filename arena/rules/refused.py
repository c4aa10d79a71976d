"""An option or preset refused, with the key, the value and what was wrong kept apart."""

from __future__ import annotations

from typing import Literal

Refusing = Literal["option", "preset"]
"""What a refusal is of: an option (its name the key) or a preset (its name the value)."""


class OptionRefused(ValueError):
    """A preset or option a ruleset does not take, its parts as fields.

    ``str()`` is the refusal as it stands alone, naming what it refuses. A caller whose own
    words name the key already (``file:line: options.stun:``) says `wrong`, then the value
    unless its words show that too.
    """

    def __init__(
        self, refusing: Refusing, key: str, wrong: str, *value: object, alone: str
    ) -> None:
        super().__init__(alone)
        self.refusing: Refusing = refusing
        self.key = key
        """The option's name, or the preset's."""
        self.wrong = wrong
        """What is wrong, without naming the key: ``expected one of off, on``."""
        self.value: tuple[object, ...] = value
        """The value refused, alone in the tuple; empty when the key itself is unknown."""
