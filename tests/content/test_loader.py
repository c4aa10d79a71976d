"""The content tree: catalog, references, checks, registry, digest and single scenarios."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import arena
from arena.content import loader
from arena.content.arenas import spawn_numbers
from arena.content.dump import scenario_to_yaml
from arena.content.errors import ContentError, NotInCatalog
from arena.content.loader import (
    Catalog,
    default_content_root,
    default_registry,
    load_catalog,
    load_scenario,
    load_scenario_text,
)
from arena.content.maps import MapDef
from arena.content.registry import Registry, Report, register_check
from arena.content.scenario import CombatantDef, ExpectDef, ScenarioDef

GOOD = Path(__file__).resolve().parents[1] / "data" / "good_content"


@dataclass(frozen=True, slots=True)
class Tool:
    name: str


@dataclass(frozen=True, slots=True)
class Gauge:
    """Checked: its reading must be even and its tool must not be 'broken'."""

    reading: int
    tool: str = field(default="saw", metadata={"ref": "lab/tools"})


@dataclass(frozen=True, slots=True)
class Kit:
    name: str
    tools: tuple[str, ...] = field(default=(), metadata={"ref": "{ruleset}/tools"})
    best: str | None = field(default=None, metadata={"ref": "lab/tools"})
    spare: str = field(default="rope", metadata={"ref": "lab/tools"})
    gauges: Mapping[str, Gauge] = field(default_factory=dict)


def _check_gauge(gauge: Gauge, report: Report) -> None:
    if gauge.reading % 2:
        report.error(f"reading {gauge.reading} is odd", "reading")
    tool = report.lookup("lab", "tools", gauge.tool)
    if isinstance(tool, Tool) and tool.name == "Broken":
        report.error("this tool is broken", "tool")


register_check(Gauge, _check_gauge)


def _lab(
    tmp_path: Path, kits: str, tools: str = "rope: {name: Rope}\n  saw: {name: Saw}\n"
) -> Path:
    root = tmp_path / "content"
    (root / "lab").mkdir(parents=True)
    (root / "lab" / "tools.yaml").write_text(f"tools:\n  {tools}")
    (root / "lab" / "kits.yaml").write_text(kits)
    return root


def _lab_registry() -> Registry:
    registry = Registry()
    registry.register("lab", "tools", Tool)
    registry.register("lab", "kits", Kit)
    return registry


def _problems(root: Path, registry: Registry) -> list[tuple[str, int, str, str]]:
    with pytest.raises(ContentError) as caught:
        load_catalog(root, registry=registry)
    return [(i.path, i.line, i.key, i.message) for i in caught.value.issues]


def test_good_content_loads(good_catalog: Catalog) -> None:
    assert good_catalog.files == (
        "arenas/maps.yaml",
        "scenarios/brawl.yaml",
        "werewolf/characters.yaml",
    )
    assert sorted(good_catalog.sections) == [("arenas", "maps"), ("werewolf", "characters")]
    assert good_catalog.get("arenas", "maps", "ring") == MapDef(
        "The Ring", ("########", "#1.~..2#", "#..+..3#", "###>####")
    )
    assert good_catalog.scenario_files == {"brawl": GOOD / "scenarios" / "brawl.yaml"}
    assert good_catalog.scenario("brawl") == ScenarioDef(
        name="Tom and Vilna brawl",
        ruleset="werewolf",
        map="ring",
        seed=7,
        combatants=(
            CombatantDef(id="tom", template="tom", side="north", spawn=1),
            CombatantDef(
                "vilna", "vilna", "south", 2, controller="script", script=("dodge", "wait")
            ),
        ),
        rigged=(10, 3, 7),
        options={"stun": True, "block_difficulty": 6, "rage_actions": "w20"},
        expect=ExpectDef(winner="north", rounds=3, health={"vilna": "Incapacitated"}),
    )


def test_catalog_is_frozen(good_catalog: Catalog) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        good_catalog.digest = "x"  # type: ignore[misc]


def test_typed_get(good_catalog: Catalog) -> None:
    ring = good_catalog.get("arenas", "maps", "ring", MapDef)
    assert ring.name == "The Ring"
    with pytest.raises(TypeError, match="arenas/maps 'ring' is a MapDef"):
        good_catalog.get("arenas", "maps", "ring", ScenarioDef)


@pytest.mark.parametrize(
    ("lookup", "message"),
    [
        # an entry with a near name
        (lambda c: c.get("arenas", "maps", "rign"),
         "no arenas/maps named 'rign' (did you mean 'ring'?)"),
        # an entry with no near name
        (lambda c: c.get("arenas", "maps", "zzz"), "no arenas/maps named 'zzz'"),
        # a section that is not registered
        (lambda c: c.section("arenas", "map"),
         "no section named 'arenas/map' (did you mean 'arenas/maps'?)"),
        # a scenario
        (lambda c: c.scenario("brawll"), "no scenario named 'brawll' (did you mean 'brawl'?)"),
    ],
)  # fmt: skip
def test_catalog_lookups_suggest(good_catalog: Catalog, lookup, message: str) -> None:
    with pytest.raises(NotInCatalog) as caught:
        lookup(good_catalog)
    assert str(caught.value) == message
    assert isinstance(caught.value, KeyError)


def test_digest_depends_on_content_not_location(tmp_path: Path, registry: Registry) -> None:
    first = load_catalog(GOOD, registry=registry).digest
    copy = shutil.copytree(GOOD, tmp_path / "elsewhere")
    assert load_catalog(copy, registry=registry).digest == first
    maps = copy / "arenas" / "maps.yaml"
    maps.write_text(maps.read_text() + "\n")  # one more byte
    changed = load_catalog(copy, registry=registry).digest
    assert changed != first
    (copy / "scenarios" / "brawl.yaml").rename(copy / "scenarios" / "brawl2.yaml")  # a new name
    assert load_catalog(copy, registry=registry).digest not in (first, changed)
    assert len(first) == 64


def test_registered_sections_are_present_even_when_empty(tmp_path: Path) -> None:
    registry = _lab_registry()
    (tmp_path / "content").mkdir()
    catalog = load_catalog(tmp_path / "content", registry=registry)
    assert catalog.sections == {("lab", "kits"): {}, ("lab", "tools"): {}}
    assert catalog.files == ()


def test_references_resolve_with_the_namespace_as_ruleset(tmp_path: Path) -> None:
    root = _lab(tmp_path, "kits:\n  box: {name: Box, tools: [saw, rope], best: saw}\n")
    catalog = load_catalog(root, registry=_lab_registry())
    assert catalog.get("lab", "kits", "box") == Kit("Box", ("saw", "rope"), "saw")


def test_reference_problems(tmp_path: Path) -> None:
    kits = (
        "kits:\n"
        "  box:\n"
        "    name: Box\n"
        "    tools: [saw, sow]\n"  # a typo in a list of references
        "    best: rop\n"  # a typo in an optional reference
        "  bag: {name: Bag, best: hammer}\n"  # a name with nothing near
    )
    root = _lab(tmp_path, kits, tools="saw: {name: Saw}\n")  # and the default 'rope' is missing
    assert _problems(root, _lab_registry()) == [
        ("content/lab/kits.yaml", 3, "kits.box.spare",
         "no lab/tools named 'rope'; it is this key's default, so give the key a value"),
        ("content/lab/kits.yaml", 4, "kits.box.tools[1]",
         "no lab/tools named 'sow' (did you mean 'saw'?)"),
        ("content/lab/kits.yaml", 5, "kits.box.best", "no lab/tools named 'rop'"),
        ("content/lab/kits.yaml", 6, "kits.bag.best", "no lab/tools named 'hammer'"),
        ("content/lab/kits.yaml", 6, "kits.bag.spare",
         "no lab/tools named 'rope'; it is this key's default, so give the key a value"),
    ]  # fmt: skip


def test_reference_to_a_broken_entry_is_not_reported_again(tmp_path: Path) -> None:
    kits = "kits:\n  box: {name: Box, tools: [saw], spare: saw}\n"
    root = _lab(tmp_path, kits, tools="saw: {nam: Saw}\n")
    assert _problems(root, _lab_registry()) == [
        ("content/lab/tools.yaml", 2, "tools.saw.nam", "unknown key (did you mean 'name'?)"),
        ("content/lab/tools.yaml", 2, "tools.saw.name", "required key is missing"),
    ]


def test_references_into_an_unreadable_folder_are_not_reported(tmp_path: Path) -> None:
    root = _lab(tmp_path, "kits:\n  box: {name: Box, tools: [saw]}\n", tools="saw: [\n")
    assert _problems(root, _lab_registry()) == [
        ("content/lab/tools.yaml", 3, "", "malformed YAML: did not find expected node content"),
    ]


def test_checks_run_on_nested_values_with_lookups(tmp_path: Path) -> None:
    kits = (
        "kits:\n"
        "  box:\n"
        "    name: Box\n"
        "    gauges:\n"
        "      a: {reading: 2}\n"  # fine
        "      b: {reading: 3}\n"  # odd
        "      c:\n"
        "        reading: 4\n"
        "        tool: rope\n"  # the check looks the tool up: broken
    )
    root = _lab(tmp_path, kits, tools="rope: {name: Broken}\n  saw: {name: Saw}\n")
    assert _problems(root, _lab_registry()) == [
        ("content/lab/kits.yaml", 6, "kits.box.gauges.b.reading", "reading 3 is odd"),
        ("content/lab/kits.yaml", 9, "kits.box.gauges.c.tool", "this tool is broken"),
    ]


def test_scenario_template_refs_use_the_scenario_ruleset(
    tmp_path: Path, good_catalog: Catalog
) -> None:
    path = tmp_path / "sorcerer.yaml"
    path.write_text(
        "name: Wrong ruleset\n"
        "ruleset: sorcerer\n"
        "map: ring\n"
        "combatants:\n"
        "  - {id: tom, template: tom, side: a, spawn: 1}\n"
        "  - {id: tim, template: tom, side: b, spawn: 2}\n"
    )
    with pytest.raises(ContentError) as caught:
        load_scenario(path, good_catalog)
    assert str(caught.value).splitlines()[0] == (
        f"{path}:5: combatants[0].template: no sorcerer/characters named 'tom'"
    )


def test_load_scenario_from_anywhere(good_catalog: Catalog, tmp_path: Path) -> None:
    copy = shutil.copy(GOOD / "scenarios" / "brawl.yaml", tmp_path / "mine.yaml")
    assert load_scenario(Path(copy), good_catalog) == good_catalog.scenario("brawl")


def test_load_scenario_text_names_what_it_was_given(good_catalog: Catalog) -> None:
    text = (GOOD / "scenarios" / "brawl.yaml").read_text()
    assert load_scenario_text(text, "save.yaml (scenario)", good_catalog) == good_catalog.scenario(
        "brawl"
    )
    with pytest.raises(ContentError) as caught:
        load_scenario_text(
            text.replace("seed: 7", "seed: seven"), "save.yaml (scenario)", good_catalog
        )
    assert str(caught.value) == "save.yaml (scenario):4: seed: expected int, got str 'seven'"


def test_a_scenario_keeps_where_its_scripts_are_written(good_catalog: Catalog) -> None:
    text = (GOOD / "scenarios" / "brawl.yaml").read_text()
    assert "script: [dodge, wait]}" in text
    text = text.replace(
        "script: [dodge, wait]}", "answers: {rage: 'rage:0'},\n     script: [dodge,\n  wait]}"
    )
    scenario = load_scenario_text(text, "s.yaml", good_catalog)
    lines = scenario.script_lines
    assert lines is not None
    # Each entry and answer by its key path; a combatant with no script by where it starts.
    assert (lines.file, dict(lines.lines)) == (
        "s.yaml",
        {
            "combatants[0].script": 6,
            "combatants[1].script": 8,
            "combatants[1].script[0]": 8,
            "combatants[1].script[1]": 9,
            "combatants[1].answers.rage": 7,
        },
    )
    assert lines.at("combatants[1].script[1]") == "s.yaml:9: combatants[1].script[1]"
    assert lines.at("combatants[5].script") == "s.yaml: combatants[5].script"
    # They are no part of the scenario: equal without them, and never written back out.
    assert scenario == dataclasses.replace(scenario, script_lines=None)
    assert "script_lines" not in scenario_to_yaml(scenario)


def test_a_file_may_not_write_where_its_scripts_are(good_catalog: Catalog) -> None:
    text = (GOOD / "scenarios" / "brawl.yaml").read_text() + "script_lines: {file: x.yaml}\n"
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text, "s.yaml", good_catalog)
    assert str(caught.value) == "s.yaml:14: script_lines: unknown key"


def test_empty_scenario_is_refused(good_catalog: Catalog) -> None:
    with pytest.raises(ContentError) as caught:
        load_scenario_text("# nothing\n", "empty.yaml", good_catalog)
    assert str(caught.value) == "empty.yaml:1: empty file: expected a scenario"


def test_scenarios_with_the_same_name_are_refused(tmp_path: Path, registry: Registry) -> None:
    root = shutil.copytree(GOOD, tmp_path / "content")
    (root / "scenarios" / "more").mkdir()
    shutil.copy(root / "scenarios" / "brawl.yaml", root / "scenarios" / "more" / "brawl.yaml")
    assert _problems(root, registry) == [
        ("content/scenarios/more/brawl.yaml", 1, "",
         "another scenario has this name: content/scenarios/brawl.yaml"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# nothing here\n", "empty file: expected a mapping of sections"),  # an empty file
        ("- maps\n", "expected a mapping of sections, got a list"),  # not a mapping
        ("maps: [ring]\n", "maps: expected a mapping of entries by id, got a list"),  # entries
        (b"maps: {}\n# \xff\n", "not UTF-8 text"),  # bytes that are not text
    ],
)
def test_section_file_shapes(
    tmp_path: Path, registry: Registry, text: str | bytes, message: str
) -> None:
    maps = tmp_path / "content" / "arenas" / "maps.yaml"
    maps.parent.mkdir(parents=True)
    maps.write_bytes(text if isinstance(text, bytes) else text.encode())
    problems = _problems(tmp_path / "content", registry)
    assert [f"{line}: {key + ': ' if key else ''}{msg}" for _, line, key, msg in problems] == [
        f"{2 if isinstance(text, bytes) else 1}: {message}"
    ]


def test_missing_root_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_catalog(tmp_path / "nowhere", registry=Registry())
    assert str(caught.value) == f"{tmp_path / 'nowhere'}: no such content folder"


def test_default_content_root(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ARENA_CONTENT", raising=False)
    # A checkout: the content sits beside the package (a wheel has it as arena/data).
    assert default_content_root() == Path(arena.__file__).resolve().parent.parent / "content"
    assert loader.is_checkout()
    monkeypatch.setenv("ARENA_CONTENT", str(tmp_path))
    assert default_content_root() == tmp_path


def test_default_registry_skips_ruleset_modules_not_written_yet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(loader, "SECTION_MODULES", ("arena.content.no_such_ruleset",))
    assert ("arenas", "maps") in default_registry().sections()


def test_default_registry_does_not_hide_broken_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    # the module exists but fails to import: that is a bug to show, not a module to skip
    monkeypatch.setattr(loader, "SECTION_MODULES", ("arena.content.no_such_ruleset.sub",))
    with pytest.raises(ModuleNotFoundError):
        default_registry()


def test_registry_rules() -> None:
    registry = Registry()
    registry.register("lab", "tools", Tool)
    registry.register("lab", "tools", Tool)  # the same class again is fine: modules reload
    assert registry.get("lab", "tools") is Tool
    with pytest.raises(ValueError, match="lab/tools is already defined by Tool"):
        registry.register("lab", "tools", Kit)
    with pytest.raises(TypeError, match="is not a dataclass"):
        registry.register("lab", "things", dict)
    registry.register("arenas", "maps", MapDef)
    assert registry.sections() == (("arenas", "maps"), ("lab", "tools"))
    assert registry.namespaces() == ("arenas", "lab")
    registry.unregister("lab", "tools")
    assert registry.get("lab", "tools") is None


def test_shipped_maps(tmp_path: Path) -> None:
    # only the maps: the rulesets' content is checked by their own tests
    shipped = Path(arena.__file__).resolve().parent.parent / "content" / "arenas"
    shutil.copytree(shipped, tmp_path / "content" / "arenas")
    registry = Registry()
    registry.register("arenas", "maps", MapDef)
    maps = load_catalog(tmp_path / "content", registry=registry).section("arenas", "maps")
    sizes = {
        name: (len(m.rows[0]), len(m.rows), spawn_numbers(m))
        for name, m in maps.items()
        if isinstance(m, MapDef)
    }
    assert sizes == {
        "pit": (20, 12, (1, 2, 3, 4, 5, 6, 7, 8)),
        "alley": (25, 5, (1, 2, 3, 4, 5, 6)),
        "duel": (12, 8, (1, 2)),
        "diner": (20, 9, (1, 2, 3, 4, 5, 6, 7, 8)),
        # the gauntlet's own maps (content/arenas/gauntlet.yaml)
        "yard": (22, 9, (1, 2, 3, 4, 5, 6, 7, 8)),
        "warehouse": (24, 9, (1, 2, 3, 4, 5, 6, 7, 8)),
        "rooftop": (18, 7, (1, 2, 3, 4, 5, 6)),
    }
    duel = maps["duel"]
    assert isinstance(duel, MapDef)
    assert duel.rows[3].index("2") - duel.rows[3].index("1") == 2  # two cells apart
