"""The local high-score table: runs ranked by fights won, then by least damage taken."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import textwrap
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from arena.content.bounds import SEED_MAX
from arena.content.errors import escape_controls, escape_name
from arena.content.files import is_there, write_text_atomic
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.exact import SavedValueError
from arena.gauntlet.jsonfile import line_of_key, read_json_lines
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
    played_by: str = ""
    """The AI policy that played the run (``ai:cautious``), or empty: a person played it."""


def load_scores(folder: Path, *, strict: bool = False) -> tuple[Score, ...]:
    """The table, best first; a missing file is an empty table.

    Args:
        folder: The saves folder.
        strict: Refuse a file that is there but cannot be read or is damaged, rather than
            show no table.

    Raises:
        GauntletError: with ``strict``, the file is a pipe, a device, a folder, too big,
            unreadable, or not a table; the entry and key of a bad value are named.
    """
    path = folder / FILE
    try:
        return _read(path)
    except GauntletError:
        if strict and is_there(path):
            raise
        return ()


def _read(path: Path) -> tuple[Score, ...]:
    """The table in the file, every entry checked; a bad value is blamed on its line.

    Raises:
        GauntletError: the file is not a table, or an entry is damaged: ``file:line: a
            damaged high-score table ([2].won: ...)``, as a gauntlet save names its lines.
    """
    shown = escape_name(str(path))
    rows, lines = read_json_lines(path, "a high-score table")
    if not isinstance(rows, list):
        raise GauntletError(f"{shown}: not a high-score table (not a list)")
    try:
        return tuple(_score_from(row, f"[{index}]") for index, row in enumerate(rows))
    except SavedValueError as err:
        line = line_of_key(lines, err.key)
        at = shown if line is None else f"{shown}:{line}"
        raise GauntletError(f"{at}: a damaged high-score table ({err})") from None


def _score_from(row: object, key: str) -> Score:
    """One entry as saved, every value of its type.

    Raises:
        SavedValueError: it is not; the entry and key are named (a key missing: the entry).
    """
    fields = Score.__dataclass_fields__
    # `played_by` came later: a table written before it holds runs played by people.
    needed = set(fields) - {"played_by"}
    if not isinstance(row, dict) or not needed <= set(row):
        raise SavedValueError(key, f"expected the keys {', '.join(fields)}")
    for name in row:
        if name not in fields:  # blamed on its own line, not on the entry's
            raise SavedValueError(f"{key}.{name}", f"not a key of an entry: {', '.join(fields)}")
    for name in row:
        value = row[name]
        if name in ("seed", "won", "taken"):
            if type(value) is not int or not 0 <= value <= SEED_MAX:
                raise SavedValueError(
                    f"{key}.{name}", f"a whole number expected, got {value!r:.40}"
                )
        elif not isinstance(value, str):
            raise SavedValueError(f"{key}.{name}", f"text expected, got {value!r:.40}")
    return Score(**row)


def add_score(folder: Path, state: RunState, name: str) -> tuple[Score, ...]:
    """Put a finished run in the table and write it; returns the new table.

    Raises:
        OSError: the table cannot be written, or is there and damaged (it is left as it
            was, never replaced by the new entry alone); ``strerror`` says why.
    """
    folder.mkdir(parents=True, exist_ok=True)
    with table_lock(folder):
        table = scores_with(folder, state, name)
        write_text_atomic(folder / FILE, scores_text(table))
    return table


@contextlib.contextmanager
def table_lock(folder: Path) -> Iterator[None]:
    """Hold the saves folder's high-score table for one read-and-write, against other arenas.

    Runs that end at once each read the table, add their line and write it: without a lock
    the last one written drops the lines of the others. The lock is on the folder itself
    (``flock``, let go when the process ends, however it ends); where there is no ``flock``
    a lock file made with ``O_EXCL`` stands in, and one left by a killed arena is taken over
    once it is older than `STALE_LOCK` seconds.

    Raises:
        OSError: the folder cannot be opened, or the lock file stays taken.
    """
    try:
        import fcntl
    except ImportError:  # Windows
        with _lock_file(folder):
            yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # lets the lock go


LOCK_FILE = ".gauntlet-scores.lock"
"""The lock file where the folder cannot be locked itself."""
STALE_LOCK = 30.0
"""Seconds after which a lock file is taken for one a killed arena left."""


@contextlib.contextmanager
def _lock_file(folder: Path, wait: float = 60.0) -> Iterator[None]:
    path = folder / LOCK_FILE
    deadline = time.monotonic() + wait
    while True:
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            break
        except FileExistsError:
            with contextlib.suppress(OSError):
                if time.time() - os.stat(path).st_mtime > STALE_LOCK:
                    os.unlink(path)
                    continue
            if time.monotonic() > deadline:
                raise OSError(
                    errno.EAGAIN, "another arena holds the high-score table", str(path)
                ) from None
            time.sleep(0.05)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)


def scores_with(folder: Path, state: RunState, name: str) -> tuple[Score, ...]:
    """The table in the saves folder with a finished run put in its place; nothing written.

    Raises:
        OSError: the table is there and damaged (it must be left as it was, never replaced
            by the new entry alone); ``strerror`` says why.
    """
    path = folder / FILE
    try:
        kept = _read(path) if is_there(path) else ()
    except GauntletError as err:
        raise OSError(errno.EINVAL, f"left as it was: {err}", str(path)) from None
    taken = sum(r.taken for r in state.records)
    score = Score(name, state.ruleset, state.seed, state.won, taken, state.end, state.policy)
    return tuple(sorted((*kept, score), key=lambda s: (-s.won, s.taken, s.ruleset, s.seed))[:KEEP])


def scores_text(table: tuple[Score, ...]) -> str:
    """The table as its file holds it (JSON)."""
    return json.dumps([_row(s) for s in table], indent=1) + "\n"


def _row(s: Score) -> dict[str, object]:
    return {
        "name": s.name,
        "ruleset": s.ruleset,
        "seed": s.seed,
        "won": s.won,
        "taken": s.taken,
        "end": s.end,
        "played_by": s.played_by,
    }


def render_scores(table: tuple[Score, ...], limit: int = 10) -> str:
    """The table as text lines."""
    if not table:
        return "no gauntlet runs yet"
    lines = [f"{'#':>2}  {'won':>3}  {'taken':>5}  ruleset   name (seed): end"]
    for rank, s in enumerate(table[:limit], 1):
        row = f"{rank:>2}  {s.won:>3}  {s.taken:>5}  {s.ruleset:<8}  {s.name} ({s.seed}): {s.end}"
        # Folded to 80 columns, its later lines under the name, every word kept.
        # Escaped first: a hand-edited name never drives the terminal, nor is it folded away.
        lines += textwrap.wrap(
            escape_controls(row + played_note(s)),
            80,
            subsequent_indent=" " * 26,
            break_long_words=False,
            break_on_hyphens=False,
        )
    return "\n".join(lines)


def played_note(s: Score) -> str:
    """`` · played by the AI (ai:cautious)`` for a run the AI played, else nothing."""
    return f" · played by the AI ({s.played_by})" if s.played_by else ""
