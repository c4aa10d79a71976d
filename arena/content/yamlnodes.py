"""Composing YAML into nodes (never objects) and walking them with their line numbers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from arena.content.errors import (
    ContentError,
    Issue,
    KeyPath,
    format_key_path,
    quote,
    shorten,
)

# The C loader is ~7x faster; composing constructs nothing, so either is safe.
_LOADER: Final = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG_PREFIX: Final = "tag:yaml.org,2002:"
KEY_MAX: Final = 80
"""The longest key (and entry id) a file may use."""
MAX_DEPTH: Final = 64
"""The deepest nesting of mappings and lists a file may have."""
MAX_EVENTS: Final = 500_000
"""The most values (scalars, lists, mappings, aliases) a file may write out."""
MAX_VALUES: Final = 1_000_000
"""The most values a file may hold once its aliases are expanded."""


def decode(data: bytes, path: str) -> str:
    """Decode a content file as UTF-8.

    Args:
        data: The file's bytes.
        path: The file as it should be shown in errors.

    Returns:
        The text.

    Raises:
        ContentError: the bytes are not UTF-8.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise ContentError.single(path, line, "", "not UTF-8 text") from None


def compose(text: str, path: str, *, plain: bool = False) -> Node | None:
    """Parse one YAML document into nodes that carry their line numbers.

    A first pass over the parser's events refuses, before any node is built, a document
    nested deeper than `MAX_DEPTH` or holding more than `MAX_EVENTS` values, and with
    ``plain`` any alias, anchor or tag; aliases may not expand it beyond `MAX_VALUES` values.

    Args:
        text: The YAML text.
        path: The file as it should be shown in errors.
        plain: Refuse aliases, anchors and tags (for machine-written files such as saves).

    Returns:
        The document's root node, or None for an empty document.

    Raises:
        ContentError: the text is not well-formed YAML, holds several documents, or breaks
            one of the limits above.
    """
    try:
        aliased = _prescan(text, path, plain)
        node: Node | None = yaml.compose(text, Loader=_LOADER)
    except yaml.reader.ReaderError as err:
        # Its own message spans two lines and counts bytes or characters, whichever reader
        # ran. Given a str, it names a code point; its first use is where the reader stopped.
        code: int = err.character
        line = text.count("\n", 0, max(text.find(chr(code)), 0)) + 1
        message = f"malformed YAML: the character U+{code:04X} is not allowed"
        raise ContentError.single(path, line, "", message) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = err.problem or err.context or "unreadable"
        raise ContentError.single(path, line, "", f"malformed YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise ContentError.single(path, 1, "", f"malformed YAML: {err}") from None
    if node is not None and aliased:
        # Without an alias, every value is written out: the count above already bounds them.
        _check_expansion(node, path)
    return node


def _prescan(text: str, path: str, plain: bool) -> bool:
    """Refuse a document too deep, too long or (``plain``) not plain; True if it has aliases."""
    depth = count = 0
    aliased = False
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if not isinstance(event, yaml.NodeEvent):
            continue
        line = int(event.start_mark.line) + 1 if event.start_mark is not None else 1
        if plain and isinstance(event, yaml.AliasEvent):
            raise ContentError.single(path, line, "", "an alias (*name): not in a saved file")
        if plain and event.anchor is not None:
            raise ContentError.single(path, line, "", "an anchor (&name): not in a saved file")
        if plain and getattr(event, "tag", None) is not None:
            raise ContentError.single(path, line, "", "a tag (!name): not in a saved file")
        aliased = aliased or isinstance(event, yaml.AliasEvent)
        count += 1
        if count > MAX_EVENTS:
            raise ContentError.single(path, line, "", f"holds more than {MAX_EVENTS:,} values")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                message = f"nested more than {MAX_DEPTH} levels deep"
                raise ContentError.single(path, line, "", message)
    return aliased


def _check_expansion(root: Node, path: str) -> None:
    """Refuse aliases that expand a document beyond `MAX_VALUES`, counting each node once.

    An alias inside the value it names makes that value hold itself: it is refused too, as
    expanding it would never end.
    """
    sizes: dict[int, int] = {}
    open_: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        children = _children(node)
        if done:
            open_.discard(id(node))
            sizes[id(node)] = 1 + sum(sizes[id(child)] for child in children)
            if sizes[id(node)] > MAX_VALUES:
                message = f"holds more than {MAX_VALUES:,} values once its aliases are expanded"
                raise ContentError.single(path, line_of(node), "", message)
        elif id(node) in open_:
            # Depth first, so everything visited while a node is open lies inside it.
            message = "an alias (*name) inside the value it names: that value would hold itself"
            raise ContentError.single(path, line_of(node), "", message)
        elif id(node) not in sizes:
            open_.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in sizes)


def _children(node: Node) -> list[Node]:
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, SequenceNode):
        return list(node.value)
    return []


def line_of(node: Node) -> int:
    """The 1-based line where a node starts."""
    return int(node.start_mark.line) + 1


def tag_name(node: Node) -> str:
    """A node's tag without the standard prefix: ``int``, ``str``, ``bool``, ``null``..."""
    tag = str(node.tag)
    return tag.removeprefix(_TAG_PREFIX)


def describe(node: Node) -> str:
    """Say what a node holds, for messages: ``str '4'``, ``int 010``, ``bool yes``, ``a list``."""
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    name = tag_name(node)
    if name == "null":
        return "null" if node.value else "nothing (null)"
    if name == "str":
        return f"str {quote(node.value)}"
    if name == "bool" and node.value.lower() not in ("true", "false"):
        return str(node.value)  # yes, no, on, off: the hint explains what YAML 1.1 did
    name = name if len(name) <= 40 else name[:37] + "..."  # a tag is any text
    text = str(node.value)
    return f"{name} {shorten(text)}"


@dataclass(frozen=True, slots=True)
class Pair:
    """One key and its value in a mapping node."""

    key: str
    """The key's text."""
    key_node: Node
    value: Node


def pairs(node: MappingNode, path: str, at: KeyPath) -> tuple[tuple[Pair, ...], list[Issue]]:
    """The key/value pairs of a mapping, keeping the first of duplicate keys.

    Args:
        node: A mapping node.
        path: The file as it should be shown in errors.
        at: The mapping's key path.

    Returns:
        The pairs in file order, and an issue for each duplicate or non-scalar key.
    """
    kept: dict[str, Pair] = {}
    issues: list[Issue] = []
    for key_node, value in node.value:
        if not isinstance(key_node, ScalarNode):
            where = format_key_path(at)
            issues.append(Issue(path, line_of(key_node), where, "keys must be plain text"))
            continue
        key = str(key_node.value)
        if not key.isprintable() or len(key) > KEY_MAX:
            where = format_key_path(at)
            message = f"a key is printable text of at most {KEY_MAX} characters, got {quote(key)}"
            issues.append(Issue(path, line_of(key_node), where, message))
            continue
        first = kept.get(key)
        if first is not None:
            message = f"duplicate key {quote(key)} (first on line {line_of(first.key_node)})"
            issues.append(Issue(path, line_of(key_node), format_key_path((*at, key)), message))
            continue
        kept[key] = Pair(key, key_node, value)
    return tuple(kept.values()), issues


def duplicate_keys(node: Node, path: str, at: KeyPath = ()) -> list[Issue]:
    """Every duplicate or non-scalar key anywhere under a node.

    Args:
        node: The node to walk.
        path: The file as it should be shown in errors.
        at: The node's key path.

    Returns:
        One issue per duplicate, in file order.
    """
    issues: list[Issue] = []
    if isinstance(node, MappingNode):
        found, issues = pairs(node, path, at)
        for pair in found:
            issues.extend(duplicate_keys(pair.value, path, (*at, pair.key)))
    elif isinstance(node, SequenceNode):
        for index, item in enumerate(node.value):
            issues.extend(duplicate_keys(item, path, (*at, index)))
    return issues


def find(node: Node, path: Sequence[str | int]) -> Node:
    """The node at a key path under ``node``, or the deepest one that exists on the way.

    Args:
        node: Where to start.
        path: Mapping keys and sequence indexes.

    Returns:
        The node found.
    """
    for part in path:
        if isinstance(node, MappingNode) and isinstance(part, str):
            match = [(k, v) for k, v in node.value if isinstance(k, ScalarNode) and k.value == part]
            if not match:
                return node
            node = match[0][1]
        elif isinstance(node, SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
        else:
            return node
    return node
