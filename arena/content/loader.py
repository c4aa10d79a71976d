"""Loading the content tree into a frozen Catalog, and single scenario files against it."""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import importlib
import importlib.resources
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, TypeVar, overload

import yaml

import arena
from arena.content import inline
from arena.content import registry as section_registry
from arena.content.arenas import check_map
from arena.content.document import Document, Invalid
from arena.content.errors import ContentError, Issue, NotInCatalog, quote
from arena.content.files import read_file
from arena.content.links import ExtraChecks, resolve_refs, run_checks
from arena.content.mapgen.seat import SeatError, on_generated_map
from arena.content.maps import MapDef
from arena.content.registry import Registry, SectionKey, register_check, register_section
from arena.content.scenario import ScenarioDef
from arena.content.scenario_checks import check_scenario
from arena.content.schema import build_dataclass
from arena.content.script_lines import refuse_hidden, script_lines
from arena.content.sections import SectionFiles
from arena.content.yamlnodes import compose, decode

T = TypeVar("T")

INSTALLED_CONTENT: Final = "data"
"""Where a built package keeps the content folder, inside the ``arena`` package."""
SECTION_MODULES: Final = (
    "arena.content.werewolf",
    "arena.content.sorcerer",
    "arena.content.gauntlet",
)
"""Modules that register their rulesets' sections when imported; absent ones are skipped."""

register_section("arenas", "maps", MapDef)
register_check(MapDef, check_map)
register_check(ScenarioDef, check_scenario)


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every definition of a content tree, loaded and checked."""

    sections: Mapping[SectionKey, Mapping[str, object]]
    """``(namespace, section)`` → entry id → definition; every registered section is present."""
    scenarios: Mapping[str, ScenarioDef]
    """Scenario name (its file's stem) → scenario."""
    scenario_files: Mapping[str, Path]
    """Scenario name → the file it came from."""
    digest: str
    """SHA-256 over the sorted relative paths and bytes of every content file."""
    files: tuple[str, ...] = field(default=())
    """Every content file, relative to the root, sorted."""

    @overload
    def get(self, namespace: str, section: str, id: str) -> object: ...
    @overload
    def get(self, namespace: str, section: str, id: str, kind: type[T]) -> T: ...
    def get(self, namespace: str, section: str, id: str, kind: type[T] | None = None) -> object:
        """One definition, optionally checked to be of class ``kind``.

        Raises:
            NotInCatalog: no such section or entry; the message suggests the nearest name.
            TypeError: the entry is not a ``kind``.
        """
        entries = self.section(namespace, section)
        if id not in entries:
            raise NotInCatalog(_missing(f"{namespace}/{section}", id, entries))
        value = entries[id]
        if kind is not None and not isinstance(value, kind):
            raise TypeError(f"{namespace}/{section} {id!r} is a {type(value).__name__}")
        return value

    def section(self, namespace: str, section: str) -> Mapping[str, object]:
        """Every entry of one section, by id.

        Raises:
            NotInCatalog: no such section is registered.
        """
        key = (namespace, section)
        if key not in self.sections:
            names = {f"{n}/{s}": None for n, s in self.sections}
            raise NotInCatalog(_missing("section", f"{namespace}/{section}", names))
        return self.sections[key]

    def scenario(self, name: str) -> ScenarioDef:
        """One scenario by name.

        Raises:
            NotInCatalog: no such scenario; the message suggests the nearest name.
        """
        if name not in self.scenarios:
            raise NotInCatalog(_missing("scenario", name, self.scenarios))
        return self.scenarios[name]


def default_content_root() -> Path:
    """The content folder: ``$ARENA_CONTENT`` if set, else the shipped content."""
    override = os.environ.get("ARENA_CONTENT")
    if override:
        return Path(override)
    return shipped_content_root()


def shipped_content_root() -> Path:
    """The content that came with arena: in the installed package, or beside it in a checkout.

    A built wheel carries the project's ``content/`` folder as ``arena/data``; a checkout (or an
    editable install) has it at the top of the project.
    """
    installed = importlib.resources.files(arena) / INSTALLED_CONTENT
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    return Path(arena.__file__).resolve().parent.parent / "content"


def is_checkout() -> bool:
    """True when arena runs from a project checkout (its content beside the package)."""
    package = Path(arena.__file__).resolve().parent
    return not (package / INSTALLED_CONTENT).is_dir() and (package.parent / "content").is_dir()


def default_registry() -> Registry:
    """The default registry, after importing every ruleset module that registers sections."""
    for name in SECTION_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise  # the module exists but imports something missing: a real bug
    return section_registry.SECTIONS


def load_catalog(
    root: Path, *, registry: Registry | None = None, checks: ExtraChecks = ()
) -> Catalog:
    """Load and check every ``*.yaml`` under ``root``.

    Files under ``root/scenarios/`` hold one scenario each; every other file maps section
    names to entries, in the namespace of its first folder.

    Args:
        root: The content folder.
        registry: Which dataclass each section is built as; the default registry if None.
        checks: More checks to run on the definitions of one class, after the registered ones.

    Returns:
        The whole catalog.

    Raises:
        ContentError: anything is wrong anywhere; every problem found is listed.
    """
    if not root.is_dir():
        raise ContentError((Issue(str(root), 0, "", "no such content folder"),))
    reg = registry if registry is not None else default_registry()
    found, issues = _walk(root)
    files = sorted((p.relative_to(root).as_posix(), p) for p in found if p.name.endswith(".yaml"))
    digest = hashlib.sha256()
    tree = SectionFiles(reg)
    scenarios: dict[str, ScenarioDef] = {}
    scenario_files: dict[str, Path] = {}
    docs: list[tuple[Document, ScenarioDef | None]] = []
    issues += [_misnamed(path, root) for path in sorted(found) if path.name.endswith(".yml")]
    for rel, path in files:
        if not _is_utf8(rel):  # the digest and every message spell the name as UTF-8
            issues.append(Issue(_shown(path, root), 0, "", "its name is not UTF-8: rename it"))
            continue
        try:
            data = read_file(path, _shown(path, root))
        except ContentError as err:
            issues.extend(err.issues)
            continue
        digest.update(b"%s\0%d\0%s" % (rel.encode(), len(data), data))
        if rel.startswith("scenarios/"):
            docs.append(_add_scenario(path, data, root, scenarios, scenario_files))
        else:
            docs.append((tree.load(rel, data, _shown(path, root)), None))
    for doc, scenario in docs:
        sections = inline.sections_with_map(scenario, tree.entries)
        resolve_refs(doc, sections, tree.is_broken)
        run_checks(doc, sections, checks)
        _rename_hidden(doc)
        issues.extend(doc.issues)
    if issues:
        raise ContentError(sorted(issues, key=lambda issue: (issue.path, issue.line)))
    return Catalog(
        tree.entries, scenarios, scenario_files, digest.hexdigest(), tuple(r for r, _ in files)
    )


def load_scenario(path: Path, catalog: Catalog, checks: ExtraChecks = ()) -> ScenarioDef:
    """Load one scenario file from anywhere and check it against a catalog.

    Args:
        path: The scenario file; errors name it as given.
        catalog: The content its references must name.
        checks: More checks to run, e.g. on the scenario, after the registered ones.

    Returns:
        The scenario.

    Raises:
        ContentError: the file is unreadable, not a regular file of at most 10 MB, malformed,
            ill-typed, or names what the catalog lacks.
    """
    return load_scenario_text(read_file(path), str(path), catalog, checks)


def load_scenario_text(
    text: str | bytes, shown: str, catalog: Catalog, checks: ExtraChecks = ()
) -> ScenarioDef:
    """Load a scenario from YAML text (a file's, or one kept inside a save).

    Args:
        text: The YAML text.
        shown: What errors call the text, e.g. its file.
        catalog: The content its references must name.
        checks: More checks to run, e.g. on the scenario, after the registered ones.

    Returns:
        The scenario.

    Raises:
        ContentError: the text is malformed, ill-typed, or names what the catalog lacks.
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    doc = Document(shown)
    scenario = _build_scenario(data, doc)
    sections = inline.sections_with_map(scenario, catalog.sections)
    resolve_refs(doc, sections)
    run_checks(doc, sections, checks)
    _rename_hidden(doc)
    if doc.issues or scenario is None:
        raise ContentError(sorted(doc.issues, key=lambda issue: issue.line))
    return scenario


def _add_scenario(
    path: Path,
    data: bytes,
    root: Path,
    scenarios: dict[str, ScenarioDef],
    files: dict[str, Path],
) -> tuple[Document, ScenarioDef | None]:
    doc = Document(_shown(path, root))
    scenario = _build_scenario(data, doc)
    if scenario is not None and path.stem in scenarios:
        doc.issues.append(_same_stem(doc.path, files[path.stem], root))
    elif scenario is not None:
        scenarios[path.stem], files[path.stem] = scenario, path
    return doc, scenario


def _build_scenario(data: bytes, doc: Document) -> ScenarioDef | None:
    try:
        node = compose(decode(data, doc.path), doc.path)
    except ContentError as err:
        doc.issues.extend(err.issues)
        return None
    if node is None:
        doc.issues.append(Issue(doc.path, 1, "", "empty file: expected a scenario"))
        return None
    other = _other_kind(node)
    if other:  # one line, not one per key of a file that was never a scenario
        doc.issues.append(Issue(doc.path, node.start_mark.line + 1, "", other))
        return None
    node = inline.prepare(refuse_hidden(node, doc), doc)
    try:
        scenario: ScenarioDef = build_dataclass(ScenarioDef, node, doc, ())
    except Invalid:
        _rename_hidden(doc)
        return None
    doc.ruleset = scenario.ruleset
    if scenario.generated_map is not None:
        spec = scenario.generated_map
        try:
            scenario = on_generated_map(scenario, spec.generate, spec.digest)
        except SeatError as err:
            at = inline.generated_map_node(node)
            key = inline.value_of(at, err.key) if err.key else None
            doc.error(key or at or node, ("map", err.key) if err.key else ("map",), str(err))
            return None
    return dataclasses.replace(scenario, script_lines=script_lines(node, doc.path))


OTHER_FILES: Final = (
    (
        frozenset({"format", "commands", "round_hashes"}),
        "a saved fight, not a scenario: arena run --resume plays it on, arena replay shows it",
    ),
    (
        frozenset({"format", "records", "carried"}),
        "a saved gauntlet run, not a scenario: arena gauntlet --continue goes on with it",
    ),
)
"""The files arena writes that a scenario's place may be given by mistake, by their keys."""


def _other_kind(node: yaml.Node) -> str:
    """What a file arena wrote says it is, when it is one; empty for anything else."""
    if not isinstance(node, yaml.MappingNode):
        return ""
    keys = {key.value for key, _ in node.value if isinstance(key, yaml.ScalarNode)}
    return next((said for marks, said in OTHER_FILES if marks <= keys), "")


def _rename_hidden(doc: Document) -> None:
    doc.issues[:] = [
        dataclasses.replace(issue, key=inline.keyed_path(issue.key)) for issue in doc.issues
    ]


def _walk(root: Path) -> tuple[list[Path], list[Issue]]:
    """Everything under ``root`` named *.yaml or *.yml, and each folder that could not be read.

    Anything by those names counts, so a folder, pipe or device by such a name is reported.
    Links to folders are not followed, as ``Path.rglob`` does not.
    """
    found: list[Path] = []
    issues: list[Issue] = []

    def unread(err: OSError) -> None:
        # A folder gone since it was listed (a process's folder in /proc) held nothing.
        if not isinstance(err, FileNotFoundError):
            why = err.strerror or type(err).__name__
            shown = _shown(Path(err.filename), root)
            if len(shown) > 200:  # too long a name is one reason: the message must still show
                shown = shown[:197] + "..."
            issues.append(Issue(shown, 0, "", f"cannot read this folder ({why})"))

    for folder, folders, names in os.walk(root, onerror=unread):
        found += [
            Path(folder, name) for name in (*folders, *names) if name.endswith((".yaml", ".yml"))
        ]
    return found, issues


def _shown(path: Path, root: Path) -> str:
    return path.relative_to(root.parent).as_posix() if root.parent != root else str(path)


def _is_utf8(name: str) -> bool:
    try:
        name.encode()
    except UnicodeEncodeError:  # bytes that are not UTF-8 reach Python as surrogates
        return False
    return True


def _misnamed(path: Path, root: Path) -> Issue:
    return Issue(_shown(path, root), 0, "", "content files end in .yaml: rename it")


def _same_stem(shown: str, first: Path, root: Path) -> Issue:
    message = f"another scenario has this name: {_shown(first, root)}"
    return Issue(shown, 1, "", message)


def _missing(what: str, name: str, known: Mapping[str, object]) -> str:
    near = difflib.get_close_matches(name, list(known), n=1)
    return f"no {what} named {quote(name)}" + (f" (did you mean {near[0]!r}?)" if near else "")
