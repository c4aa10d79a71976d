"""The commands, options and files README and docs/ show exist for a user who installed arena."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Folders of a checkout that an installed arena, run from some other folder, does not have.
CHECKOUT_ONLY = ("content/", "saves/", "bench/", "tests/", "docs/")
# The forms `odds` and `roll` take, each with options of its own.
FORMS = {"odds": ("storyteller", "contest", "table"), "roll": ("storyteller", "contest")}
FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z-]*|-[a-z])\b")


def _fenced(text: str) -> list[str]:
    """The `arena ...` lines of the page's code blocks."""
    lines, inside = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside and line.startswith("arena "):
            lines.append(line)
    return lines


def _commands() -> list[tuple[str, str, str]]:
    """(page, command, text naming its options) for every command a page shows."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for line in _fenced(text):
            # Code blocks explain each command after `#` or a run of spaces.
            command = re.split(r"\s+#|\s{2,}", line)[0]
            found.append((page.name, command.split()[1], command))
        for span in re.findall(r"`(arena [^`]*)`", text):
            found.append((page.name, span.split()[1], span))
        for row in text.splitlines():
            cells = [c.strip() for c in row.strip("|").split("|")]
            if row.startswith("| `arena ") and len(cells) > 1:
                # README's command table: the options of a row belong to its command.
                found.append((page.name, cells[0].strip("`").split()[1], row))
            elif row.startswith("| `-") and len(cells) > 1:
                named = cells[1].split(", ")
                if all(re.fullmatch(r"[a-z]+", n) for n in named):
                    found += [(page.name, n, cells[0]) for n in named]
                elif page.name in ("sim.md", "sweep.md"):
                    found.append((page.name, page.stem, cells[0]))
    return found


@cache
def _help(command: str) -> str:
    """`arena COMMAND --help`, and each form's for `odds` and `roll`."""
    text = ""
    for form in ((), *((f,) for f in FORMS.get(command, ()))):
        proc = subprocess.run(
            [sys.executable, "-m", "arena", command, *form, "--help"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert proc.returncode == 0, (command, form, proc.stderr)
        text += proc.stdout
    return text


@pytest.mark.parametrize(("page", "command", "shown"), _commands())
def test_every_option_the_docs_show_is_in_its_commands_help(
    page: str, command: str, shown: str
) -> None:
    missing = [f for f in FLAG.findall(shown) if not re.search(rf"(?<![\w-]){f}\b", _help(command))]
    assert missing == [], f"{page}: `{shown}`"


def test_no_documented_command_needs_the_checkout() -> None:
    # Run from an empty folder, an installed arena finds shipped scenarios by name only.
    needs = [
        (page, shown)
        for page, _, shown in _commands()
        if shown.startswith("arena ") and any(f" {d}" in shown for d in CHECKOUT_ONLY)
    ]
    assert needs == []


COMMANDS = (
    "play",
    "run",
    "sim",
    "sweep",
    "odds",
    "roll",
    "validate",
    "replay",
    "demo",
    "serve",
    "gauntlet",
)


@pytest.mark.parametrize("command", COMMANDS)
def test_no_example_in_a_commands_help_needs_the_checkout(command: str) -> None:
    examples = [
        line.strip()
        for line in _help(command).splitlines()
        if line.strip().startswith("arena ") and any(f" {d}" in line for d in CHECKOUT_ONLY)
    ]
    assert examples == []


def test_every_file_the_docs_name_is_in_the_project() -> None:
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        named = re.findall(r"`([\w.*-]+/[\w./*-]+\.(?:md|yaml|py|json|tcss))`", text)
        linked = re.findall(r"\]\(([\w./-]+\.md)(?:#[\w-]*)?\)", text)
        for path in named:
            # An upper-case word stands for a name (`content/scenarios/NAME.yaml`).
            if re.search(r"[A-Z]{3,}", path) or path.startswith("arena/data/"):
                continue
            if not any(ROOT.glob(path)):
                missing.append((page.name, path))
        missing += [(page.name, p) for p in linked if not (page.parent / p).exists()]
    assert missing == []
