"""A finished run on disk: its morgue file and its high-score entry, written both or neither."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path

from arena.content.files import stage_text
from arena.gauntlet.morgue import render_morgue
from arena.gauntlet.run import RunState
from arena.gauntlet.scores import FILE, Score, scores_text, scores_with, table_lock


def record_run(folder: Path, state: RunState, name: str, morgue: Path) -> tuple[Score, ...]:
    """Write a finished run's morgue file and put the run in the high-score table.

    Both are written or neither is: a table listing a run whose morgue could not be written
    (or a morgue of a run missing from the table) would disagree with the other for good.

    Args:
        folder: the saves folder, where the table is.
        state: the finished run.
        name: the character's display name.
        morgue: where the morgue file goes.

    Returns:
        The new table.

    Raises:
        OSError: the table is damaged, or one of the two files cannot be written;
            ``filename`` names that file and ``strerror`` says why. Neither file was changed.
    """
    folder.mkdir(parents=True, exist_ok=True)
    with table_lock(folder):  # runs ending at once each keep their line
        table = scores_with(folder, state, name)
        write_together(((morgue, render_morgue(state, name)), (folder / FILE, scores_text(table))))
    return table


def write_together(files: Sequence[tuple[Path, str]]) -> None:
    """Write text files so that all of them change or none does.

    Each text is written whole to a temporary file beside its file and flushed to disk
    first; only when every one is there do they replace the files, one rename each (a
    rename takes no room, so a full disk stops the writing before any file changes).

    Raises:
        OSError: a file cannot be written; ``filename`` names it and ``strerror`` says why.
            No file was changed.
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for path, text in files:
            staged.append((path, stage_text(path, text)))
        while staged:
            path, temp = staged[0]
            try:
                os.replace(temp, os.path.realpath(path))
            except OSError as err:
                raise OSError(err.errno, f"cannot write it: {err.strerror}", str(path)) from None
            staged.pop(0)
    finally:
        for _, temp in staged:  # those not moved into place
            with contextlib.suppress(OSError):
                temp.unlink()
