"""Turn events into a log: plain text at three verbosities, JSON lines, or Markdown."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from arena.rules.dice import Contest
from arena.rules.events import Event
from arena.rules.plain import to_plain
from arena.rules.verbosity import VERBOSITIES as VERBOSITIES  # named here as before
from arena.rules.verbosity import Verbosity
from arena.words.steps import step_name

Header = Sequence[tuple[str, str]]


def event_lines(event: Event, verbosity: Verbosity = "explain") -> list[str]:
    """The log lines of one event (none when the verbosity hides it)."""
    if verbosity == "terse" and not event.terse:
        return []
    where = f"[{event.round}] " if event.round else ""
    if verbosity == "explain":
        lines = [f"{where}{step_name(event.step)}: {event.text}"]
        if event.why:
            lines.append(f"    why: {event.why}")
        return lines
    return [f"{where}{event.text}"]


def to_text(header: Header, events: Iterable[Event], verbosity: Verbosity = "explain") -> str:
    """The whole log as text: a header, then one or two lines per event."""
    lines = [f"{k}: {v}" for k, v in header]
    lines.append("")
    for event in events:
        lines += event_lines(event, verbosity)
    return "\n".join(lines) + "\n"


def to_jsonl(header: Header, events: Iterable[Event]) -> str:
    """A header object, then one JSON object per event, keys sorted (see ``docs/events.md``)."""
    lines = [json.dumps({"header": dict(header)}, sort_keys=True)]
    for event in events:
        lines.append(json.dumps(event_record(event), sort_keys=True))
    return "\n".join(lines) + "\n"


def event_record(event: Event) -> dict[str, Any]:
    """An event as plain data: its fields, its `data` mapping, and its roll with the roll's type.

    The roll's ``type`` is ``storyteller`` (success counting, damage and soak included) or
    ``contest`` (Sorcerer).
    """
    record: dict[str, Any] = to_plain(event)
    del record["line"], record["explanation"]  # the words as kept, still to be read
    record["text"], record["why"] = event.text, event.why
    record["step"] = step_name(event.step)  # the name, as the log has always shown it
    if event.roll is not None:
        kind = "contest" if isinstance(event.roll, Contest) else "storyteller"
        record["roll"] = {"type": kind, **record["roll"]}
    return record


def to_markdown(title: str, header: Header, events: Iterable[Event]) -> str:
    """A Markdown report: the settings as a table, then each round as a section."""
    out = [f"# {title}", "", "| setting | value |", "| --- | --- |"]
    out += [f"| {k} | {v} |" for k, v in header]
    current = -1
    for event in events:
        if event.round != current:
            current = event.round
            out += ["", f"## {'Setup' if current == 0 else f'Round {current}'}", ""]
        out.append(f"- **{step_name(event.step)}**: {event.text}")
        if event.why:
            out.append(f"  - *why*: {event.why}")
    return "\n".join(out) + "\n"
