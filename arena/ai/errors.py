"""The AI's own errors: a policy name that names no policy."""

from __future__ import annotations

from typing import Final

QUOTE_MAX: Final = 80
"""A name an error repeats is cut to this many characters (a hostile one may be any length)."""


def quoted(name: str) -> str:
    """A name as an error quotes it: ``repr()``, control characters escaped, cut to 80 chars."""
    text = repr(name)
    return text if len(text) <= QUOTE_MAX else text[: QUOTE_MAX - 4] + "..." + text[0]


class UnknownPolicy(ValueError):
    """No AI policy has this name; the message names the known ones."""

    def __init__(self, policy: str, known: tuple[str, ...]) -> None:
        super().__init__(
            f"unknown AI policy {quoted(policy)}; known: {', '.join(known)} "
            "(each may end in /easy or /hard)"
        )
        self.policy = policy
        """The name asked for."""
        self.known = known
        """Every policy's name."""
