"""Write ``arena/rules/event_tables.py`` from the event pages of the docs, or check it.

The pages ``docs/events*.md`` are where a kind of event and its data fields are written down:
a kind is a ``### `kind` `` heading, a field the first column of a table row. The package reads
the sets from the module this writes, never from the docs (an installed wheel has none).

    python tools/event_tables.py            # rewrite the module after editing the pages
    python tools/event_tables.py --check    # exit 1 if the module is out of date
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
MODULE = ROOT / "arena" / "rules" / "event_tables.py"
PAGES = {"shared": "events.md", "werewolf": "events-werewolf.md", "sorcerer": "events-sorcerer.md"}
NAME = re.compile(r"`([a-z_]+)`")


def page_kinds(text: str) -> set[str]:
    """The kinds a page documents: the names in its ``###`` headings."""
    return {k for line in text.splitlines() if line.startswith("### ") for k in NAME.findall(line)}


def page_fields(text: str) -> set[str]:
    """The data fields a page's tables name in their first column.

    The tables of the JSON lines section (up to the first kind) list an event's own keys
    (``kind``, ``round``...), not the fields of its ``data``: they are passed over.
    """
    found: set[str] = set()
    top = False
    for line in text.splitlines():
        if line.startswith("## JSON lines"):
            top = True
        elif line.startswith("### ") and "`" in line:
            top = False
        if line.startswith("| `") and not top:
            found.update(NAME.findall(line.split("|")[1]))
    return found


def _frozenset(name: str, names: set[str], doc: str) -> list[str]:
    body = [f'        "{n}",' for n in sorted(names)]
    return [
        f"{name}: Final[frozenset[str]] = frozenset(",
        "    {",
        *body,
        "    }",
        ")",
        f'"""{doc}"""',
        "",
    ]


def render(docs: Path = DOCS) -> str:
    """The module's text, from the pages in ``docs``."""
    texts = {part: (docs / page).read_text(encoding="utf-8") for part, page in PAGES.items()}
    every = set().union(*(page_kinds(text) for text in texts.values()))
    lines = [
        '"""Which kinds of event and data fields each events page of the docs documents.',
        "",
        "Written by tools/event_tables.py from docs/events*.md: edit the pages, then run it.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final, Literal",
        "",
        "EventKind = Literal[",
        *(f'    "{k}",' for k in sorted(every)),
        "]",
        '"""Every kind of event: each has a heading on one of the pages, or on both."""',
        "",
    ]
    for part, page in PAGES.items():
        whose = "both rulesets" if part == "shared" else part.capitalize()
        lines += _frozenset(
            f"{part.upper()}_KINDS", page_kinds(texts[part]), f"Kinds {whose} log ({page})."
        )
        lines += _frozenset(
            f"{part.upper()}_FIELDS",
            page_fields(texts[part]),
            f"Data fields of the kinds {whose} log ({page}).",
        )
    return "\n".join(lines[:-1]) + "\n"


def main(argv: list[str]) -> int:
    """Rewrite the module, or with ``--check`` say whether it is current (exit 1 if not)."""
    text = render()
    if argv == ["--check"]:
        current = MODULE.exists() and MODULE.read_text(encoding="utf-8") == text
        if not current:
            print(f"{MODULE.relative_to(ROOT)} is out of date: run python tools/event_tables.py")
        return 0 if current else 1
    if argv:
        print(__doc__)
        return 2
    MODULE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
