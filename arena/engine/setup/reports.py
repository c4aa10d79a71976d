"""Exact odds for the odds calculator, and a finished fight's log for the summary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arena.engine.fight import Fight
from arena.rules.dice import Tens
from arena.words.logtext import to_markdown, to_text
from arena.words.odds import describe_contest, describe_storyteller, tens_note


@dataclass(frozen=True, slots=True)
class OddsReport:
    """The exact odds of one roll, ready to show: a summary and one row per outcome."""

    title: str
    summary: str
    rows: tuple[tuple[str, float], ...]


def log_header(fight: Fight) -> tuple[tuple[str, str], ...]:
    """The settings every log of the fight starts with."""
    return (
        ("scenario", fight.scenario.name),
        ("ruleset", fight.scenario.ruleset),
        ("seed", str(fight.seed)),
        ("rigged", ",".join(map(str, fight.rigged)) or "none"),
        *fight.options_record(),
    )


def markdown_log(fight: Fight) -> str:
    """The whole fight as a Markdown report."""
    return to_markdown(fight.scenario.name, log_header(fight), fight.events)


def text_log(fight: Fight) -> str:
    """The whole fight as explained text."""
    return to_text(log_header(fight), fight.events)


def storyteller_odds(
    pool: int, difficulty: int, *, willpower: bool = False, tens: Tens = "off"
) -> OddsReport:
    """Exact odds of a Storyteller roll (Werewolf); `tens` is a specialty's rule."""
    from arena.rules import odds as exact  # icepool is slow to import: only when asked

    odds = exact.storyteller_odds(pool, difficulty, automatic=int(willpower), tens=tens)
    extra = " with Willpower" if willpower else ""
    note = tens_note(tens, open_ended=False)
    title = f"{pool} dice at difficulty {difficulty}{extra}" + (f", {note}" if note else "")
    return OddsReport(title, describe_storyteller(odds), _at_least(odds.at_least))


def damage_odds(pool: int, difficulty: int = 6, *, tens: Tens = "reroll") -> OddsReport:
    """Exact odds of a damage or soak roll: 10s rerolled, or not (``off``: damage_tens plain)."""
    from arena.rules import odds as exact  # icepool is slow to import: only when asked

    odds = exact.open_odds(pool, difficulty, tens=tens)
    rule = "10s rerolled" if tens == "reroll" else tens_note(tens, open_ended=True)
    title = f"{pool} damage or soak dice at difficulty {difficulty}, {rule}"
    return OddsReport(title, describe_storyteller(odds), _at_least(odds.at_least))


def contest_odds(first: int, second: int) -> OddsReport:
    """Exact odds of a Sorcerer contest: who wins, and by how many victories."""
    from arena.rules import odds as exact  # icepool is slow to import: only when asked

    odds = exact.contest_odds(first, second)
    rows = [(_wins("first", v), p) for v, p in enumerate(odds.first_victories) if p]
    rows += [(_wins("second", v), p) for v, p in enumerate(odds.second_victories) if p]
    rows.append(("complete tie", odds.p_tie))
    title = f"{first} dice against {second}"
    return OddsReport(title, describe_contest(odds), tuple(rows))


def _wins(side: str, victories: int) -> str:
    return f"{side} wins, {victories} {'victory' if victories == 1 else 'victories'}"


def _at_least(table: Sequence[float]) -> tuple[tuple[str, float], ...]:
    return tuple((f"{k}+ successes", p) for k, p in enumerate(table) if k and p >= 0.0005)
