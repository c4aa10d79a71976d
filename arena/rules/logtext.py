"""Turn events into a log: plain text at three verbosities, JSON lines, or Markdown."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from typing import Literal

from arena.rules.events import Event

Verbosity = Literal["terse", "normal", "explain"]
VERBOSITIES: tuple[Verbosity, ...] = ("terse", "normal", "explain")
Header = Sequence[tuple[str, str]]


def event_lines(event: Event, verbosity: Verbosity = "explain") -> list[str]:
    """The log lines of one event (none when the verbosity hides it)."""
    if verbosity == "terse" and not event.terse:
        return []
    where = f"[{event.round}] " if event.round else ""
    if verbosity == "explain":
        lines = [f"{where}{event.step}: {event.text}"]
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
    """A header object, then one JSON object per event, keys sorted."""
    lines = [json.dumps({"header": dict(header)}, sort_keys=True)]
    for event in events:
        lines.append(json.dumps(dataclasses.asdict(event), sort_keys=True))
    return "\n".join(lines) + "\n"


def to_markdown(title: str, header: Header, events: Iterable[Event]) -> str:
    """A Markdown report: the settings as a table, then each round as a section."""
    out = [f"# {title}", "", "| setting | value |", "| --- | --- |"]
    out += [f"| {k} | {v} |" for k, v in header]
    current = -1
    for event in events:
        if event.round != current:
            current = event.round
            out += ["", f"## {'Setup' if current == 0 else f'Round {current}'}", ""]
        out.append(f"- **{event.step}**: {event.text}")
        if event.why:
            out.append(f"  - *why*: {event.why}")
    return "\n".join(out) + "\n"
