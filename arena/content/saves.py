"""Save files: sealed with a digest, written atomically, read strictly as plain machine data."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from arena.content.errors import ContentError, control_in, format_key_path, quote
from arena.content.files import read_file, write_text_atomic
from arena.content.yamlnodes import compose, decode, describe, duplicate_keys, line_of

DIGEST_KEY: Final = "digest"
"""The last key of a save: ``sha256:`` and the hash of everything above it, made canonical."""
KeyPath = tuple[str | int, ...]
"""Where a value is in a save: its keys and indexes from the top, ``("commands", 3, "to")``."""
_DEPTH: Final = 3
_DIGEST: Final = re.compile(r"sha256:[0-9a-f]{64}")


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """The safe dumper (libyaml's where there is one), writing tuples as plain lists."""

    def ignore_aliases(self, data: Any) -> bool:
        """Never write an anchor or alias: a save is plain data, and the reader refuses them."""
        return True


_Dumper.add_representer(tuple, yaml.SafeDumper.represent_list)


def body_digest(data: Mapping[str, Any]) -> str:
    """The digest of a save's body: SHA-256 of its data as sorted-key JSON.

    The same data gives the same digest whatever the YAML layout, so the seal survives
    harmless reformatting but no change of a value, a key or a type (``1``, ``1.0`` and
    ``true`` differ).

    Raises:
        ValueError: the data holds something JSON cannot write (such as NaN).
    """
    plain = {key: value for key, value in data.items() if key != DIGEST_KEY}
    text = json.dumps(
        plain, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False
    )
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def write_yaml_atomic(path: Path, data: Mapping[str, Any]) -> None:
    """Write a save: a mapping as YAML, sealed with its digest, so a crash leaves the old or new.

    Keys keep their order and ``digest`` comes last; the file is written as
    `write_text_atomic` writes it.

    Args:
        path: Where the file goes: a new name or a regular file, in a folder that exists.
        data: Plain data: mappings, lists, tuples, str, int, float, bool, None.

    Raises:
        OSError: the file cannot be written, or ``path`` is a folder, a device, a pipe or a
            socket, or its folder is missing.
        TypeError: ``data`` holds something JSON cannot write.
    """
    body = {key: value for key, value in data.items() if key != DIGEST_KEY}
    sealed = {**body, DIGEST_KEY: body_digest(body)}
    write_text_atomic(path, yaml.dump(sealed, Dumper=_Dumper, sort_keys=False, allow_unicode=True))


def read_yaml_mapping(path: Path) -> dict[str, Any]:
    """Read a save: one mapping of plain data, refused at the first sign it is not arena's.

    Aliases, anchors and tags are refused before anything is built; so are a file that is
    not a regular file of at most 10 MB, duplicate keys, and a ``format`` that is not
    exactly a whole number. The ``digest`` is left in the mapping for `check_digest`.

    Raises:
        ContentError: see `read_save`.
    """
    return _read(path)[0]


def read_save(path: Path) -> tuple[dict[str, Any], dict[KeyPath, int]]:
    """Read a save as `read_yaml_mapping` does, with the line of each of its keys and items.

    The lines are keyed by path: ``("seed",)``, ``("commands", 3)``, ``("commands", 3, "to")``,
    so a message about any value the save holds can name the line it is on.

    Raises:
        ContentError: the file cannot be read, is not UTF-8, not well-formed YAML, holds an
            alias, anchor or tag, has duplicate keys, or is not a mapping (an empty or
            truncated file included).
    """
    data, node = _read(path)
    lines: dict[KeyPath, int] = {}
    _note_lines(node, (), lines)
    return data, lines


def _note_lines(node: Node, at: KeyPath, lines: dict[KeyPath, int]) -> None:
    """Note the line of every key and item below ``node`` (a mapping's keys by their key's line).

    Three levels down at most (a command's field): deeper, nothing arena writes is named.
    """
    if len(at) >= _DEPTH:
        return
    if isinstance(node, MappingNode):
        for key_node, value in node.value:
            if isinstance(key_node, ScalarNode):
                here = (*at, str(key_node.value))
                lines[here] = line_of(key_node)
                _note_lines(value, here, lines)
    elif isinstance(node, SequenceNode):
        for index, item in enumerate(node.value):
            here = (*at, index)
            lines[here] = line_of(item)
            _note_lines(item, here, lines)


def _read(path: Path) -> tuple[dict[str, Any], MappingNode]:
    """The save's mapping, built with the safe constructor only, and its node.

    Args:
        path: The file; errors name it as given.

    Raises:
        ContentError: the file cannot be read, is not UTF-8, not well-formed YAML, holds an
            alias, anchor or tag, has duplicate keys, or is not a mapping (an empty or
            truncated file included).
    """
    shown = str(path)
    node = compose(decode(read_file(path), shown), shown, plain=True)
    if node is None:
        raise ContentError.single(shown, 1, "", "empty file: expected a mapping")
    if not isinstance(node, MappingNode):
        message = f"expected a mapping, got {describe(node)}"
        raise ContentError.single(shown, line_of(node), "", message)
    issues = duplicate_keys(node, shown)
    if issues:
        raise ContentError(issues)
    try:
        data = SafeConstructor().construct_document(node)
    except ConstructorError as err:
        mark = err.problem_mark
        line = mark.line + 1 if mark is not None else 1
        raise ContentError.single(shown, line, "", str(err.problem)) from None
    except ValueError:  # a number of thousands of digits, say
        raise ContentError.single(shown, 0, "", "holds a value out of range") from None
    if not all(isinstance(key, str) for key in data):
        raise ContentError.single(shown, line_of(node), "", "top-level keys must be text")
    if "format" not in data and {"combatants", "ruleset"} <= set(data):
        # Before its text is looked at: a scenario's description may break lines, a save's not.
        message = "a scenario, not a saved fight: arena run plays it"
        raise ContentError.single(shown, 0, "", message)
    _refuse_controls(shown, node, data)
    if "format" in data and type(data["format"]) is not int:  # True and 1.0 are not formats
        message = f"expected a whole number, got {quote(data['format'])}"
        if str(data["format"]).startswith("arena-gauntlet/"):
            message = "a saved gauntlet run, not a fight: arena gauntlet --continue goes on with it"
        raise ContentError.single(shown, _key_line(node, "format"), "format", message)
    return dict(data), node


SCENARIO_KEY: Final = "scenario"
"""The key of a save's scenario, kept whole as YAML text: its lines and tabs are its own."""


def _refuse_controls(shown: str, node: MappingNode, data: dict[str, Any]) -> None:
    """Refuse a save holding a control character in any text, whatever its digest says.

    A name, a reason or a note is shown on the terminal and written into logs: a sealed
    save is only as honest as whoever sealed it.

    Raises:
        ContentError: naming the key and the character.
    """
    for key, value in data.items():
        at, char = control_in(value, (key,), lines=key == SCENARIO_KEY)
        if char:
            message = f"text holds the control character {char}: arena never writes one"
            raise ContentError.single(shown, _key_line(node, key), format_key_path(at), message)


def check_digest(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """The save's body once its digest is found to match it: any edit at all is refused.

    Args:
        path: The file, as errors name it.
        data: What `read_yaml_mapping` read.

    Returns:
        The mapping without its ``digest``.

    Raises:
        ContentError: the digest is missing, malformed, or does not match the body.
    """
    shown = str(path)
    seal = data.get(DIGEST_KEY)
    if seal is None:
        message = "missing: the file was not written by arena, or was cut short"
        raise ContentError.single(shown, 0, DIGEST_KEY, message)
    if not isinstance(seal, str) or not _DIGEST.fullmatch(seal):
        raise ContentError.single(shown, 0, DIGEST_KEY, "expected sha256: and 64 hex digits")
    try:
        matches = body_digest(data) == seal
    except ValueError:
        matches = False
    if not matches:
        message = (
            "does not match the save: it was changed after arena wrote it, or damaged; "
            "a save cannot be edited"
        )
        raise ContentError.single(shown, 0, DIGEST_KEY, message)
    return {key: value for key, value in data.items() if key != DIGEST_KEY}


def _key_line(node: MappingNode, key: str) -> int:
    for key_node, _ in node.value:
        if key_node.value == key:
            return line_of(key_node)
    return line_of(node)
