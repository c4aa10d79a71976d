"""The ECS holds no words: every sentence is drawn by `arena.words` from ids and numbers.

A string literal (or the literal parts of an f-string) with two words side by side is prose,
docstrings aside; ids, event kinds, keys and step ids have no spaces, so they never count.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORDS = re.compile(r"[A-Za-z]{2,} [A-Za-z]")
"""Two words: a word of two letters or more, a space, and a letter."""
CHECKED = (("arena/ecs", True),)
"""Folders checked, and whether their subfolders are too: the whole ECS, both rulesets."""


def _files() -> list[Path]:
    found: set[Path] = set()
    for folder, deep in CHECKED:
        found.update((ROOT / folder).rglob("*.py") if deep else (ROOT / folder).glob("*.py"))
    return sorted(found)


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            found.update(
                id(stmt.value)
                for stmt in body
                if isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)
            )
    return found


def prose(source: str) -> list[tuple[int, str]]:
    """(line, text) of every literal with words in `source`, docstrings aside."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
            text = "".join(
                v.value
                for v in node.values
                if isinstance(v, ast.Constant) and isinstance(v.value, str)
            )
            if WORDS.search(text):
                found.append((node.lineno, text))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip
            and WORDS.search(node.value)
        ):
            found.append((node.lineno, node.value))
    return sorted(found)


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_prose_in_the_ecs(path: Path) -> None:
    assert prose(path.read_text(encoding="utf-8")) == []


def test_the_prose_scan_finds_words_and_leaves_ids_and_docstrings() -> None:
    source = (
        '"""A module docstring with words."""\n'
        "def f(who):\n"
        '    """A docstring."""\n'
        '    a = "ww_lands"\n'
        '    b = f"{who} lands a blow"\n'
        '    c = "out of reach"\n'
        '    d = f"rage:{who}"\n'
    )
    assert prose(source) == [(5, " lands a blow"), (6, "out of reach")]


def test_every_module_of_the_ecs_is_checked() -> None:
    names = {str(p.relative_to(ROOT)) for p in _files()}
    every = {str(p.relative_to(ROOT)) for p in (ROOT / "arena/ecs").rglob("*.py")}
    assert names == every
    assert {
        "arena/ecs/world.py",
        "arena/ecs/werewolf/damage.py",
        "arena/ecs/sorcerer/sorcery.py",
    } <= names


def _named_ids(source: str) -> set[str]:
    """The template ids a module names: ``Phrase("ww_lands", ...)``'s first argument."""
    return {
        node.args[0].value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Phrase"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_template_id_the_ecs_names_is_in_the_catalogue(path: Path) -> None:
    from arena.words.catalogue import TEMPLATES
    from arena.words.core import DRAWINGS

    # A template of no letters at all (``{} {}``) only joins texts: it needs no id. An id is a
    # template of the catalogue or a drawing (``band_words``).
    named = _named_ids(path.read_text(encoding="utf-8"))
    known = TEMPLATES.keys() | DRAWINGS.keys()
    assert sorted(n for n in named if n not in known and re.search("[A-Za-z]", n)) == []
