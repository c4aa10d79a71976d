"""The local high-score table: runs ranked by fights won, then by least damage taken."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from arena.gauntlet.run import RunState
from arena.gauntlet.saves import write_atomically

FILE = "gauntlet-scores.json"
"""The table's file in the saves folder."""
KEEP = 100
"""Entries kept."""


@dataclass(frozen=True, slots=True)
class Score:
    """One finished run in the table."""

    name: str
    ruleset: str
    seed: int
    won: int
    taken: int
    end: str


def load_scores(folder: Path) -> tuple[Score, ...]:
    """The table, best first; a missing or unreadable file is an empty table."""
    try:
        rows = json.loads((folder / FILE).read_text(encoding="utf-8"))
        return tuple(Score(**row) for row in rows)
    except (OSError, ValueError, TypeError):
        return ()


def add_score(folder: Path, state: RunState, name: str) -> tuple[Score, ...]:
    """Put a finished run in the table and write it; returns the new table."""
    taken = sum(r.taken for r in state.records)
    score = Score(name, state.ruleset, state.seed, state.won, taken, state.end)
    table = sorted(
        (*load_scores(folder), score), key=lambda s: (-s.won, s.taken, s.ruleset, s.seed)
    )[:KEEP]
    folder.mkdir(parents=True, exist_ok=True)
    rows = [_row(s) for s in table]
    write_atomically(folder / FILE, json.dumps(rows, indent=1) + "\n")
    return tuple(table)


def _row(s: Score) -> dict[str, object]:
    return {
        "name": s.name,
        "ruleset": s.ruleset,
        "seed": s.seed,
        "won": s.won,
        "taken": s.taken,
        "end": s.end,
    }


def render_scores(table: tuple[Score, ...], limit: int = 10) -> str:
    """The table as text lines."""
    if not table:
        return "no gauntlet runs yet"
    lines = [f"{'#':>2}  {'won':>3}  {'taken':>5}  ruleset   name (seed): end"]
    for rank, s in enumerate(table[:limit], 1):
        lines.append(
            f"{rank:>2}  {s.won:>3}  {s.taken:>5}  {s.ruleset:<8}  {s.name} ({s.seed}): {s.end}"
        )
    return "\n".join(lines)
