"""A choice's odds in a few characters for its line, and in full for the highlighted one."""

from __future__ import annotations

from rich.text import Text

from arena.engine import Choice


def chance_text(choice: Choice) -> str:
    """``84%``: the chance the choice's first roll succeeds (or wins its contest); "" without.

    Rolls that always happen (damage, soak) are not chances and are left out.
    """
    for spec in choice.rolls:
        if hasattr(spec, "chances"):
            return f"{spec.chances()[0]:.0%}"
        if not spec.open_ended:
            return f"{spec.chance():.0%}"
    return ""


def detail_text(choice: Choice | None) -> Text:
    """The highlighted choice explained: its exact odds in full."""
    out = Text()
    if choice is None:
        return out
    if choice.odds:
        out.append(choice.odds, "italic cyan")
    return out
