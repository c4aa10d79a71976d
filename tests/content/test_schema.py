"""The generic constructor: dataclasses built strictly from YAML nodes by their type hints."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import pytest

from arena.content.document import Document, Invalid
from arena.content.schema import build, build_dataclass
from arena.content.yamlnodes import compose


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    name: str
    weight: float = 1.0
    tags: tuple[str, ...] = ()
    size: tuple[int, int] = (1, 1)
    stats: Mapping[str, int] = field(default_factory=dict)
    where: Point | None = None
    kind: Literal["tool", "weapon"] = "tool"
    note: Annotated[str, "free text"] = ""


def _build(hint: Any, text: str) -> Any:
    node = compose(text, "t.yaml")
    assert node is not None
    doc = Document("t.yaml")
    value = build(hint, node, doc)
    assert doc.issues == []
    return value


def _issues(hint: Any, text: str) -> list[tuple[int, str, str]]:
    node = compose(text, "t.yaml")
    assert node is not None
    doc = Document("t.yaml")
    with pytest.raises(Invalid):
        build(hint, node, doc)
    return [(issue.line, issue.key, issue.message) for issue in doc.issues]


@pytest.mark.parametrize(
    ("hint", "text", "expected"),
    [
        (int, "5", 5),  # a plain decimal int
        (int, "-3", -3),  # negative
        (int, "0", 0),  # zero is not octal
        (float, "1.5", 1.5),  # a float
        (float, "2", 2.0),  # an int where a float is wanted
        (bool, "true", True),  # the YAML 1.2 booleans
        (bool, "false", False),
        (str, "hello", "hello"),  # plain text
        (str, "'010'", "010"),  # quoted, a number-like text stays text
        (str, "'yes'", "yes"),  # quoted, a YAML 1.1 boolean stays text
        (Literal["tool", "weapon"], "weapon", "weapon"),  # one of a closed set
        (int | None, "null", None),  # null where None is allowed
        (int | None, "~", None),  # the other spelling of null
        (int | None, "4", 4),  # the other arm
        (tuple[int, ...], "[1, 2]", (1, 2)),  # a list becomes a tuple
        (tuple[int, ...], "[]", ()),  # an empty one
        (tuple[int, int], "[3, 4]", (3, 4)),  # a fixed-length tuple
        (Mapping[str, int], "{a: 1, b: 2}", {"a": 1, "b": 2}),  # a mapping, as a plain dict
        (str | int | bool, "7", 7),  # a union tries its arms in order
        (str | int | bool, "x", "x"),
        (str | int | bool, "true", True),
        (Point, "{x: 1}", Point(1, 0)),  # a dataclass with a default left out
        (Point | None, "{x: 1, y: 2}", Point(1, 2)),  # an optional dataclass
        (tuple[Point, ...], "[{x: 1}, {x: 2, y: 3}]", (Point(1), Point(2, 3))),  # nested
        (Annotated[int, "a note"], "4", 4),  # Annotated is looked through
    ],
)
def test_build_accepts(hint: Any, text: str, expected: object) -> None:
    value = _build(hint, text)
    assert value == expected
    assert type(value) is type(expected)


@pytest.mark.parametrize(
    ("hint", "text", "issues"),
    [
        # text is not an int
        (int, "'4'", [(1, "", "expected int, got str '4'")]),
        # a bool is not an int
        (int, "true", [(1, "", "expected int, got bool true")]),
        # YAML 1.1 base 60
        (int, "1:30", [(1, "", "expected int, got 1:30 (YAML 1.1 reads this as a base-60 "
                                 "number; quote it as text)")]),
        # a float is not an int
        (int, "1.5", [(1, "", "expected int, got float 1.5")]),
        # infinity is no decimal number
        (float, ".inf", [(1, "", "expected float, got float .inf (write a plain decimal number "
                                 "such as 1.5)")]),
        # YAML 1.1 on/off are refused as bools
        (bool, "on", [(1, "", "expected bool, got on (YAML 1.1 reads on as a boolean: write "
                              "true or false, or quote it as text)")]),
        (bool, "off", [(1, "", "expected bool, got off (YAML 1.1 reads off as a boolean: write "
                               "true or false, or quote it as text)")]),
        # n is text to PyYAML, and still not a bool
        (bool, "n", [(1, "", "expected bool, got str 'n' (write true or false)")]),
        # 1 is not true
        (bool, "1", [(1, "", "expected bool, got int 1")]),
        # a number where text is wanted
        (str, "010", [(1, "", "expected str, got int 010 (quote it to make it text)")]),
        # YAML 1.1 no where text is wanted
        (str, "no", [(1, "", "expected str, got no (YAML 1.1 reads no as a boolean: write true "
                             "or false, or quote it as text)")]),
        # a date where text is wanted
        (str, "2001-12-14", [(1, "", "expected str, got timestamp 2001-12-14 (quote it to make "
                                     "it text)")]),
        # null where text is wanted
        (str, "null", [(1, "", "expected str, got null (quote it to make it text)")]),
        # a list where text is wanted
        (str, "[a]", [(1, "", "expected str, got a list")]),
        # a closed set suggests the nearest
        (Literal["tool", "weapon"], "Tool",
         [(1, "", "expected one of 'tool', 'weapon', got str 'Tool' (did you mean 'tool'?)")]),
        # a fixed tuple counts its items
        (tuple[int, int], "[1]", [(1, "", "expected a list of 2 items, got 1")]),
        # a mapping is not a list
        (tuple[int, ...], "{a: 1}", [(1, "", "expected a list, got a mapping")]),
        # each bad item is named by its index; the good ones pass
        (tuple[int, ...], "[1, x, 3, 'y']",
         [(1, "[1]", "expected int, got str 'x'"), (1, "[3]", "expected int, got str 'y'")]),
        # a duplicate key in a mapping names both lines
        (Mapping[str, int], "a: 1\nb: 2\na: 3\n",
         [(3, "a", "duplicate key 'a' (first on line 1)")]),
        # mapping keys are typed too
        (Mapping[str, int], "{1: 2}",
         [(1, "1", "expected str, got int 1 (quote it to make it text)")]),
        # an unknown field suggests the nearest
        (Point, "x: 1\nyy: 2\n", [(2, "yy", "unknown key (did you mean 'y'?)")]),
        # a missing field is named, at the mapping's line
        (Point, "y: 1\n", [(1, "x", "required key is missing")]),
        # a dataclass needs a mapping
        (Point, "5", [(1, "", "expected a mapping, got int 5")]),
        # inside an optional dataclass the errors are the dataclass's own
        (Point | None, "{x: '1'}", [(1, "x", "expected int, got str '1'")]),
        # a scalar union names all its arms
        (str | int, "[1]", [(1, "", "expected str | int, got a list")]),
        # text in a union of text and a mapping is refused for what it holds, not as no text
        (str | Mapping[str, str], '"\\e[31m"',
         [(1, "", "text holds the control character \\x1b: remove it")]),
        # so is a whole number too big for the one arm of whole numbers
        (int | Point, "1" + "0" * 25,
         [(1, "", "a number of 26 digits is out of range (at most 20)")]),
        # nested dataclasses in a list get full key paths
        (tuple[Point, ...], "- {x: 1}\n- {x: 2, y: no}\n",
         [(2, "[1].y", "expected int, got no (YAML 1.1 reads no as a boolean: write true or "
                       "false, or quote it as text)")]),
    ],
)  # fmt: skip
def test_build_refuses(hint: Any, text: str, issues: list[tuple[int, str, str]]) -> None:
    assert _issues(hint, text) == issues


def test_entry_id_comes_from_its_key() -> None:
    node = compose("name: Saw\ntags: [sharp]\nwhere: {x: 2}\nstats: {edge: 3}\n", "t.yaml")
    assert node is not None
    doc = Document("t.yaml")
    value = build_dataclass(Item, node, doc, ("items", "saw"), id="saw")
    assert value == Item("saw", "Saw", tags=("sharp",), where=Point(2), stats={"edge": 3})
    assert doc.issues == []


def test_entry_may_not_repeat_its_id() -> None:
    node = compose("id: saw\nname: Saw\n", "t.yaml")
    assert node is not None
    doc = Document("t.yaml")
    with pytest.raises(Invalid):
        build_dataclass(Item, node, doc, ("items", "saw"), id="saw")
    assert [(i.line, i.key, i.message) for i in doc.issues] == [
        (1, "items.saw.id", "the id is the entry's key: remove it")
    ]


def test_unsupported_hint_is_a_bug_not_a_content_error() -> None:
    node = compose("[1]", "t.yaml")
    assert node is not None
    with pytest.raises(TypeError, match="cannot use the type"):
        build(list[int], node, Document("t.yaml"))
