"""A choice's odds in a few characters for its line, and in full for the highlighted one."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from rich.text import Text

from arena.engine import Choice, Decision, FightView
from arena.ui.forecast import harm_text, incoming_text

NO_ROLL: Final = "no roll"
"""In the chance column of a choice that rolls nothing of its own (a move, a shift, a pass)."""
ODDS_STYLE: Final = "italic cyan"
"""The style of the odds lines of a choice's explanation (they come first)."""
PART_WITHOUT_ROLL: Final = "–"
"""A split's part that rolls nothing (a move), among its parts' chances."""


def as_rolled(choice: Choice, decision: Decision | None) -> Choice:
    """The choice with the rolls it leaves as they are: what spending nothing rolls.

    Declining Willpower rolls nothing of its own, yet the roll it leaves goes ahead: its odds
    are each spend's roll without the automatic success, shown as the choice's own.
    """
    if decision is None or decision.kind != "willpower" or choice.rolls:
        return choice
    bare = tuple(
        _without_willpower(c.rolls[0])
        for c in decision.choices
        if "willpower" in c.tags and c.rolls and hasattr(c.rolls[0], "automatic")
    )
    return replace(choice, rolls=bare, show_rolls=False) if bare else choice


def _without_willpower(spec: Any) -> Any:
    """A Storyteller roll less the automatic success Willpower gives it."""
    return replace(spec, automatic=max(0, spec.automatic - 1))


def _roll_chance(spec: Any) -> float | None:
    """The chance a roll succeeds (or wins its contest); None for one that always happens."""
    if hasattr(spec, "chances"):
        return float(spec.chances()[0])
    if not spec.open_ended:
        return float(spec.chance())
    return None


def chance_text(choice: Choice, change: float | None = None) -> str:
    """``84%``: the chance the choice's first roll succeeds (or wins its contest).

    A split gives each part's: ``–/81%`` (a move, then a punch), ``72/60%``. A choice with
    no roll of its own says ``no roll``, or with `change` (what it does to the chance to
    win, from the forecast) ``+3 pts``. Rolls that always happen (damage, soak) are not
    chances and are left out.
    """
    if len(choice.parts) > 1:
        figures = [
            PART_WITHOUT_ROLL if part.roll is None else _part_figure(choice.rolls[part.roll])
            for part in choice.parts
        ]
        if any(f != PART_WITHOUT_ROLL for f in figures):
            return "/".join(figures) + "%"
    for spec in choice.rolls:
        found = _roll_chance(spec)
        if found is not None:
            return f"{found:.0%}"
    if change is not None:
        return f"{change * 100:+.0f} pts"
    return NO_ROLL


def _part_figure(spec: Any) -> str:
    found = _roll_chance(spec)
    return PART_WITHOUT_ROLL if found is None else f"{found * 100:.0f}"


def detail_lines(
    choice: Choice | None, decision: Decision | None = None, view: FightView | None = None
) -> tuple[Text, ...]:
    """The highlighted choice explained, one sentence a line, the most telling first.

    Its exact odds in full (a line for each roll), then the attack coming in (a reaction),
    then what the choice's own blow does if it lands: the detail has few rows at 80x24, and
    the odds must show.
    """
    incoming = incoming_text(decision, view) if decision is not None else ""
    harm = harm_text(choice, view) if choice is not None else ""
    # One line for each roll's odds (a split's parts, a push's): each reads whole alone.
    odds = [roll.odds_words() for roll in choice.rolls] if choice is not None else []
    found = [*((line, ODDS_STYLE) for line in odds), (incoming, "bold"), (harm, "cyan")]
    return tuple(Text(line, style) for line, style in found if line)


def detail_text(
    choice: Choice | None, decision: Decision | None = None, view: FightView | None = None
) -> Text:
    """Every line of `detail_lines` in one text, a line each."""
    return Text("\n").join(detail_lines(choice, decision, view))
