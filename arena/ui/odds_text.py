"""A choice's odds in a few characters for its line, and in full for the highlighted one."""

from __future__ import annotations

from rich.text import Text

from arena.engine import Choice, Decision, FightView
from arena.ui.forecast import harm_text, incoming_text


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


def detail_text(
    choice: Choice | None, decision: Decision | None = None, view: FightView | None = None
) -> Text:
    """The highlighted choice explained, the most telling line first.

    The attack coming in (a reaction), what the choice's own blow does if it lands, then
    its exact odds in full.
    """
    out = Text()
    incoming = incoming_text(decision, view) if decision is not None else ""
    harm = harm_text(choice, view) if choice is not None else ""
    odds = choice.odds if choice is not None else ""
    for line, style in ((incoming, "bold"), (harm, "cyan"), (odds, "italic cyan")):
        if line:
            out.append("\n" if out else "").append(line, style)
    return out
