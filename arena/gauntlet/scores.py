"""The local high-score table: runs ranked by fights won, then by least damage taken."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from arena.content.errors import ContentError
from arena.content.files import read_file, write_text_atomic
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.run import RunState

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


def load_scores(folder: Path, *, strict: bool = False) -> tuple[Score, ...]:
    """The table, best first; a missing or damaged file is an empty table.

    Args:
        folder: The saves folder.
        strict: Refuse a file that is there but cannot be read, rather than show no table.

    Raises:
        GauntletError: with ``strict``, the file is a pipe, a device, a folder, too big or
            unreadable.
    """
    path = folder / FILE
    try:
        data = read_file(path)  # never a pipe or a device: they would hang
    except ContentError as err:
        if strict and os.path.lexists(path):
            raise GauntletError(str(err)) from None
        return ()
    try:
        rows = json.loads(data.decode("utf-8"))
        return tuple(Score(**row) for row in rows)
    except (RecursionError, ValueError, TypeError):
        return ()


def add_score(folder: Path, state: RunState, name: str) -> tuple[Score, ...]:
    """Put a finished run in the table and write it; returns the new table.

    Raises:
        OSError: the table cannot be written; ``strerror`` says why.
    """
    taken = sum(r.taken for r in state.records)
    score = Score(name, state.ruleset, state.seed, state.won, taken, state.end)
    table = sorted(
        (*load_scores(folder), score), key=lambda s: (-s.won, s.taken, s.ruleset, s.seed)
    )[:KEEP]
    folder.mkdir(parents=True, exist_ok=True)
    rows = [_row(s) for s in table]
    write_text_atomic(folder / FILE, json.dumps(rows, indent=1) + "\n")
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
