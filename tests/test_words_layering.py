"""Words only in the presentation: the rules and the ECS name phrases, `arena.words` draws them.

Nothing under ``arena/rules`` or ``arena/ecs`` imports ``arena.words`` (at the top, inside a
function or for type checking alike), and nothing there calls a drawing function: a phrase is an
id and its values until a front end reads it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BELOW_WORDS = ("arena/rules", "arena/ecs")
"""The layers below the presentation: whatever they say is a phrase, never drawn words."""
DRAWING_CALLS = frozenset({"render", "render_lines", "bare", "reworded"})
"""The presentation's drawing functions: none is called below it."""


def _files() -> list[Path]:
    return sorted(p for folder in BELOW_WORDS for p in (ROOT / folder).rglob("*.py"))


def _words_imports(tree: ast.AST) -> list[int]:
    """Lines importing ``arena.words`` or anything in it, in any form."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        if any(n == "arena.words" or n.startswith("arena.words.") for n in names):
            found.append(node.lineno)
    return found


def _drawing_calls(tree: ast.AST) -> list[int]:
    """Lines calling one of the presentation's drawing functions, by name or as an attribute."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id in DRAWING_CALLS)
            or (isinstance(node.func, ast.Attribute) and node.func.attr in DRAWING_CALLS)
        )
    ]


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_below_the_presentation_imports_arena_words(path: Path) -> None:
    assert _words_imports(ast.parse(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_below_the_presentation_draws_words(path: Path) -> None:
    assert _drawing_calls(ast.parse(path.read_text(encoding="utf-8"))) == []


def test_the_scans_find_an_import_of_the_words_and_a_drawing() -> None:
    source = (
        "import arena.words\n"
        "from arena.words.core import Phrase\n"
        "from arena import words\n"
        "from arena.rules.phrase import Phrase\n"
        "def f():\n"
        "    from arena.words import sorcerer\n"
        "    return render(Phrase('x')), core.render_lines(())\n"
    )
    tree = ast.parse(source)
    assert _words_imports(tree) == [1, 2, 3, 6]
    assert _drawing_calls(tree) == [7, 7]


def _lines_ids(tree: ast.AST) -> set[str]:
    """The ids a module gives `Lines`: ``Lines("ww_order_lines", ...)``'s first argument."""
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Lines"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


def test_every_lines_id_below_the_presentation_has_its_drawing() -> None:
    from arena.words.core import LINES

    named = set().union(*(_lines_ids(ast.parse(p.read_text(encoding="utf-8"))) for p in _files()))
    assert named  # the scan finds the order tracks and the notes
    assert sorted(named - LINES.keys()) == []


def _phrase_ids(tree: ast.AST) -> set[str]:
    """The ids a module gives `Phrase` (``Phrase("roll_words", ...)``), templates of its own
    (words with spaces or braces) aside."""
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Phrase"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
        and re.fullmatch(r"[a-z][a-z0-9_]*", node.args[0].value)
    }


def test_every_phrase_id_below_the_presentation_is_a_template_or_a_drawing() -> None:
    from arena.words.catalogue import TEMPLATES
    from arena.words.core import DRAWINGS

    named = set().union(*(_phrase_ids(ast.parse(p.read_text(encoding="utf-8"))) for p in _files()))
    assert {"roll_words", "roll_odds", "choice_odds", "band_words", "ww_lands"} <= named
    assert sorted(named - TEMPLATES.keys() - DRAWINGS.keys()) == []


def test_a_view_reads_its_words_through_the_drawings_the_presentation_hands_over() -> None:
    import arena.words  # noqa: F401  (loading the package hands the rules its drawings)
    from arena.rules import phrase
    from arena.words.core import render, render_lines
    from arena.words.odds import label

    assert (phrase.draw, phrase.draw_lines, phrase.draw_label) == (render, render_lines, label)
