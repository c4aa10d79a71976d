"""A fight's log as text, JSON lines or Markdown, for `arena run` and `arena replay`."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Final, Literal

from arena.cli.errors import InputError
from arena.cli.fold import fold
from arena.cli.targets import shown_name, write_target
from arena.content.errors import escape_controls
from arena.content.files import write_text_atomic
from arena.engine import Event, Fight
from arena.words.logtext import to_jsonl, to_markdown, to_text

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


StopWhy = Literal["stop_after", "saved"]
"""Why a log ends before its fight does: ``--stop-after``, or the save replayed ends there."""
_STOPPED_WORDS: Final = {
    "stop_after": "(stopped after {n}; the fight goes on)",
    "saved": "(saved after {n}; arena run --resume plays on)",
}


def stopped_line(fmt: str, decisions: int, why: StopWhy) -> str:
    """The last line of a log whose fight goes on: a JSON object in a JSON lines log.

    A JSON lines log holds JSON lines only, so a reader parses each line as it is; the
    others end with the words.
    """
    if fmt == "jsonl":
        return json.dumps({"stopped": {"decisions": decisions, "why": why}}, sort_keys=True) + "\n"
    made = f"{decisions} decision" + ("" if decisions == 1 else "s")
    return _STOPPED_WORDS[why].format(n=made) + "\n"


def write_log(text: str, out: str | None, fmt: str = "text") -> None:
    """Print the log, or write it to ``out`` whole: an existing file is replaced in one step.

    A text log's lines are folded to 80 columns, on the terminal and in a file alike.

    Raises:
        InputError: ``out`` is empty or ends in a slash, is a folder, a device, a pipe or a
            socket, is in a missing folder, or cannot be written; a file already there is
            left as it was.
    """
    # Files refuse control characters, but a log must never drive the terminal whatever a
    # save held: anything left is shown escaped. As on the terminal, so in a file: a file
    # name or a hand-made save never puts a raw escape code, a line separator or a bidi
    # override into a log that is printed or read later. Escaped before the folding, which
    # would take a vertical tab or a line separator for a space between words.
    text = escape_controls(text)
    if fmt == "text":
        text = fold(text)
    if out is None:
        sys.stdout.write(text)
        sys.stdout.flush()  # a log that cannot be written fails here, before any word after it
        return
    path = write_target(out, "--out", writing="the log")
    try:
        write_text_atomic(path, text)
    except OSError as err:
        raise InputError(f"--out: {shown_name(out)}: {err.strerror}") from None
