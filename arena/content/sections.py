"""Section files: each maps section names to entries, in the namespace of its folder."""

from __future__ import annotations

import difflib

from yaml.nodes import MappingNode, Node

from arena.content.document import Document, Invalid
from arena.content.errors import ContentError, Issue, quote
from arena.content.registry import Registry, SectionKey
from arena.content.schema import build_dataclass
from arena.content.yamlnodes import compose, decode, describe, line_of, pairs


class SectionFiles:
    """Builds the entries of section files one file at a time, across a whole content tree."""

    def __init__(self, registry: Registry) -> None:
        self._registry = registry
        self.entries: dict[SectionKey, dict[str, object]] = {key: {} for key in registry.sections()}
        """``(namespace, section)`` → entry id → definition, for every registered section."""
        self._broken: set[tuple[str, str, str]] = set()
        self._unreadable: set[str] = set()
        self._first: dict[tuple[str, str, str], str] = {}

    def load(self, rel: str, data: bytes, shown: str) -> Document:
        """Build the entries of one file into ``entries``.

        Args:
            rel: The file's path relative to the content root, with ``/`` separators.
            data: The file's bytes.
            shown: The file as errors name it.

        Returns:
            The built document; its issues say what went wrong.
        """
        namespace = rel.split("/")[0] if "/" in rel else ""
        doc = Document(shown, ruleset=namespace)
        try:
            node = compose(decode(data, shown), shown)
        except ContentError as err:
            doc.issues.extend(err.issues)
            self._unreadable.add(namespace)
            return doc
        if not namespace:
            folders = ", ".join((*self._registry.namespaces(), "scenarios"))
            doc.issues.append(Issue(shown, 1, "", f"content files go in a folder: {folders}"))
        elif node is None:
            doc.issues.append(Issue(shown, 1, "", "empty file: expected a mapping of sections"))
        elif not isinstance(node, MappingNode):
            message = f"expected a mapping of sections, got {describe(node)}"
            doc.issues.append(Issue(shown, line_of(node), "", message))
        else:
            self._load_sections(namespace, node, doc)
        return doc

    def is_broken(self, namespace: str, section: str, id: str) -> bool:
        """Whether an entry may exist but failed to load: it, or a file of its folder, is broken."""
        return namespace in self._unreadable or (namespace, section, id) in self._broken

    def _load_sections(self, namespace: str, node: MappingNode, doc: Document) -> None:
        found, issues = pairs(node, doc.path, ())
        doc.issues.extend(issues)
        for pair in found:
            cls = self._registry.get(namespace, pair.key)
            if cls is None:
                doc.error(pair.key_node, (pair.key,), self._unknown(namespace, pair.key))
            elif not isinstance(pair.value, MappingNode):
                message = f"expected a mapping of entries by id, got {describe(pair.value)}"
                doc.error(pair.value, (pair.key,), message)
            else:
                self._load_entries((namespace, pair.key), cls, pair.value, doc)

    def _load_entries(self, key: SectionKey, cls: type, node: MappingNode, doc: Document) -> None:
        namespace, section = key
        found, issues = pairs(node, doc.path, (section,))
        doc.issues.extend(issues)
        for pair in found:
            where = (namespace, section, pair.key)
            if where in self._first:
                first = self._first[where]
                message = f"{namespace}/{section} {quote(pair.key)} is already defined in {first}"
                doc.error(pair.key_node, (section, pair.key), message)
                continue
            self._first[where] = f"{doc.path}:{line_of(pair.key_node)}"
            self._build(key, cls, pair.key, pair.value, doc)

    def _build(self, key: SectionKey, cls: type, id: str, node: Node, doc: Document) -> None:
        try:
            self.entries[key][id] = build_dataclass(cls, node, doc, (key[1], id), id=id)
        except Invalid:
            self._broken.add((*key, id))

    def _unknown(self, namespace: str, section: str) -> str:
        known = [s for n, s in self._registry.sections() if n == namespace]
        if not known:
            folders = ", ".join(self._registry.namespaces()) or "none"
            return f"unknown section: no sections are defined for {namespace}/ (folders: {folders})"
        near = difflib.get_close_matches(section, known, n=1)
        hint = f"did you mean {near[0]!r}?" if near else "known: " + ", ".join(known)
        return f"unknown section in {namespace}/ ({hint})"
