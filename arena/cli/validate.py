"""`arena validate`: load and check all content, or one scenario file against it."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arena.cli.checks import ENGINE_CHECKS
from arena.cli.common import STDIN
from arena.cli.errors import printable
from arena.content.errors import ContentError, Issue
from arena.content.files import read_stream
from arena.content.loader import (
    Catalog,
    default_content_root,
    load_catalog,
    load_scenario,
    load_scenario_text,
)

EPILOG = """examples:
  arena validate                          the content arena runs on
  arena validate my-content/              another content folder
  arena validate my-scenario.yaml         one scenario, against the content
  arena validate - < my-scenario.yaml     the same, from standard input
  arena validate --json                   the result as one JSON object

exit status: 0 everything is valid, 2 a problem (each one named by file, line and key).
"""


def add_parser(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add the validate subcommand and return its handler."""
    parser = sub.add_parser(
        "validate",
        help="check the content files, or one scenario file",
        description=(
            "Load and check every content file (sections and scenarios), or one scenario "
            "file against the content, as `arena run` would before a fight. Every problem "
            "is listed as file:line: key: message and the exit status is 2."
        ),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "path",
        nargs="?",
        metavar="PATH",
        help="a content folder (default: the content arena runs on), a scenario file, or -",
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Validate the content folder or scenario file named, print a summary, return the status."""
    path: str | None = args.path
    try:
        summary = _validate(path)
    except ContentError as err:
        _report_problems(path, err.issues, as_json=args.json)
        return 2
    if args.json:
        print(json.dumps({"ok": True, "path": path or str(default_content_root()), **summary}))
    else:
        print(_summary_line(summary))
    return 0


def _validate(path: str | None) -> dict[str, Any]:
    """What was checked, as plain data; ContentError lists every problem found."""
    if path == "-":
        data = read_stream(sys.stdin.buffer, STDIN)
        return _scenario(load_scenario_text(data, STDIN, _catalog(None), ENGINE_CHECKS), STDIN)
    if path is not None and not os.path.lexists(path):
        raise ContentError.single(path, 0, "", "no such file or folder")
    if path is not None and not Path(path).is_dir():
        return _scenario(load_scenario(Path(path), _catalog(None), ENGINE_CHECKS), path)
    return _counts(_catalog(Path(path) if path is not None else None))


def _catalog(root: Path | None) -> Catalog:
    folder = default_content_root() if root is None else root
    if not folder.is_dir():
        raise ContentError.single(str(folder), 0, "", "no such content folder")
    catalog = load_catalog(folder, checks=ENGINE_CHECKS)
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
        return f"ok: {summary['scenario']} ({summary['ruleset']}, {count}, map {summary['map']})"
    parts = [_count(summary["files"], "files")]
    counts: dict[str, int] = summary["counts"]
    parts += [_count(n, name) for name, n in counts.items() if n or name == "scenarios"]
    return "ok: " + ", ".join(parts)


def _report_problems(path: str | None, issues: tuple[Issue, ...], *, as_json: bool) -> None:
    if not as_json:
        for issue in issues:
            print(printable(str(issue)), file=sys.stderr)
        return
    errors = [
        {"file": i.path, "line": i.line, "key": i.key, "message": printable(i.message)}
        for i in issues
    ]
    print(json.dumps({"ok": False, "path": path or str(default_content_root()), "errors": errors}))


def _count(n: int, plural: str) -> str:
    # Section names are plural nouns; one of them reads better without the s.
    noun = plural[:-1] if n == 1 and plural.endswith("s") else plural
    return f"{n} {noun}"
