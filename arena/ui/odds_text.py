"""A choice's odds in a few characters for its line, and in full for the highlighted one."""

from __future__ import annotations

from rich.text import Text

from arena.engine import Choice


def chance_text(choice: Choice) -> str:
    """``84%`` (a Storyteller roll's success), ``hit 60%`` (a contest); "" without a roll.

    A choice that makes several rolls (a split) shows each, ``84%/61%``.
    """
    parts = []
    for spec in choice.rolls:
        if hasattr(spec, "chances") and hasattr(spec, "win"):
            parts.append(f"{spec.win} {spec.chances()[0]:.0%}")
        else:
            parts.append(f"{spec.chance():.0%}")
    return "/".join(parts)


def detail_text(choice: Choice | None) -> Text:
    """The highlighted choice explained: its exact odds in full."""
    out = Text()
    if choice is None:
        return out
    if choice.odds:
        out.append(choice.odds, "italic cyan")
    return out
