"""A fight's log as text, JSON lines or Markdown, for `arena run` and `arena replay`."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Final

from arena.cli.errors import InputError
from arena.cli.targets import shown_name, write_target
from arena.content.errors import escape_controls
from arena.content.files import write_text_atomic
from arena.engine import Event, Fight
from arena.rules.logtext import to_jsonl, to_markdown, to_text

FORMATS: Final = ("text", "jsonl", "markdown")


def render_log(fight: Fight, source: str, fmt: str, events: Sequence[Event] | None = None) -> str:
    """The log of a fight under a header naming its scenario, file, seed, dice and options.

    Args:
        fight: the fight.
        source: the scenario's file or name, or the save it came from.
        fmt: one of `FORMATS`.
        events: the events to show (default: all of them).
    """
    header = [
        ("scenario", fight.scenario.name),
        # A file name that is not UTF-8 reaches us with surrogates, which no file can hold.
        ("file", source.encode("utf-8", "replace").decode("utf-8")),
        ("ruleset", fight.scenario.ruleset),
        ("seed", str(fight.seed)),
        ("rigged", ",".join(map(str, fight.rigged)) or "none"),
        *fight.options_record(),
    ]
    shown = fight.events if events is None else events
    if fmt == "jsonl":
        return to_jsonl(header, shown)
    if fmt == "markdown":
        return to_markdown(fight.scenario.name, header, shown)
    return to_text(header, shown)


def write_log(text: str, out: str | None) -> None:
    """Print the log, or write it to ``out`` whole: an existing file is replaced in one step.

    Raises:
        InputError: ``out`` is empty or ends in a slash, is a folder, a device, a pipe or a
            socket, is in a missing folder, or cannot be written; a file already there is
            left as it was.
    """
    if out is None:
        # Files refuse control characters, but a log must never drive the terminal whatever
        # a save held: anything left is shown escaped.
        sys.stdout.write(escape_controls(text))
        sys.stdout.flush()  # a log that cannot be written fails here, before any word after it
        return
    path = write_target(out, "--out")
    try:
        write_text_atomic(path, text)
    except OSError as err:
        raise InputError(f"--out: {shown_name(out)}: {err.strerror}") from None
