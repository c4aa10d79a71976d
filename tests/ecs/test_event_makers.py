"""Each ruleset's event maker: its options are plain parameters, named by every caller."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import arena
from arena.ecs.sorcerer.queries import event as sorcerer_event
from arena.ecs.werewolf.steps import event as werewolf_event


@pytest.mark.parametrize("maker", [sorcerer_event, werewolf_event], ids=["sorcerer", "werewolf"])
def test_the_event_maker_takes_no_keyword_only_argument(maker: Callable[..., Any]) -> None:
    # A keyword-only default is looked up by name at every call, and a fight makes about a
    # hundred events: the options are plain parameters with defaults instead.
    params = inspect.signature(maker).parameters.values()
    assert [p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY] == []
    assert [p.name for p in params if p.default is inspect.Parameter.empty] == [
        "ctx",
        "kind",
        "step",
        "text",
    ]


def test_no_caller_passes_an_event_option_by_position() -> None:
    # Not keyword-only any more, the options stay named at every call: a fifth positional
    # argument would silently land in `why`.
    root = Path(arena.__file__).parent
    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and len(node.args) > 4:
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name == "event":
                    found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert found == []
