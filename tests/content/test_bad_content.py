"""Every content mistake is refused with its file, line and key path."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.errors import ContentError, Issue
from arena.content.loader import Catalog, load_catalog, load_scenario
from arena.content.registry import Registry

BAD = Path(__file__).resolve().parents[1] / "data" / "bad_content"

# (fixture, file as shown, line, key path, part of the message)
CASES = [
    # a typo in an entry's key, with the field it was meant to be
    ("unknown_key", "unknown_key/arenas/maps.yaml", 5, "maps.ring.descripton",
     "unknown key (did you mean 'description'?)"),
    # a required key left out: reported where the entry starts
    ("missing_key", "missing_key/arenas/maps.yaml", 4, "maps.ring.rows", "required key is missing"),
    # a quoted number is text
    ("wrong_type.yaml", None, 5, "seed", "expected int, got str '7'"),
    # a bool is not an int, though Python says it is
    ("bool_where_int.yaml", None, 8, "max_rounds", "expected int, got bool true"),
    # YAML 1.1 yes where a bool belongs
    ("yes_where_bool", "yes_where_bool/werewolf/characters.yaml", 5, "characters.tom.armed",
     "YAML 1.1 reads yes as a boolean: write true or false"),
    # PyYAML reads y as text: still not a bool
    ("str_where_bool", "str_where_bool/werewolf/characters.yaml", 5, "characters.tom.armed",
     "expected bool, got str 'y' (write true or false)"),
    # YAML 1.1 yes inside a str | int | bool option
    ("yes_option.yaml", None, 9, "options.stunts", "expected str | int | bool, got yes"),
    # a leading 0 is octal in YAML 1.1
    ("octal.yaml", None, 5, "seed", "expected int, got 010 (YAML 1.1 reads a leading 0 as octal"),
    # hex is refused
    ("hex.yaml", None, 8, "max_rounds", "write the number in decimal"),
    # underscores are refused
    ("underscore_int.yaml", None, 5, "seed", "without underscores"),
    # the same key twice in one mapping names both lines
    ("duplicate_key", "duplicate_key/arenas/maps.yaml", 6, "maps.ring.rows",
     "duplicate key 'rows' (first on line 5)"),
    # a reference to a character that does not exist, with the nearest one
    ("dangling_ref.yaml", None, 8, "combatants[1].template",
     "no werewolf/characters named 'tomm' (did you mean 'tom'?)"),
    # a reference to a map that does not exist
    ("dangling_map.yaml", None, 4, "map", "no arenas/maps named 'rink' (did you mean 'ring'?)"),
    # a section name with a typo
    ("unknown_section", "unknown_section/arenas/maps.yaml", 2, "mapz",
     "unknown section in arenas/ (did you mean 'maps'?)"),
    # a folder no ruleset defines
    ("unknown_folder", "unknown_folder/lab/things.yaml", 2, "things",
     "no sections are defined for lab/"),
    # a file straight under the root has no namespace
    ("loose_file", "loose_file/maps.yaml", 1, "", "content files go in a folder"),
    # scanner errors name the file and line
    ("malformed.yaml", None, 6, "", "malformed YAML"),  # found at the next token
    ("malformed_section", "malformed_section/arenas/maps.yaml", 5, "", "malformed YAML"),
    # a glyph maps do not have
    ("bad_glyph", "bad_glyph/arenas/maps.yaml", 8, "maps.ring.rows[2]",
     "unknown glyph 'x' at column 2"),
    # rows of different widths
    ("ragged_map", "ragged_map/arenas/maps.yaml", 8, "maps.ring.rows[2]",
     "row is 4 cells wide, but row 0 is 5"),
    # a spawn point drawn twice
    ("spawn_twice", "spawn_twice/arenas/maps.yaml", 8, "maps.ring.rows[2]",
     "spawn point 1 is drawn twice (first in row 1)"),
    # a map with no rows
    ("empty_map", "empty_map/arenas/maps.yaml", 5, "maps.ring.rows", "must not be empty"),
    # a spawn point the map does not have
    ("spawn_off_map.yaml", None, 7, "combatants[1].spawn",
     "map 'ring' has no spawn point 7 (it has 1, 2, 3)"),
    # two combatants with one id
    ("duplicate_combatant.yaml", None, 7, "combatants[1].id",
     "duplicate combatant id 'tom' (first at combatants[0])"),
    # one id defined in two files of a section
    ("duplicate_entry", "duplicate_entry/arenas/more.yaml", 6, "maps.ring",
     "arenas/maps 'ring' is already defined in duplicate_entry/arenas/maps.yaml:3"),
    # a typo in a closed set
    ("unknown_literal.yaml", None, 8, "when_rigged_runs_out",
     "expected one of 'random', 'error', got str 'randon' (did you mean 'random'?)"),
    # a d10 face out of range
    ("rigged_face.yaml", None, 8, "rigged[1]", "must be 1 to 10, got 11"),
    # an expectation about a combatant not in the fight
    ("expect_unknown_id.yaml", None, 12, "expect.health.tomm",
     "no such combatant (did you mean 'tom'?); ids: tom, vilna"),
    # a typo in a scenario key
    ("unknown_scenario_key.yaml", None, 8, "max_round", "did you mean 'max_rounds'?"),
    # a nested dataclass missing a key
    ("missing_combatant_key.yaml", None, 7, "combatants[1].side", "required key is missing"),
    # a script the controller will not follow
    ("script_without_controller.yaml", None, 6, "combatants[0].script", "set controller: script"),
    # a scenario must be a mapping
    ("not_a_mapping.yaml", None, 2, "", "expected a mapping, got a list"),
    # an entry must be a mapping
    ("entry_not_mapping", "entry_not_mapping/werewolf/characters.yaml", 3, "characters.tom",
     "expected a mapping, got str 'Tom'"),
    # .yml files are not silently skipped
    ("yml_extension", "yml_extension/arenas/maps.yml", 0, "", "content files end in .yaml"),
    # a scenario inside a tree is named relative to the tree's parent
    ("bad_scenario_in_tree", "bad_scenario_in_tree/scenarios/brawl.yaml", 4, "map",
     "no arenas/maps named 'rink' (did you mean 'ring'?)"),
]  # fmt: skip


def _load(fixture: str, registry: Registry, catalog: Catalog) -> None:
    path = BAD / fixture
    if path.is_dir():
        load_catalog(path, registry=registry)
    else:
        load_scenario(path, catalog)


@pytest.mark.parametrize(("fixture", "shown", "line", "key", "message"), CASES)
def test_bad_content_names_file_line_and_key(
    fixture: str,
    shown: str | None,
    line: int,
    key: str,
    message: str,
    registry: Registry,
    good_catalog: Catalog,
) -> None:
    with pytest.raises(ContentError) as caught:
        _load(fixture, registry, good_catalog)
    # A single file is named as it was passed; a tree's files relative to the tree's parent.
    path = shown if shown is not None else str(BAD / fixture)
    assert len(caught.value.issues) == 1, str(caught.value)
    issue = caught.value.issues[0]
    assert (issue.path, issue.line, issue.key) == (path, line, key)
    assert message in issue.message
    assert str(caught.value) == str(issue)


def test_every_fixture_has_a_case() -> None:
    # a fixture without a case would never be checked
    fixtures = {path.name for path in BAD.iterdir()}
    assert fixtures == {case[0] for case in CASES}


def test_issue_format_omits_empty_key_and_line() -> None:
    issues = [
        Issue("a.yaml", 3, "maps.pit", "bad"),  # the usual form
        Issue("a.yaml", 3, "", "malformed YAML: x"),  # a problem with the document itself
        Issue("content", 0, "", "no such content folder"),  # a problem with the path itself
    ]
    assert str(ContentError(issues)).splitlines() == [
        "a.yaml:3: maps.pit: bad",
        "a.yaml:3: malformed YAML: x",
        "content: no such content folder",
    ]


def test_several_mistakes_are_all_reported(tmp_path: Path, registry: Registry) -> None:
    maps = tmp_path / "content" / "arenas" / "maps.yaml"
    maps.parent.mkdir(parents=True)
    maps.write_text(
        "maps:\n"
        "  a: {name: A, rows: ['#1#'], extra: 1}\n"  # an unknown key
        "  b: {rows: ['#1#']}\n"  # a missing name
        "  c: {name: C, rows: ['#x#']}\n"  # a bad glyph, found by the map's check
    )
    with pytest.raises(ContentError) as caught:
        load_catalog(tmp_path / "content", registry=registry)
    assert [(i.path, i.line, i.key) for i in caught.value.issues] == [
        ("content/arenas/maps.yaml", 2, "maps.a.extra"),
        ("content/arenas/maps.yaml", 3, "maps.b.name"),
        ("content/arenas/maps.yaml", 4, "maps.c.rows[0]"),
    ]
