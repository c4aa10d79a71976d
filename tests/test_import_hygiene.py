"""The core runs without the UI: importing the engine or the command line never loads Textual."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "code",
    [
        "import arena.engine",
        "import arena.cli; arena.cli.build_parser()",
        "import arena.sim",
    ],
)
def test_textual_is_not_imported(code: str) -> None:
    probe = f"{code}; import sys; print('textual' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def test_rules_import_nothing_but_the_standard_library_and_icepool() -> None:
    probe = (
        "import sys; before = set(sys.modules); import arena.rules.dice, arena.rules.grid; "
        "new = set(sys.modules) - before; print(sorted(m for m in new "
        "if m.split('.')[0] in {'esper', 'yaml', 'textual', 'icepool'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def _esper_private_reads(tree: ast.AST) -> list[int]:
    """Lines reading or writing one of esper's private names (``esper._entities``)."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and isinstance(node.value, ast.Name)
        and node.value.id == "esper"
    ]


def test_nothing_reads_or_writes_esper_private_names() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "arena").rglob("*.py"))
        for line in _esper_private_reads(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []


def test_the_esper_scan_finds_a_private_read() -> None:
    tree = ast.parse("import esper\nx = esper._entities[1]\nesper._context_map['w'] = ()\n")
    assert _esper_private_reads(tree) == [2, 3]
