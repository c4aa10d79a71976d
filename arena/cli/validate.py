"""`arena validate`: load and check all content, or scenario files against it."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from arena.cli.checks import ENGINE_CHECKS
from arena.cli.common import STDIN
from arena.cli.errors import printable
from arena.cli.fold import fold
from arena.cli.helpwrap import fit, help_width
from arena.cli.places import check_content_variable
from arena.content.errors import ContentError, Issue, escape_name
from arena.content.files import is_folder, is_there, read_stream
from arena.content.loader import (
    Catalog,
    default_content_root,
    default_registry,
    load_catalog,
    load_scenario,
    load_scenario_text,
)
from arena.content.script_keys import SCRIPT_CHECKS
from arena.gauntlet.checks import GAUNTLET_CHECKS

SCENARIO_CHECKS: Final = (*ENGINE_CHECKS, *SCRIPT_CHECKS)
"""A scenario's checks: what `arena run` checks, and script keys no moment of a fight takes."""
CONTENT_CHECKS: Final = (*SCENARIO_CHECKS, *GAUNTLET_CHECKS)
"""A content tree's checks: a scenario's, and a gauntlet group's AI policies."""
EPILOG = """examples:
  arena validate                          the content arena runs on
  arena validate my-content/              another content folder
  arena validate my-scenario.yaml         one scenario, against the content
  arena validate my-tests/                every *.yaml of a folder of scenarios
  arena validate a.yaml b.yaml my-tests/  several paths at once
  arena validate - < my-scenario.yaml     the same, from standard input
  arena validate --json                   the result as one JSON object

exit status: 0 everything is valid, 2 a problem (each one named by file, line and key).
"""


def add_parser(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add the validate subcommand and return its handler."""
    parser = sub.add_parser(
        "validate",
        help="check the content files, or scenario files",
        description=(
            "Load and check every content file (sections and scenarios), or scenario files "
            "against the content, as `arena run` would before a fight. A folder with a "
            "content folder in it (arenas, werewolf, sorcerer, scenarios...) is a content "
            "tree; any other folder holds scenario files, each *.yaml directly in it checked "
            "against the content arena runs on. Every problem of every path is listed as "
            "file:line: key: message and the exit status is 2."
        ),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help=(
            "a content folder (default: the content arena runs on), a folder of scenario "
            "files, a scenario file, or -"
        ),
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Validate each path named, print a summary per thing checked, return the status."""
    paths: list[str | None] = list(args.paths) or [None]
    checker = _Checker()
    for path in paths:
        checker.check(path)
    shown = [str(default_content_root()) if path is None else path for path in paths]
    if args.json:
        print(json.dumps(_json(shown, checker)))
        return 2 if checker.issues else 0
    for summary in checker.summaries:
        # A content tree's counts run long: they go on below, within the terminal's width.
        # A file's line is folded to 80 columns: it still starts with its verdict and file.
        line = _summary_line(summary)
        print(fold(line) if "scenario" in summary else fit(line, help_width()))
    for issue in checker.issues:
        print(printable(str(issue)), file=sys.stderr)
    return 2 if checker.issues else 0


class _Checker:
    """Checks paths one by one, keeping what passed and every problem found."""

    def __init__(self) -> None:
        self.summaries: list[dict[str, Any]] = []
        self.issues: list[Issue] = []
        self._shipped: Catalog | None = None

    def check(self, path: str | None) -> None:
        """Check one path: standard input, a scenario file, a scenario folder or a content tree."""
        try:
            if path == "":  # the current folder to the file system, never meant
                raise ContentError.single("''", 0, "", "an empty name, not a file or folder")
            if path is None or (is_folder(path) and _is_content_tree(Path(path))):
                self.summaries.append(_counts(_catalog(Path(path) if path else None)))
            elif path == "-":
                data = read_stream(sys.stdin.buffer, STDIN)
                scenario = load_scenario_text(data, STDIN, self._content(), SCENARIO_CHECKS)
                self.summaries.append(_scenario(scenario, STDIN))
            elif not is_there(path):
                raise ContentError.single(path, 0, "", "no such file or folder")
            elif is_folder(path):
                for file in _scenario_files(Path(path)):
                    self.check(str(file))
            else:
                scenario = load_scenario(Path(path), self._content(), SCENARIO_CHECKS)
                self.summaries.append(_scenario(scenario, path))
        except ContentError as err:
            self.issues.extend(err.issues)

    def _content(self) -> Catalog:
        # The content arena runs on, loaded once for every scenario checked against it.
        if self._shipped is None:
            self._shipped = _catalog(None)
        return self._shipped


def _is_content_tree(folder: Path) -> bool:
    """A folder holding a content folder, or no *.yaml of its own: checked as content."""
    named = {*default_registry().namespaces(), "scenarios"}
    if any(is_folder(folder / name) for name in named):
        return True
    return not any(folder.glob("*.yaml"))


def _scenario_files(folder: Path) -> list[Path]:
    """The *.yaml files directly in a folder of scenarios, by name."""
    return sorted(p for p in folder.glob("*.yaml") if not is_folder(p))


def _json(shown: list[str], checker: _Checker) -> dict[str, Any]:
    """One object: ok, the path(s), what was checked and every problem."""
    errors = [
        {"file": i.path, "line": i.line, "key": i.key, "message": printable(i.message)}
        for i in checker.issues
    ]
    out: dict[str, Any] = {"ok": not errors, "path": shown[0], "paths": shown}
    if len(checker.summaries) == 1 and not errors:
        out.update(checker.summaries[0])
    out["checked"] = checker.summaries
    if errors:
        out["errors"] = errors
    return out


def _catalog(root: Path | None) -> Catalog:
    if root is None:
        check_content_variable()
    folder = default_content_root() if root is None else root
    if not folder.is_dir():
        raise ContentError.single(str(folder), 0, "", "no such content folder")
    catalog = load_catalog(folder, checks=CONTENT_CHECKS)
    if not catalog.files:
        raise ContentError.single(str(folder), 0, "", "no content files (*.yaml) in this folder")
    return catalog


def _counts(catalog: Catalog) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for (_, section), entries in sorted(catalog.sections.items()):
        counts[section] = counts.get(section, 0) + len(entries)
    counts["scenarios"] = len(catalog.scenarios)
    return {"files": len(catalog.files), "counts": counts}


def _scenario(scenario: Any, shown: str) -> dict[str, Any]:
    return {
        "scenario": shown,
        "ruleset": scenario.ruleset,
        "combatants": len(scenario.combatants),
        "map": scenario.map,
    }


def _summary_line(summary: dict[str, Any]) -> str:
    if "scenario" in summary:
        count = _count(summary["combatants"], "combatants")
        shown = escape_name(summary["scenario"])  # a file's name may hold an escape code
        return f"ok: {shown} ({summary['ruleset']}, {count}, map {summary['map']})"
    parts = [_count(summary["files"], "files")]
    counts: dict[str, int] = summary["counts"]
    parts += [_count(n, name) for name, n in counts.items() if n or name == "scenarios"]
    return "ok: " + ", ".join(parts)


def _count(n: int, plural: str) -> str:
    # Section names are plural nouns; one of them reads better without the s.
    noun = plural[:-1] if n == 1 and plural.endswith("s") else plural
    return f"{n} {noun}"
