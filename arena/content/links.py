"""The second pass over loaded content: cross references, then each definition's checks."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence

from arena.content.document import Built, Document, Ref
from arena.content.errors import Issue, KeyPath, format_key_path, quote
from arena.content.registry import Check, SectionKey, checks_for
from arena.content.yamlnodes import find, line_of

Sections = Mapping[SectionKey, Mapping[str, object]]
"""Every loaded entry: ``(namespace, section)`` → entry id → definition."""


def resolve_refs(
    doc: Document, sections: Sections, broken: Callable[[str, str, str], bool] | None = None
) -> None:
    """Record an issue in ``doc`` for each reference that names no loaded entry.

    Args:
        doc: A built document and the references it collected.
        sections: Every loaded entry.
        broken: Whether ``(namespace, section, id)`` may exist but failed to load; a reference
            to such an entry is not reported, since its own error is.
    """
    for ref in doc.refs:
        target = _target(ref, doc.ruleset)
        if target is None:
            continue
        namespace, _, section = target.partition("/")
        entries = sections.get((namespace, section), {})
        if ref.name in entries or (broken is not None and broken(namespace, section, ref.name)):
            continue
        message = f"no {target} named {quote(ref.name)}"
        near = difflib.get_close_matches(ref.name, list(entries), n=1)
        if near:
            message += f" (did you mean {near[0]!r}?)"
        if ref.default:
            message += "; it is this key's default, so give the key a value"
        doc.issues.append(Issue(doc.path, ref.line, format_key_path(ref.path), message))


ExtraChecks = Sequence[tuple[type, Check]]
"""Checks a caller adds for one load, each with the class it checks (a layer above content
knows things the loader does not, such as the AI's policies)."""


def run_checks(doc: Document, sections: Sections, extra: ExtraChecks = ()) -> None:
    """Run the registered checks on every definition ``doc`` built, recording their issues.

    Args:
        doc: A built document.
        sections: Every loaded entry, for checks that look at other definitions.
        extra: More checks to run, after the registered ones of the same class.
    """
    for built in doc.built:
        report = _Report(doc, built, sections)
        kind = type(built.value)
        for check in (*checks_for(kind), *(c for cls, c in extra if cls is kind)):
            check(built.value, report)


def _target(ref: Ref, ruleset: str | None) -> str | None:
    if "{ruleset}" not in ref.target:
        return ref.target
    # Without a valid ruleset the reference cannot be resolved, and that error is reported.
    return None if ruleset is None else ref.target.replace("{ruleset}", ruleset)


class _Report:
    """Lets a check report issues relative to the value it checks."""

    def __init__(self, doc: Document, built: Built, sections: Sections) -> None:
        self._doc = doc
        self._built = built
        self._sections = sections

    def error(self, message: str, *path: str | int) -> None:
        node = find(self._built.node, path)
        full: KeyPath = (*self._built.path, *path)
        self._doc.issues.append(
            Issue(self._doc.path, line_of(node), format_key_path(full), message)
        )

    def lookup(self, namespace: str, section: str, id: str) -> object | None:
        return self._sections.get((namespace, section), {}).get(id)
