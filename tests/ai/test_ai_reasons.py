"""An AI's reason is a phrase of numbers and names: drawn into words only when shown."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

import arena.words.core as core
from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.rules.views import Choice, CombatantView, FightView
from arena.words.ai_templates import TEMPLATES as AI_TEMPLATES
from arena.words.catalogue import TEMPLATES
from arena.words.core import Phrase, render
from arena.words.reasons import names
from tests.test_no_prose_in_ecs import prose

ROOT = Path(__file__).resolve().parent.parent.parent
AI = ROOT / "arena" / "ai"
WORDS_ALLOWED = {"__init__.py", "errors.py", "levels.py"}
"""Modules of `arena.ai` whose words are no reasons: error messages, the levels' summaries."""
REASON_ID = re.compile(r"ai_[a-z_]+")
SCENARIOS = ("werewolf-duel", "werewolf-thugs", "sorcerer-duel", "sorcerer-vs-thugs")


class _Looked(dict[str, str]):
    """The template catalogue, counting the ids a text is drawn from."""

    def __init__(self, templates: dict[str, str], looked: Counter[str]) -> None:
        super().__init__(templates)
        self.looked = looked

    def __getitem__(self, key: str) -> str:
        self.looked[key] += 1
        return super().__getitem__(key)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every reason template drawn and every choice label read, counted while the test runs."""
    looked: Counter[str] = Counter()
    monkeypatch.setattr(core, "TEMPLATES", _Looked(dict(TEMPLATES), looked))
    label = Choice.label

    def counted(choice: Choice) -> str:
        looked["<label>"] += 1
        return label.fget(choice)  # type: ignore[misc]

    monkeypatch.setattr(Choice, "label", property(counted))
    return looked


def _reasons_drawn(looked: Counter[str]) -> dict[str, int]:
    return {k: n for k, n in looked.items() if k == "<label>" or REASON_ID.fullmatch(k)}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_batch_of_ai_fights_draws_no_reason_words(
    catalog: Catalog, drawn: Counter[str], scenario: str
) -> None:
    # As a batch plays (`arena sim`, the forecast): the reasons are given, never shown.
    for seed in range(3):
        with Fight(catalog.scenarios[scenario], catalog, seed=seed) as fight:
            Controllers(fight, watch=True, reasons=False).run()
        assert fight.over
    assert _reasons_drawn(drawn) == {}


def test_a_fight_that_shows_its_reasons_draws_them_from_the_ai_templates(
    catalog: Catalog, drawn: Counter[str]
) -> None:
    # The counting above sees reasons drawn: the same fights, logged, draw every one.
    with Fight(catalog.scenarios["werewolf-thugs"], catalog, seed=0) as fight:
        Controllers(fight, watch=True).run()
        said = [e for e in fight.events if e.kind == "ai_reasoned"]
        assert said
        assert _reasons_drawn(drawn) == {}  # logged, not yet read
        lines = [render(e.text) for e in said]
    assert all("): " in line for line in lines)
    assert sum(n for k, n in _reasons_drawn(drawn).items() if k != "<label>") >= len(said)


def test_a_reason_keeps_its_numbers_as_numbers(catalog: Catalog) -> None:
    with Fight(catalog.scenarios["sorcerer-vs-thugs"], catalog, seed=1) as fight:
        Controllers(fight, watch=True).run()
        reasons = [r for r in fight.reasons if isinstance(r, Phrase)]
    assert reasons
    assert all(REASON_ID.fullmatch(r.template) for r in reasons)
    numbers = [a for r in reasons for a in r.args if isinstance(a, float)]
    assert numbers  # the harm a thug expects is a float in its reason, not text
    assert not any(isinstance(r, str) and r for r in fight.reasons)


def _parts(text: object) -> list[object]:
    """Every value a reason holds, its phrases' and drawn texts' args all the way down."""
    found = [text]
    args = getattr(text, "args", None)
    for arg in args if isinstance(args, tuple) else ():
        found += _parts(arg)
        if isinstance(arg, tuple):
            for item in arg:
                found += _parts(item)
    return found


def test_a_reason_holds_names_not_the_views_it_read(catalog: Catalog) -> None:
    # A view in a reason would keep every older view its own reason holds, fight-long.
    held: list[object] = []
    for scenario in ("werewolf-thugs", "sorcerer-vs-thugs", "werewolf-ai-pack"):
        for seed in range(4):
            with Fight(catalog.scenarios[scenario], catalog, seed=seed) as fight:
                Controllers(fight, watch=True).run()
                held += [p for r in fight.reasons for p in _parts(r)]
    assert any(getattr(p, "words", None) is names for p in held)  # lists of names were given
    assert not [p for p in held if isinstance(p, CombatantView | FightView)]


def _ai_modules() -> list[Path]:
    return sorted(AI.rglob("*.py"))


def _said(tree: ast.AST) -> list[tuple[int, ast.expr]]:
    """(line, reason) of every reason given: ``picked(choice, why, ...)``, ``Pick(cmd, why)``,
    ``Phrase(why, ...)``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            at = {"picked": 1, "Pick": 1, "Phrase": 0}.get(node.func.id)
            if at is not None and len(node.args) > at:
                found.append((node.lineno, node.args[at]))
    return found


@pytest.mark.parametrize("path", _ai_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_policy_builds_a_reason_in_words(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    worded = []
    for line, why in _said(tree):
        if isinstance(why, ast.JoinedStr | ast.BinOp):
            worded.append((line, ast.unparse(why)))
        elif isinstance(why, ast.Constant) and not (
            isinstance(why.value, str) and why.value in AI_TEMPLATES
        ):
            worded.append((line, repr(why.value)))
    assert worded == []


@pytest.mark.parametrize(
    "path",
    [p for p in _ai_modules() if p.name not in WORDS_ALLOWED or p.parent != AI],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_policy_module_holds_prose(path: Path) -> None:
    # The registry's one-line summaries and a failed assertion's message are no reasons.
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    allowed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("Entry", "_entry")
        ):
            allowed.update(_texts(node))
    found = [(line, text) for line, text in prose(source) if text not in allowed]
    assert found == []


def _texts(node: ast.AST) -> set[str]:
    """The literal words within a node, as the prose scan reads them (an f-string's joined)."""
    found = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            found.add(n.value)
        elif isinstance(n, ast.JoinedStr):
            found.add("".join(v.value for v in n.values if isinstance(v, ast.Constant)))
    return found


def test_the_reason_scans_find_a_sentence_given_as_a_reason() -> None:
    source = (
        "def f(view, choice, who):\n"
        '    a = picked(choice, f"attacks {who}: the nearest")\n'
        '    b = picked(choice, "ai_attacks_nearest", who)\n'
        '    c = Pick(choice.command, "flees: " + who)\n'
        '    d = Phrase("runs away")\n'
        "    e = picked(choice, why)\n"
    )
    found = [(line, type(why).__name__) for line, why in _said(ast.parse(source))]
    assert found == [(2, "JoinedStr"), (3, "Constant"), (4, "BinOp"), (5, "Constant"), (6, "Name")]
    assert "ai_attacks_nearest" in AI_TEMPLATES
    assert "runs away" not in AI_TEMPLATES


def test_every_reason_template_is_an_ai_id() -> None:
    assert [k for k in AI_TEMPLATES if not REASON_ID.fullmatch(k)] == []
    assert all(TEMPLATES[k] == v for k, v in AI_TEMPLATES.items())
