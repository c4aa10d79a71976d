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


def test_the_command_line_loads_dask_and_matplotlib_only_when_asked() -> None:
    # --cluster and --plot FILE.png are optional extras: every other command starts without them.
    probe = (
        "import arena.cli, arena.cli.sweep, arena.sim.cluster; arena.cli.build_parser(); "
        "import sys; print(sorted(m for m in ('distributed', 'dask', 'matplotlib') "
        "if m in sys.modules))"
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


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(tree: ast.AST, name: str, package: str, known: set[str]) -> set[str]:
    """The arena modules a module imports anywhere in it: at the top, inside a function (a
    deferred import) or under ``TYPE_CHECKING``.

    A deferred or type-only import still makes the two modules depend on each other; it only
    hides the circle from the import-time order, so it counts.
    """
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of arena/ and the arena modules it imports.

    A package's ``__init__`` importing its own modules (to re-export their names) is left out:
    a module importing the package's names is not thereby in a circle with them.
    """
    paths = {_module_name(p): p for p in sorted((ROOT / "arena").rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        package = name if is_package else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = _imported(tree, name, package, set(paths))
        graph[name] = {t for t in imported if not (is_package and t.startswith(name + "."))}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of imports, as one path round it per module that leads back to itself."""
    circles: list[list[str]] = []
    for start in sorted(graph):
        # A path from `start` back to it, through modules after it in name order only, so each
        # circle is reported once, from its first module.
        stack = [(start, [start])]
        seen: set[str] = set()
        while stack:
            here, path = stack.pop()
            for nxt in sorted(graph.get(here, ())):
                if nxt == start:
                    circles.append([*path, start])
                    stack.clear()
                    break
                if nxt > start and nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    return circles


def test_no_module_of_arena_imports_itself_through_others() -> None:
    assert import_circles(import_graph()) == []


def test_the_circle_finder_finds_a_deferred_circle() -> None:
    package = "arena.demo"
    known = {f"{package}.a", f"{package}.b"}
    a = ast.parse("def late():\n    from arena.demo import b\n")
    b = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import X\n")
    graph = {
        f"{package}.a": _imported(a, f"{package}.a", package, known),
        f"{package}.b": _imported(b, f"{package}.b", package, known),
    }
    assert import_circles(graph) == [["arena.demo.a", "arena.demo.b", "arena.demo.a"]]


def test_the_command_line_asks_the_engine_for_rulesets_never_the_ecs() -> None:
    graph = import_graph()
    reaching = {
        (name, target)
        for name, targets in graph.items()
        if name.startswith("arena.cli")
        for target in targets
        if target.startswith("arena.ecs")
    }
    assert reaching == set()
