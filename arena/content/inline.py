"""What a scenario file writes inline: its ruleset read first, and a map written in place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from arena.content.document import Document
from arena.content.scenario import INLINE_MAP, ScenarioDef

_HIDDEN = "inline_map"
"""The field that holds an inline map; a file writes the map under ``map:`` instead."""
_GENERATED = "generated_map"
"""The field that holds ``map: {generate: ...}``; a file writes it under ``map:`` too."""


def prepare(node: Node, doc: Document) -> Node:
    """Read the ruleset ahead, and move an inline map to the field that holds it.

    Inline characters are built as the ruleset's content; ``map:`` keeps the id `INLINE_MAP`.

    Args:
        node: The scenario's root node.
        doc: Where problems go; its ``ruleset`` is set when the file names a known one.

    Returns:
        The node to build the scenario from (the same node when nothing is inline).
    """
    if not isinstance(node, MappingNode):
        return node
    value = _value(node, "ruleset")
    if isinstance(value, ScalarNode) and value.value in ("werewolf", "sorcerer"):
        doc.ruleset = value.value
    for key, _ in node.value:
        if isinstance(key, ScalarNode) and key.value in (_HIDDEN, _GENERATED):
            doc.error(key, (key.value,), "unknown key (write a map inline under 'map')")
    combatants = _value(node, "combatants")
    if isinstance(combatants, SequenceNode):
        for entry in combatants.value:
            _template_for_inline(entry)
    map_node = _value(node, "map")
    if not isinstance(map_node, MappingNode):
        return node
    hidden = _GENERATED if _value(map_node, "generate") is not None else _HIDDEN
    pairs = []
    for key, item in node.value:
        if isinstance(key, ScalarNode) and key.value == "map":
            stand_in = ScalarNode(
                "tag:yaml.org,2002:str", INLINE_MAP, item.start_mark, item.end_mark
            )
            pairs.append((key, stand_in))
            pairs.append((ScalarNode("tag:yaml.org,2002:str", hidden, key.start_mark), item))
        else:
            pairs.append((key, item))
    return MappingNode(node.tag, pairs, node.start_mark, node.end_mark, node.flow_style)


def sections_with_map(
    scenario: ScenarioDef | None, sections: Mapping[tuple[str, str], Mapping[str, object]]
) -> Mapping[tuple[str, str], Mapping[str, object]]:
    """The sections a scenario's names resolve against: with its inline map, if it has one."""
    if scenario is not None and scenario.inline_map is None:
        return sections
    # A scenario that failed to build may still have named its inline map: that is no error.
    held = None if scenario is None else scenario.inline_map
    # A generated map is named for itself, but the file's reference reads `INLINE_MAP`.
    named = {} if scenario is None else {scenario.map: held}
    maps = {**sections.get(("arenas", "maps"), {}), INLINE_MAP: held, **named}
    return {**sections, ("arenas", "maps"): maps}


def keyed_path(issues_path: str) -> str:
    """A key path as a file writes it: an inline or generated map's keys are under ``map``."""
    for hidden in (_HIDDEN, _GENERATED):
        if issues_path.startswith(hidden):
            return "map" + issues_path[len(hidden) :]
    return issues_path


def generated_map_node(node: Node) -> Node | None:
    """The node a file wrote ``map: {generate: ...}`` as, once `prepare` has moved it."""
    return _value(node, _GENERATED) if isinstance(node, MappingNode) else None


def _template_for_inline(entry: Node) -> None:
    """A combatant with an inline character names no template: the template is empty."""
    if not isinstance(entry, MappingNode) or _value(entry, "character") is None:
        return
    if _value(entry, "template") is None:
        mark = entry.start_mark
        entry.value.append((_text("template", mark), _text("", mark)))


def value_of(node: Node | None, name: str) -> Node | None:
    """The value of a key of a mapping node, or None."""
    return _value(node, name) if isinstance(node, MappingNode) else None


def _text(value: str, mark: Any) -> ScalarNode:
    return ScalarNode("tag:yaml.org,2002:str", value, mark, mark)


def _value(node: MappingNode, name: str) -> Node | None:
    for key, item in node.value:
        if isinstance(key, ScalarNode) and key.value == name:
            found: Node = item
            return found
    return None
