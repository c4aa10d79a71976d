"""Reading YAML scalars strictly: exact ints, only true/false, no YAML 1.1 surprises."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import Final

from yaml.nodes import Node, ScalarNode

from arena.content.bounds import INT_DIGITS, SEED_MAX
from arena.content.errors import shorten
from arena.content.yamlnodes import describe, tag_name

_DECIMAL: Final = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_FLOAT: Final = re.compile(r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?")
# Control characters (a tab and a line break are fine in text) and the bidirectional overrides.
# The line and paragraph separators too: a log, a save or a terminal would break the line.
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_TRUE: Final = frozenset({"true", "True", "TRUE"})
_FALSE: Final = frozenset({"false", "False", "FALSE"})
# Tags a plain scalar gets that quoting would turn into text.
_NOT_TEXT: Final = frozenset({"int", "float", "bool", "null", "timestamp"})

Scalar = int | float | str | bool | None


class Mismatch(Exception):
    """A scalar that is not what its field expects; the message says why."""


def read_scalar(kind: type, node: Node) -> Scalar:
    """Read a node as exactly one of ``int``, ``float``, ``str``, ``bool`` or ``NoneType``.

    Args:
        kind: The Python type the field expects.
        node: The YAML node.

    Returns:
        The value.

    Raises:
        Mismatch: the node holds something else, or a form YAML 1.1 reads surprisingly.
    """
    tag = tag_name(node)
    text = str(node.value) if isinstance(node, ScalarNode) else ""
    if isinstance(node, ScalarNode):
        if kind is str and tag == "str":
            return _check_text(text)
        if kind is bool and tag == "bool" and text in _TRUE | _FALSE:
            return text in _TRUE
        if kind is type(None) and tag == "null":
            return None
        if kind is int and tag == "int":
            return _read_int(text)
        if kind is float and tag in ("int", "float") and _FLOAT.fullmatch(text) and len(text) < 40:
            return float(text)
    raise Mismatch(mismatch(label(kind), node, (kind,)))


def read_literal(choices: Sequence[Scalar], node: Node) -> Scalar:
    """Read a node as one of a closed set of values (a ``Literal``).

    Args:
        choices: The allowed values.
        node: The YAML node.

    Returns:
        The matching choice.

    Raises:
        Mismatch: the node is none of them; the message suggests the nearest.
    """
    for choice in choices:
        try:
            value = read_scalar(type(choice), node)
        except Mismatch:
            continue
        if value == choice:
            return choice
    expected = "one of " + ", ".join(repr(choice) for choice in choices)
    message = f"expected {expected}, got {describe(node)}"
    text = str(node.value) if isinstance(node, ScalarNode) else ""
    near = difflib.get_close_matches(text, [str(c) for c in choices], n=1)
    raise Mismatch(message + (f" (did you mean {near[0]!r}?)" if near else ""))


def label(kind: object) -> str:
    """The name of a scalar type in messages."""
    if kind is type(None):
        return "null"
    return getattr(kind, "__name__", str(kind))


def mismatch(expected: str, node: Node, kinds: Sequence[object]) -> str:
    """The message for a node that is not ``expected``, with a hint where YAML 1.1 surprises.

    Args:
        expected: What the field wanted, e.g. ``int`` or ``str | int | bool``.
        node: The YAML node.
        kinds: The scalar types the field accepts, to choose the hint.

    Returns:
        ``expected int, got str '4'`` and, where it helps, how to write it.
    """
    message = f"expected {expected}, got {describe(node)}"
    hint = _hint(node, kinds)
    return f"{message} ({hint})" if hint else message


def _hint(node: Node, kinds: Sequence[object]) -> str:
    if not isinstance(node, ScalarNode) or node.style:
        return ""
    tag, text = tag_name(node), str(node.value)
    if tag == "bool" and text not in _TRUE | _FALSE:
        return f"YAML 1.1 reads {text} as a boolean: write true or false, or quote it as text"
    if tag == "int" and int in kinds:
        return _int_hint(text)
    if tag == "float" and float in kinds:
        return "write a plain decimal number such as 1.5"
    if bool in kinds and tag == "str" and text.lower() in ("y", "n", "yes", "no", "on", "off"):
        return "write true or false"
    if str in kinds and tag in _NOT_TEXT:
        return "quote it to make it text"
    return ""


def _check_text(text: str) -> str:
    """Text from a file, refused if it holds a control character (an escape code, say)."""
    found = _CONTROL.search(text)
    if found and found.group() in "\u2028\u2029":
        code = f"U+{ord(found.group()):04X}"
        raise Mismatch(f"must be one line: remove the line or paragraph break {code}")
    if found:
        shown = repr(found.group())[1:-1]
        raise Mismatch(f"text holds the control character {shown}: remove it")
    return text


def _read_int(text: str) -> int:
    if not _DECIMAL.fullmatch(text):
        hint = _int_hint(text)
        raise Mismatch(f"expected int, got {shorten(text)}" + (f" ({hint})" if hint else ""))
    digits = len(text.lstrip("+-"))
    if digits > INT_DIGITS:
        raise Mismatch(f"a number of {digits} digits is out of range (at most {INT_DIGITS})")
    value = int(text)
    if not -SEED_MAX <= value <= SEED_MAX:
        raise Mismatch(f"{value} is out of range (numbers are 64-bit)")
    return value


def _int_hint(text: str) -> str:
    digits = text.lstrip("+-")
    if "_" in digits:
        return "write the number without underscores"
    if ":" in digits:
        return "YAML 1.1 reads this as a base-60 number; quote it as text"
    if digits.lower().startswith(("0x", "0b")):
        return "write the number in decimal"
    if len(digits) > 1 and digits.startswith("0"):
        return "YAML 1.1 reads a leading 0 as octal; drop the 0, or quote it as text"
    return ""
