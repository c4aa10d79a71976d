"""The ranges docs/scenarios.md lists are the ranges the loader checks, and it lists them all."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator, Mapping
from typing import Annotated, get_args, get_origin

import pytest

from arena.content import sorcerer, werewolf
from arena.content.bounds import Bound, Range
from arena.content.mapgen import MapParams
from arena.content.registry import SECTIONS
from arena.content.scenario import (
    CombatantDef,
    EventExpect,
    ExpectDef,
    RiggedRoll,
    ScenarioDef,
    TaskSpot,
)
from tests.conftest import ROOT

DOC = ROOT / "docs" / "scenarios.md"

Source = tuple[type, str] | Range
"""A dataclass field declaring its range, or a range of a ruleset's table."""

W, S = werewolf, sorcerer
WW_TRAITS = ("rage", "gnosis", "willpower")
# where, then each group of the row: the words of its "what" column and what holds its range.
ROWS: list[tuple[str, list[tuple[str, list[Source]]]]] = [
    (
        "scenario",
        [("`max_rounds`, `expect.rounds`", [(ScenarioDef, "max_rounds"), (ExpectDef, "rounds")])],
    ),
    ("scenario", [("`spawn`", [(CombatantDef, "spawn")])]),
    (
        "scenario",
        [
            (
                "`overrides` (Werewolf): attributes, abilities, `rage`, `gnosis`, `willpower`",
                [W.OVERRIDES[name] for name in (*W.ATTRIBUTES, *W.ABILITIES, *WW_TRAITS)],
            ),
            ("`essence`", [W.OVERRIDES["essence"]]),
        ],
    ),
    (
        "scenario",
        [
            (
                "`overrides` (Sorcerer): `stamina`, `will`, `lore`, `humanity`, `power`",
                [S.OVERRIDES[name] for name in ("stamina", "will", "lore", "humanity", "power")],
            ),
            ("`binding`", [S.OVERRIDES["binding"]]),
            ("`present`", [S.OVERRIDES["present"]]),
        ],
    ),
    ("scenario", [("`tasks` (Sorcerer): `pool`", [(TaskSpot, "pool")])]),
    ("scenario", [("`expect.penalty`", [(ExpectDef, "penalty")])]),
    (
        "scenario",
        [
            (
                "`damage` (Werewolf): each of `bashing`, `lethal`, `aggravated`, and all of them "
                "together",
                [W.DAMAGE],
            )
        ],
    ),
    ("scenario", [("`damage` (Sorcerer): `temporary`, `lasting`", list(S.DAMAGE.values()))]),
    ("scenario", [("`pools` (Sorcerer): `humanity`", [S.POOLS["humanity"]])]),
    (
        "Werewolf sheets",
        [
            (
                "attributes, abilities, `rage`, `gnosis`, `willpower`",
                [
                    *((W.Attributes, f.name) for f in dataclasses.fields(W.Attributes)),
                    *((W.Abilities, f.name) for f in dataclasses.fields(W.Abilities)),
                    *((W.WerewolfCharacter, name) for name in WW_TRAITS),
                ],
            )
        ],
    ),
    ("Werewolf sheets", [("`essence`", [(W.WerewolfCharacter, "essence")])]),
    (
        "Werewolf forms",
        [
            (
                "`strength`, `dexterity`, `stamina`",
                [(W.FormDef, name) for name in ("strength", "dexterity", "stamina")],
            )
        ],
    ),
    (
        "Werewolf forms",
        [
            ("`speed`", [(W.FormDef, "speed")]),
            ("`frenzy_modifier`", [(W.FormDef, "frenzy_modifier")]),
            ("`jump`", [(W.FormDef, "jump")]),
        ],
    ),
    (
        "Werewolf maneuvers",
        [
            ("`difficulty`", [(W.ManeuverDef, "difficulty")]),
            ("`damage`", [(W.ManeuverDef, "damage")]),
            ("`bonus_by_form`", [(W.ManeuverDef, "bonus_by_form")]),
        ],
    ),
    (
        "Werewolf weapons",
        [
            ("`difficulty`", [(W.WeaponDef, "difficulty")]),
            ("`damage`", [(W.WeaponDef, "damage")]),
            ("`range_yards`", [(W.WeaponDef, "range_yards")]),
        ],
    ),
    (
        "Werewolf places",
        [
            ("`yards_per_cell`", [(W.PlaceDef, "yards_per_cell")]),
            ("`gauntlet`", [(W.PlaceDef, "gauntlet")]),
            ("`cover_difficulty`", [(W.PlaceDef, "cover_difficulty")]),
            ("`jump_difficulty`", [(W.PlaceDef, "jump_difficulty")]),
        ],
    ),
    (
        "Sorcerer sheets",
        [
            (
                "`stamina`, `will`, `lore`, `humanity`, demon `power`",
                [
                    *((S.SorcererCharacter, n) for n in ("stamina", "will", "lore", "humanity")),
                    (S.DemonSheet, "power"),
                ],
            )
        ],
    ),
    (
        "Sorcerer sheets",
        [
            ("`role_play`", [(S.SorcererCharacter, "role_play")]),
            ("demon `binding`", [(S.DemonSheet, "binding")]),
        ],
    ),
    (
        "Sorcerer weapons",
        [("`reach`", [(S.Weapon, "reach")]), ("`range`", [(S.Weapon, "range")])],
    ),
    ("Sorcerer tasks", [("`cells`", [(S.TaskDef, "cells")])]),
]
SCENARIO_NAMESPACES = ("arenas", "werewolf", "sorcerer")
UNLISTED: set[tuple[type, str]] = {
    (ScenarioDef, "seed"),  # its own row: 0 to 2^64-1
    (MapParams, "seed"),  # its own row: 0 to 2^64-1
    (EventExpect, "round"),  # any round of a fight (0 while placing): max_rounds bounds it
    (RiggedRoll, "faces"),  # the row of rigged faces
    (TaskSpot, "cell"),  # a cell of the map, checked against the map itself
}
"""Fields with a range that the table says in words of its own, or that need no row."""


def test_every_range_in_the_table_is_the_one_the_loader_checks() -> None:
    table = _table()
    for where, groups in ROWS:
        ranges = [_one_range(sources, what) for what, sources in groups]
        what = "; ".join(words for words, _ in groups)
        shown = "; ".join(_show(r) for r in ranges)
        assert (where, what) in table, f"no row for {where} | {what}"
        assert table[(where, what)] == shown, f"{where} | {what}"


def test_every_range_a_file_has_is_in_the_table() -> None:
    listed = {source for _, groups in ROWS for _, sources in groups for source in sources}
    missing = [
        f"{cls.__qualname__}.{name}"
        for cls, name in _ranged_fields()
        if (cls, name) not in listed and (cls, name) not in UNLISTED
    ]
    assert missing == []


def test_every_override_damage_and_pool_of_a_scenario_is_in_the_table() -> None:
    listed = {id(source) for _, groups in ROWS for _, sources in groups for source in sources}
    tables = [*W.OVERRIDES.values(), W.DAMAGE, *S.OVERRIDES.values(), *S.DAMAGE.values()]
    assert all(id(r) in listed for r in [*tables, *S.POOLS.values()])


@pytest.mark.parametrize(
    ("ruleset", "line", "message"),
    [
        # Said as -10 to 100 and 0 to 100: the scenario key's own range, not the ruleset's.
        ("sorcerer", "overrides: {binding: 200}", "overrides.binding: must be -10 to 10, got 200"),
        ("sorcerer", "damage: {lasting: 200}", "damage.lasting: must be 0 to 30, got 200"),
        ("sorcerer", "pools: {humanity: -1}", "pools.humanity: must be 0 to 10, got -1"),
        ("werewolf", "overrides: {essence: 101}", "overrides.essence: must be 0 to 100, got 101"),
        ("werewolf", "damage: {lethal: 9}", "damage.lethal: must be 0 to 7, got 9"),
        ("werewolf", "damage: {lethal: -1}", "damage.lethal: must be 0 to 7, got -1"),
        ("werewolf", "pools: {rage: -1}", "pools.rage: must be 0 to its permanent rage 4, got -1"),
    ],
)
def test_a_range_error_says_the_range_the_docs_say(
    ruleset: str, line: str, message: str, tmp_path: typing.Any
) -> None:
    from arena.content.errors import ContentError
    from arena.content.loader import default_content_root, load_catalog, load_scenario

    who = ("rook", "rook") if ruleset == "sorcerer" else ("tom", "vilna")
    text = (
        f"name: Ranges\nruleset: {ruleset}\nmap: duel\ncombatants:\n"
        f"  - {{id: a, template: {who[0]}, side: n, spawn: 1, {line}}}\n"
        f"  - {{id: b, template: {who[1]}, side: s, spawn: 2}}\n"
    )
    path = tmp_path / "ranges.yaml"
    path.write_text(text)
    with pytest.raises(ContentError) as caught:
        load_scenario(path, load_catalog(default_content_root()))
    assert [str(issue) for issue in caught.value.issues] == [f"{path}:5: combatants[0].{message}"]


def _table() -> dict[tuple[str, str], str]:
    """The Ranges table of the docs: (where, what) → the range column."""
    text = DOC.read_text(encoding="utf-8").split("## Ranges", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in text.splitlines() if line.startswith("| ")]
    return {(cells[0].removeprefix("| "), cells[1]): cells[2] for cells in rows if len(cells) > 2}


def _one_range(sources: list[Source], what: str) -> Range:
    """The range every source of a group has: a group of differing ranges is a wrong row."""
    ranges = {_range(source) for source in sources}
    assert len(ranges) == 1, f"{what}: {ranges}"
    return ranges.pop()


def _range(source: Source) -> Range:
    if isinstance(source, Range):
        return source
    cls, name = source
    found = _declared(typing.get_type_hints(cls, include_extras=True)[name])
    assert found is not None, f"{cls.__qualname__}.{name} declares no range"
    return found


def _declared(hint: typing.Any) -> Range | None:
    """The range a type declares: its own, or its values' (a mapping), or its optional arm's."""
    if get_origin(hint) is Annotated:
        return next((e for e in get_args(hint)[1:] if isinstance(e, Range)), None)
    if get_origin(hint) in (Mapping, dict):
        return _declared(get_args(hint)[1])
    if get_origin(hint) in (typing.Union, __import__("types").UnionType):
        arms = [_declared(arm) for arm in get_args(hint)]
        return next((arm for arm in arms if arm is not None), None)
    return None


def _ranged_fields() -> Iterator[tuple[type, str]]:
    """Every field of a scenario's or a ruleset's definitions, nested ones too, with a range.

    The gauntlet's rulings are a table of their own (``content/gauntlet/rules.yaml``).
    """
    roots = [SECTIONS.get(*key) for key in SECTIONS.sections() if key[0] in SCENARIO_NAMESPACES]
    seen: set[type] = set()
    todo = [cls for cls in (*roots, ScenarioDef) if cls is not None]
    while todo:
        cls = todo.pop()
        if cls in seen or cls.__module__.startswith("tests"):
            continue
        seen.add(cls)
        for name, hint in typing.get_type_hints(cls, include_extras=True).items():
            if _declared(hint) is not None:
                yield cls, name
            todo += [t for t in _types_in(hint) if dataclasses.is_dataclass(t)]


def _types_in(hint: typing.Any) -> Iterator[typing.Any]:
    yield hint
    for arg in get_args(hint):
        if not isinstance(arg, Bound):  # the metadata of Annotated
            yield from _types_in(arg)


def _show(r: Range) -> str:
    return f"{r.low}-{r.high}" if r.low >= 0 else f"{r.low} to {r.high}"
