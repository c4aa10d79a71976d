"""Reading and writing YAML mappings for saves: atomic writes, strict reads."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode

from arena.content.errors import ContentError
from arena.content.yamlnodes import compose, decode, describe, duplicate_keys, line_of


class _Dumper(yaml.SafeDumper):
    """The safe dumper, writing tuples (which frozen values hold) as plain lists."""


_Dumper.add_representer(tuple, yaml.SafeDumper.represent_list)


def write_yaml_atomic(path: Path, data: Mapping[str, Any]) -> None:
    """Write a mapping as YAML so that a crash leaves either the old file or the new one.

    Keys keep their order. The text goes to a temporary file in the same folder, is flushed
    to disk, then replaces ``path`` in one step.

    Args:
        path: Where the file goes; its folder must exist.
        data: Plain data: mappings, lists, tuples, str, int, float, bool, None.

    Raises:
        yaml.representer.RepresenterError: ``data`` holds something YAML cannot represent.
        OSError: the file cannot be written.
    """
    text = yaml.dump(dict(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def read_yaml_mapping(path: Path) -> dict[str, Any]:
    """Read a YAML file that must hold one mapping, such as a save.

    Args:
        path: The file; errors name it as given.

    Returns:
        The mapping, built with the safe constructor only.

    Raises:
        ContentError: the file is not UTF-8, not well-formed YAML, has duplicate keys, or is
            not a mapping (an empty or truncated file included).
        OSError: the file cannot be read.
    """
    shown = str(path)
    node = compose(decode(path.read_bytes(), shown), shown)
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
    if not all(isinstance(key, str) for key in data):
        raise ContentError.single(shown, line_of(node), "", "top-level keys must be text")
    return dict(data)
