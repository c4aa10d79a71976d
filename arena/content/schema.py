"""Building frozen dataclasses from YAML nodes, driven by their fields and type hints."""

from __future__ import annotations

import collections.abc
import dataclasses
import difflib
import functools
import types
import typing
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from yaml.nodes import MappingNode, Node, SequenceNode

from arena.content.bounds import EMPTY_IS_NONE, NULL_CHECKS_NOTHING, Bound
from arena.content.document import Built, Document, Invalid, Ref
from arena.content.errors import KeyPath
from arena.content.registry import SECTIONS, checks_for
from arena.content.scalars import Mismatch, label, mismatch, read_literal, read_scalar
from arena.content.scenario import ByRuleset
from arena.content.yamlnodes import Pair, describe, line_of, pairs, tag_name

_SCALARS = (int, float, str, bool, type(None))
_MAPPINGS = (collections.abc.Mapping, dict)
_SCALAR_TAGS = ((str, "str"), (int, "int"), (bool, "bool"), (float, "float"))


def build(hint: Any, node: Node, doc: Document, path: KeyPath = ()) -> Any:
    """Build a value of type ``hint`` from a node, recording every problem in ``doc``.

    Args:
        hint: A dataclass, a scalar type, ``Literal``, a union, ``tuple[...]`` or ``Mapping``.
        node: The YAML node.
        doc: Collects issues, references and values to check.
        path: The node's key path.

    Returns:
        The value.

    Raises:
        Invalid: the node does not fit; the reasons are in ``doc.issues``.
        TypeError: ``hint`` is a type this builder does not support (a bug in a definition).
    """
    origin = get_origin(hint)
    if origin is typing.Annotated:
        base, *extras = get_args(hint)
        by_ruleset = next((e for e in extras if isinstance(e, ByRuleset)), None)
        if by_ruleset is not None:
            return _build_by_ruleset(by_ruleset.section, node, doc, path)
        value = build(base, node, doc, path)
        for extra in extras:
            problem = extra.problem(value) if isinstance(extra, Bound) else None
            if problem:
                doc.fail(node, path, problem)
        return value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return build_dataclass(hint, node, doc, path)
    if hint in _SCALARS or origin is Literal:
        try:
            if origin is Literal:
                return read_literal(get_args(hint), node)
            return read_scalar(hint, node)
        except Mismatch as err:
            doc.fail(node, path, str(err))
    if origin in (Union, types.UnionType):
        return _build_union(get_args(hint), node, doc, path)
    if origin is tuple:
        return _build_tuple(get_args(hint), node, doc, path)
    if origin in _MAPPINGS:
        key_hint, value_hint = get_args(hint)
        return _build_mapping(key_hint, value_hint, node, doc, path)
    raise TypeError(f"content definitions cannot use the type {hint!r}")


def build_dataclass(cls: type, node: Node, doc: Document, path: KeyPath, id: str = "") -> Any:
    """Build a dataclass from a mapping node whose keys are its field names.

    Args:
        cls: The dataclass.
        node: The YAML node.
        doc: Collects issues, references and values to check.
        path: The node's key path.
        id: An entry's key; it fills the dataclass's ``id`` field, if it has one.

    Returns:
        The instance.

    Raises:
        Invalid: the node does not fit; the reasons are in ``doc.issues``.
    """
    if not isinstance(node, MappingNode):
        doc.fail(node, path, f"expected a mapping, got {describe(node)}")
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    found, dup_issues = pairs(node, doc.path, path)
    doc.issues.extend(dup_issues)
    given = {pair.key: pair for pair in found}
    values: dict[str, Any] = {}
    if id and "id" in fields:
        values["id"] = id
    ok = _known_keys(given, fields, values, doc, path) and not dup_issues
    hints = _hints(cls)
    for name, spec in fields.items():
        if name in values:
            continue
        if name not in given and _has_default(spec):
            _default_refs(spec, node, doc, (*path, name))
            continue
        if name not in given:
            doc.error(node, (*path, name), "required key is missing")
            ok = False
            continue
        ok = _build_field(spec, hints[name], given[name], doc, (*path, name), values) and ok
    if not ok:
        raise Invalid
    value = cls(**values)
    if checks_for(cls):
        doc.built.append(Built(value, node, path))
    return value


def _known_keys(
    given: dict[str, Pair],
    fields: Mapping[str, dataclasses.Field[Any]],
    values: dict[str, Any],
    doc: Document,
    path: KeyPath,
) -> bool:
    ok = True
    for key, pair in given.items():
        if key in values:
            doc.error(pair.key_node, (*path, key), "the id is the entry's key: remove it")
            ok = False
        elif key not in fields:
            doc.error(pair.key_node, (*path, key), _unknown_key(key, fields))
            ok = False
    return ok


def _build_field(
    spec: dataclasses.Field[Any],
    hint: Any,
    pair: Pair,
    doc: Document,
    path: KeyPath,
    values: dict[str, Any],
) -> bool:
    instead = spec.metadata.get(NULL_CHECKS_NOTHING)
    if instead and _is_null(pair.value):
        doc.error(pair.value, path, f"null checks nothing: {instead}, or leave the key out")
        return False
    try:
        value = build(hint, pair.value, doc, path)
    except Invalid:
        return False
    values[spec.name] = value
    target = spec.metadata.get("ref")
    if target is not None:
        # An empty name is a check's business only where the key takes it as none (a
        # template beside an inline character, say); elsewhere it names nothing, and was
        # let through to end the fight in an internal error when it was looked up.
        listed = not spec.metadata.get(EMPTY_IS_NONE, False)
        _collect_refs(str(target), value, pair.value, doc, path, listed=listed)
    return True


def _collect_refs(
    target: str, value: object, node: Node, doc: Document, path: KeyPath, listed: bool = False
) -> None:
    # In a list of names, or a key that takes no empty name as none, an empty name stands
    # for nothing: it must resolve like any other name, and is refused.
    if isinstance(value, str) and (value or listed):
        doc.refs.append(Ref(line_of(node), path, target, value))
    elif isinstance(value, tuple) and isinstance(node, SequenceNode):
        for index, (item, item_node) in enumerate(zip(value, node.value, strict=True)):
            _collect_refs(target, item, item_node, doc, (*path, index), listed=True)


def _default_refs(spec: dataclasses.Field[Any], node: Node, doc: Document, path: KeyPath) -> None:
    # A default that names another entry must exist too, or the gap shows up mid-fight.
    target = spec.metadata.get("ref")
    default = _default(spec)
    if target is None or default is dataclasses.MISSING:
        return
    names = default if isinstance(default, tuple) else (default,)
    for name in names:
        if isinstance(name, str) and name:
            doc.refs.append(Ref(line_of(node), path, str(target), name, default=True))


def _build_by_ruleset(section: str, node: Node, doc: Document, path: KeyPath) -> Any:
    cls = SECTIONS.get(doc.ruleset or "", section)
    if cls is None:
        doc.fail(node, path, f"give a ruleset first: its {section} decide what this holds")
    return build_dataclass(cls, node, doc, path)


def _build_union(arms: tuple[Any, ...], node: Node, doc: Document, path: KeyPath) -> Any:
    if type(None) in arms and _is_null(node):
        return None
    real = tuple(arm for arm in arms if arm is not type(None))
    if len(real) == 1:
        return build(real[0], node, doc, path)
    for arm in real:
        trial = Document(doc.path, doc.ruleset)
        try:
            value = build(arm, node, trial, path)
        except Invalid:
            continue
        doc.refs.extend(trial.refs)
        doc.built.extend(trial.built)
        return value
    # A mapping or list tried against one structured arm gets that arm's detailed errors, and
    # so does a scalar against the one bounded scalar arm (a face of 11 is out of range) or
    # against the one arm of its own type (text holding a control character is still text).
    fitting = [arm for arm in real if _kind_of(arm) == _describe_kind(node)]
    bounded = len(fitting) == 1 and get_origin(fitting[0]) is Annotated
    own_type = len(fitting) == 1 and _scalar_tag(fitting[0]) == tag_name(node)
    if len(fitting) == 1 and (_kind_of(fitting[0]) != "a scalar" or bounded or own_type):
        return build(fitting[0], node, doc, path)
    doc.fail(node, path, mismatch(" | ".join(_label(arm) for arm in arms), node, arms))


def _build_tuple(args: tuple[Any, ...], node: Node, doc: Document, path: KeyPath) -> Any:
    if not isinstance(node, SequenceNode):
        doc.fail(node, path, f"expected a list, got {describe(node)}")
    items: list[Node] = node.value
    if len(args) == 2 and args[1] is Ellipsis:
        hints = [args[0]] * len(items)
    elif len(args) != len(items):
        doc.fail(node, path, f"expected a list of {len(args)} items, got {len(items)}")
    else:
        hints = list(args)
    values: list[Any] = []
    ok = True
    for index, (hint, item) in enumerate(zip(hints, items, strict=True)):
        try:
            values.append(build(hint, item, doc, (*path, index)))
        except Invalid:
            ok = False
    if not ok:
        raise Invalid
    return tuple(values)


def _build_mapping(key_hint: Any, value_hint: Any, node: Node, doc: Document, path: KeyPath) -> Any:
    if not isinstance(node, MappingNode):
        doc.fail(node, path, f"expected a mapping, got {describe(node)}")
    found, dup_issues = pairs(node, doc.path, path)
    doc.issues.extend(dup_issues)
    result: dict[Any, Any] = {}
    ok = not dup_issues
    for pair in found:
        try:
            key = build(key_hint, pair.key_node, doc, (*path, pair.key))
            result[key] = build(value_hint, pair.value, doc, (*path, pair.key))
        except Invalid:
            ok = False
    if not ok:
        raise Invalid
    return result


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def _has_default(spec: dataclasses.Field[Any]) -> bool:
    return _default(spec) is not dataclasses.MISSING


def _default(spec: dataclasses.Field[Any]) -> Any:
    if spec.default is not dataclasses.MISSING:
        return spec.default
    if spec.default_factory is not dataclasses.MISSING:
        return spec.default_factory()
    return dataclasses.MISSING


def _unknown_key(key: str, fields: collections.abc.Iterable[str]) -> str:
    near = difflib.get_close_matches(key, list(fields), n=1)
    return f"unknown key (did you mean {near[0]!r}?)" if near else "unknown key"


def _is_null(node: Node) -> bool:
    return not isinstance(node, MappingNode | SequenceNode) and node.tag.endswith(":null")


def _describe_kind(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return "a scalar"


def _scalar_tag(hint: Any) -> str:
    """The YAML tag of a plain scalar type (``str`` for str), or empty for any other hint."""
    return next((tag for kind, tag in _SCALAR_TAGS if hint is kind), "")


def _kind_of(hint: Any) -> str:
    origin = get_origin(hint)
    if (isinstance(hint, type) and dataclasses.is_dataclass(hint)) or origin in _MAPPINGS:
        return "a mapping"
    return "a list" if origin is tuple else "a scalar"


def _label(hint: Any) -> str:
    if get_origin(hint) is Annotated:
        hint = get_args(hint)[0]
    origin = get_origin(hint)
    if origin is Literal:
        return " | ".join(repr(choice) for choice in get_args(hint))
    if origin is tuple:
        return "a list"
    if _kind_of(hint) == "a mapping":
        return "a mapping"
    return label(hint)
