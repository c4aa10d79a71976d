"""Where a scenario file wrote its scripts: the lines an entry the fight refuses is named by."""

from __future__ import annotations

from typing import Final

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from arena.content.document import Document
from arena.content.errors import format_key_path
from arena.content.scenario import ScriptLines
from arena.content.yamlnodes import line_of

HIDDEN: Final = "script_lines"
"""The scenario field that holds them; the loader fills it, so a file may not write it."""


def script_lines(node: Node, file: str) -> ScriptLines:
    """The line of each combatant's script, script entry and answer in a scenario's nodes.

    A combatant that writes no ``script:`` gets the line it starts on, for a script that runs
    out on the first decision its ``answers:`` do not cover.

    Args:
        node: The scenario's root node.
        file: The file as errors name it.

    Returns:
        Key paths such as ``combatants[1].script[0]``, each with its line.
    """
    lines: dict[str, int] = {}
    combatants = _value(node, "combatants")
    if not isinstance(combatants, SequenceNode):
        return ScriptLines(file, lines)
    for index, entry in enumerate(combatants.value):
        at = ("combatants", index)
        script = _value(entry, "script")
        lines[format_key_path((*at, "script"))] = line_of(entry if script is None else script)
        if isinstance(script, SequenceNode):
            for position, item in enumerate(script.value):
                lines[format_key_path((*at, "script", position))] = line_of(item)
        answers = _value(entry, "answers")
        if isinstance(answers, MappingNode):
            for key, value in answers.value:
                if isinstance(key, ScalarNode):
                    lines[format_key_path((*at, "answers", str(key.value)))] = line_of(value)
    return ScriptLines(file, lines)


def refuse_hidden(node: Node, doc: Document) -> Node:
    """The scenario's nodes without a ``script_lines:`` key, which is refused as unknown."""
    if not isinstance(node, MappingNode):
        return node
    kept = []
    for key, value in node.value:
        if isinstance(key, ScalarNode) and key.value == HIDDEN:
            doc.error(key, (HIDDEN,), "unknown key")
        else:
            kept.append((key, value))
    if len(kept) == len(node.value):
        return node
    return MappingNode(node.tag, kept, node.start_mark, node.end_mark, node.flow_style)


def _value(node: Node, key: str) -> Node | None:
    """The value of a key in a mapping node, or None if it has none."""
    if isinstance(node, MappingNode):
        for key_node, value in node.value:
            if isinstance(key_node, ScalarNode) and key_node.value == key:
                found: Node = value
                return found
    return None
