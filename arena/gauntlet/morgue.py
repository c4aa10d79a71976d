"""The morgue file: a finished (or abandoned) run in Markdown, the same text for the same run."""

from __future__ import annotations

import os
from pathlib import Path

from arena.content.errors import escape_controls
from arena.content.files import write_text_atomic
from arena.gauntlet.lineup import CARRIES_DAMAGE
from arena.gauntlet.record import FightRecord, Luck
from arena.gauntlet.run import RunState
from arena.words.rulesets import luck_measure, round_word

ENDS = {
    "won": "won the gauntlet",
    "survived": "survived every fight, but did not win them all",
    "dead": "died",
    "left for dead": "left for dead, Incapacitated on the losing side",
    "mortal injuries": "mortal injuries after Step 6",
    "lost to the demon": "Humanity 0: lost to the demon",
    "abandoned": "abandoned for a new run",
    "": "still going",
}
"""The cause of the end, in words."""


def cause(state: RunState) -> str:
    """Why the run ended, in words."""
    return ENDS.get(state.end, state.end)


def luck_line(luck: Luck, ruleset: str) -> str:
    """The dice against their exact odds in words."""
    if not luck.rolls:
        return "no rolls of its own counted"
    measure = luck_measure(ruleset)
    diff = luck.actual - luck.expected
    word = "lucky" if diff > 0.5 else "unlucky" if diff < -0.5 else "as expected"
    return (
        f"{luck.actual} {measure} against {luck.expected:.1f} expected over {luck.rolls} rolls "
        f"({diff:+.1f}: {word})"
    )


def render_morgue(state: RunState, character_name: str) -> str:
    """The morgue file of a run as Markdown."""
    total = sum((r.luck for r in state.records), Luck())
    lines = [
        f"# {character_name}: the gauntlet ({state.ruleset})",
        "",
        f"- **Character**: {character_name} (`{state.character}`)",
        f"- **Seed**: {state.seed}",
        f"- **Played by**: {f'ai:{state.policy}' if state.policy else 'a person'}",
        f"- **Fights won**: {state.won} of {len(state.records)} fought",
        f"- **Damage taken**: {sum(r.taken for r in state.records)}",
        f"- **End**: {cause(state)}",
        f"- **Dice luck**: {luck_line(total, state.ruleset)}",
    ]
    if not CARRIES_DAMAGE:
        lines.append(
            "- **Note**: this scenario format cannot start a fight hurt, so carried damage "
            "was tracked between fights but not felt in them"
        )
    for record in state.records:
        lines += ["", *_fight(record, state.ruleset)]
    # A name or a note never drives the terminal the morgue is printed on, whoever made it.
    return escape_controls("\n".join(lines) + "\n")


def morgue_path(saves: Path, state: RunState, *, keep_others: bool = False) -> Path:
    """Where a run's morgue file goes in the saves folder unless told otherwise.

    It is named by ruleset, character and seed: an AI's run of them is the same run every
    time, so its morgue is written over. A run played by hand is not: with ``keep_others``
    an earlier morgue of that name stays and this one takes the first free number after it.
    """
    stem = f"morgue-{state.ruleset}-{state.character}-{state.seed}"
    path = saves / f"{stem}.md"
    number = 1
    # lexists: a link to nothing is a name taken too (written, it would make the file it names).
    while keep_others and os.path.lexists(path):
        number += 1
        path = saves / f"{stem}-{number}.md"
    return path


def save_morgue(path: Path, state: RunState, character_name: str) -> None:
    """Write a run's morgue file whole: the old text or the new, never a part of either.

    Raises:
        OSError: the file cannot be written; ``strerror`` says why.
    """
    write_text_atomic(path, render_morgue(state, character_name))


def _fight(r: FightRecord, ruleset: str) -> list[str]:
    result = "won" if r.winner == "player" else "drawn" if not r.winner else "lost"
    lines = [
        f"## Fight {r.number}: {r.name} ({result})",
        "",
        f"- **Opponents**: {', '.join(r.opponents)}",
        f"- **Map**: {r.map}; seed {r.seed}; {r.rounds} {_rounds(ruleset, r.rounds)}",
        f"- **Carried in**: {r.before}",
        f"- **After the fight**: {r.after_fight} ({r.status}"
        + (f", {r.severity.replace('_', ' ')})" if r.severity else ")"),
    ]
    if r.after_rest:
        lines.append(f"- **After the rest**: {r.after_rest}")
    lines.append(f"- **Dice luck**: {luck_line(r.luck, ruleset)}")
    if r.decisive:
        lines += ["- **Decisive rolls**:", *(f"  - {text}" for text in r.decisive)]
    return lines


def _rounds(ruleset: str, n: int) -> str:
    return round_word(ruleset, n)
