"""The Sorcerer ECS names its words by template id; the words package draws them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from arena.rules.sorcerer import assemble_pool
from arena.rules.views import ContestSpec
from arena.words.catalogue import TEMPLATES
from arena.words.core import Phrase, render
from arena.words.sorcerer import pool_words
from arena.words.sorcerer_templates import TEMPLATES as SORCERER

ROOT = Path(__file__).resolve().parents[3] / "arena"
ECS = ROOT / "ecs" / "sorcerer"
WORDS = re.compile(r"[A-Za-z]{2,} [A-Za-z]")
"""Two words with a space between them: prose, which an id never is."""
BUILT: dict[str, tuple[str, ...]] = {
    "sorc_state_": ("cannot_act", "helpless", "dead", "active"),
    "sorc_status_": ("active", "cannot_act"),
    "sorc_rollover_": ("attack", "defense"),
    "sorc_reaction_": ("abort_why", "suck_it_up_why"),
}
"""Ids the ECS builds from a prefix and a closed set of ids (a status, a rollover's link)."""


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for stmt in body if isinstance(body, list) else ():
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                found.add(id(stmt.value))
    return found


def _step_names(tree: ast.Module) -> set[int]:
    """The step names (``STEP_ORDER = "Step 3: Roll for order"``), still words for now."""
    return {
        id(node.value)
        for node in tree.body
        if isinstance(node, ast.AnnAssign | ast.Assign)
        and any(
            isinstance(t, ast.Name) and t.id.startswith("STEP_")
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    }


def _strings(path: Path) -> list[tuple[int, str]]:
    """Every string literal of a module (f-strings' literal parts joined), docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _step_names(tree)
    found: list[tuple[int, str]] = []
    parts: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts.update(id(v) for v in node.values)
            text = "".join(
                v.value
                for v in node.values
                if isinstance(v, ast.Constant) and isinstance(v.value, str)
            )
            found.append((node.lineno, text))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip | parts
        ):
            found.append((node.lineno, node.value))
    return found


def test_the_sorcerer_ecs_holds_no_prose() -> None:
    prose = [
        f"{path.name}:{line}: {text!r}"
        for path in sorted(ECS.glob("*.py"))
        for line, text in _strings(path)
        if WORDS.search(text)
    ]
    assert prose == []


def test_every_template_id_the_sorcerer_ecs_names_is_in_the_catalogue() -> None:
    named = {
        text
        for path in sorted(ECS.glob("*.py"))
        for _, text in _strings(path)
        if text.startswith("sorc_") and not text.endswith("_")
    }
    built = {prefix + rest for prefix, ends in BUILT.items() for rest in ends}
    assert named, "the scan found no template id"
    assert sorted((named | built) - TEMPLATES.keys()) == []


def test_every_sorcerer_template_is_named_somewhere() -> None:
    # The systems name most; a few are named where words are drawn for the screen alone.
    places = [*sorted(ECS.glob("*.py")), ROOT / "words" / "sorcerer.py"]
    source = "".join(p.read_text(encoding="utf-8") for p in places)
    built = {prefix + rest for prefix, ends in BUILT.items() for rest in ends}
    unused = [t for t in SORCERER if f'"{t}"' not in source and t not in built]
    assert unused == []


def test_sorcerer_template_ids_are_snake_case_with_the_sorcerer_prefix() -> None:
    assert all(re.fullmatch(r"sorc_[a-z0-9_]+", t) for t in SORCERER)


def test_the_words_package_never_imports_the_ecs() -> None:
    for path in sorted((ROOT / "words").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("arena.ecs"), path.name
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("arena.ecs") for a in node.names), path.name


def test_a_pool_base_named_by_template_id_reads_as_its_words() -> None:
    assert pool_words(assemble_pool("sorc_pool_pushed", 3)) == "pushed through 3 = 3"
    assert pool_words(assemble_pool("sorc_pool_ritual", 1)) == "snapshot ritual 1 = 1"
    assert pool_words(assemble_pool("Stamina", 2)) == "Stamina 2 = 2"


def test_a_contest_win_named_by_template_id_reads_as_its_words() -> None:
    pushed = ContestSpec(4, 2, win="sorc_win_push").odds_words()
    assert pushed.startswith("push through ")
    assert pushed.endswith("(4 dice against 2)")
    assert (
        ContestSpec(0, 2, win="sorc_win_push").odds_words() == "push through 0.0%: no dice to roll"
    )
    assert ContestSpec(4, 2, win="hit").odds_words().startswith("hit ")


def test_a_sorcerer_phrase_renders_its_template_with_its_numbers() -> None:
    assert render(Phrase("sorc_push_declined", ("Rook",))) == (
        "Rook does not push through: it only defends this round."
    )
