"""Generated maps from a scenario file, --map, arena map, and saves that rebuild them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import default_content_root, load_catalog, load_scenario
from arena.content.mapgen import MapParams, generate
from arena.content.saves import read_yaml_mapping, write_yaml_atomic
from arena.words.map_text import map_lines

HEAD = """name: On a generated map
ruleset: werewolf
seed: 7
"""
DUEL = """combatants:
  - {id: tom, template: tom, side: north, spawn: 1}
  - {id: vilna, template: vilna, side: south, spawn: 2}
"""


def _file(tmp_path: Path, map_line: str, combatants: str = DUEL) -> Path:
    path = tmp_path / "gen.yaml"
    path.write_text(HEAD + map_line + "\n" + combatants)
    return path


def test_scenario_map_generate_places_sides_west_and_east(tmp_path: Path) -> None:
    catalog = load_catalog(default_content_root())
    path = _file(tmp_path, "map: {generate: {seed: 5, size: [24, 14], style: rooms, cover: much}}")
    scenario = load_scenario(path, catalog)
    made = generate(MapParams(5, (24, 14), "rooms", "much"))
    assert scenario.inline_map == made.map
    assert [c.spawn for c in scenario.combatants] == [1, 5]  # first side west, second east
    assert scenario.generated_map is not None
    assert scenario.generated_map.digest == made.digest


def test_scenario_map_generate_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, "map: {generate: {seed: 5, style: ring}}")
    assert main(["run", str(path)]) == 0, capsys.readouterr().err
    assert "fight is over" in capsys.readouterr().out


# Hostile input: each names file, line 4 (the map's) and the key; exit 2, nothing else.
@pytest.mark.parametrize(
    ("map_line", "said"),
    [
        ("map: {generate: {seed: -1}}", "map.generate.seed: must be 0 to"),  # negative seed
        ("map: {generate: {seed: 1, style: castle}}", "map.generate.style: expected one of"),
        ("map: {generate: {seed: 1, cover: none}}", "map.generate.cover: expected one of"),
        ("map: {generate: {seed: 1, size: [5, 12]}}", "map.generate.size[0]: must be 10 to 60"),
        ("map: {generate: {seed: 1, size: [20, 61]}}", "map.generate.size[1]: must be 10 to 60"),
        ("map: {generate: {seed: 1, size: [20]}}", "map.generate.size: needs at least 2 items"),
        ("map: {generate: {seed: 1, size: 20x12}}", "map.generate.size: expected a list"),
        ("map: {generate: {seed: '1'}}", "map.generate.seed: expected int, got str"),
        ("map: {generate: {seed: 1.5}}", "map.generate.seed: expected int, got float"),
        ("map: {generate: {seed: true}}", "map.generate.seed: expected int, got bool"),
        ("map: {generate: {size: [20, 12]}}", "map.generate.seed"),  # seed missing
        ("map: {generate: {seed: 1, colour: red}}", "map.generate.colour: unknown key"),
        ("map: {generate: 3}", "map.generate: expected a mapping"),
        ("map: {generate: {seed: 1}, rows: ['#1#']}", "map.rows: unknown key"),
        ("map: {generate: {seed: 1}, digest: 'sha256:00'}", "map.digest: the map generated"),
        ("map: {generate: {seed: 1}, digest: 5}", "map.digest: expected str, got int 5"),
        ("map: {generate: null}", "map.generate: expected a mapping, got null"),
        ("map: {generate: {seed: 1, size: [20, 12.5]}}", "map.generate.size[1]: expected int"),
        ("map: {generate: {seed: 1, size: [true, 12]}}", "map.generate.size[0]: expected int"),
        ("map: {generate: {seed: " + "9" * 23 + "}}", "map.generate.seed: a number of 23 digits"),
    ],
)
def test_scenario_map_generate_hostile_input_names_file_line_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], map_line: str, said: str
) -> None:
    path = _file(tmp_path, map_line)
    assert main(["run", str(path)]) == 2
    captured = capsys.readouterr()
    assert f"{path}:4: {said}" in captured.err
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_generated_map_refuses_a_third_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    three = DUEL + "  - {id: jo, template: tom, side: west, spawn: 3}\n"
    path = _file(tmp_path, "map: {generate: {seed: 1}}", three)
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert (
        f"{path}:4: map: a generated map seats two sides, west and east; this scenario has 3" in err
    )


def test_generated_map_refuses_a_fifth_combatant_on_a_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = DUEL + "".join(
        f"  - {{id: t{n}, template: tom, side: south, spawn: {n + 3}}}\n" for n in range(4)
    )
    path = _file(tmp_path, "map: {generate: {seed: 1}}", many)
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert "side 'south' has 5 combatants, but a generated map has 4 spawn points a side" in err


# spawn: is not needed where the map seats everyone itself
NO_SPAWN = """combatants:
  - {id: tom, template: tom, side: north}
  - {id: vilna, template: vilna, side: south}
"""


def test_generated_map_needs_no_spawn_key(tmp_path: Path) -> None:
    catalog = load_catalog(default_content_root())
    scenario = load_scenario(_file(tmp_path, "map: {generate: {seed: 5}}", NO_SPAWN), catalog)
    assert [c.spawn for c in scenario.combatants] == [1, 5]


def test_generated_map_ignores_a_spawn_key_given(tmp_path: Path) -> None:
    catalog = load_catalog(default_content_root())
    mixed = NO_SPAWN.replace("side: south}", "side: south, spawn: 9}")
    scenario = load_scenario(_file(tmp_path, "map: {generate: {seed: 5}}", mixed), catalog)
    assert [c.spawn for c in scenario.combatants] == [1, 5]


def test_generated_map_without_spawn_keys_saves_resumes_replays_and_sims(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, "map: {generate: {seed: 5, style: street}}", NO_SPAWN)
    save = tmp_path / "fight.yaml"
    assert main(["run", str(path), "--save", str(save), "--stop-after", "2"]) == 0
    assert main(["replay", str(save)]) == 0
    assert main(["run", "--resume", str(save)]) == 0
    assert main(["sim", str(path), "-n", "2", "--jobs", "1", "-q"]) == 0
    assert main(["validate", str(path)]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("map_line", "combatants", "said"),
    [  # a drawn map, by name or inline, still needs the key, on each combatant's line
        ("map: duel", NO_SPAWN, ":6: combatants[0].spawn: required key is missing"),
        ("map: duel", NO_SPAWN, ":7: combatants[1].spawn: required key is missing"),
        (
            "map: {name: Room, rows: ['#####', '#1.2#', '#####']}",
            NO_SPAWN,
            ":7: combatants[1].spawn: required key is missing",
        ),
        # on a generated map a spawn given is still read, and a bad one refused
        (
            "map: {generate: {seed: 5}}",
            NO_SPAWN.replace("side: south}", "side: south, spawn: 12}"),
            ":7: combatants[1].spawn: must be 1 to 9",
        ),
        (
            "map: {generate: {seed: 5}}",
            NO_SPAWN.replace("side: south}", "side: south, spawn: west}"),
            ":7: combatants[1].spawn: expected int",
        ),
    ],
)
def test_spawn_key_hostile_input_names_file_line_and_key(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    map_line: str,
    combatants: str,
    said: str,
) -> None:
    path = _file(tmp_path, map_line, combatants)
    assert main(["run", str(path)]) == 2
    captured = capsys.readouterr()
    assert f"{path}{said}" in captured.err
    assert "Traceback" not in captured.err
    assert captured.out == ""


# --map on run, sim, play
@pytest.mark.parametrize("command", ["run", "sim", "play"])
@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("generate:-1", "with a seed from 0 to 2**64-1, got '-1'"),
        ("generate:x", "with a seed from 0 to 2**64-1, got 'x'"),
        ("generate:1:castle", "unknown style 'castle'; the styles are yard, street, rooms, ring"),
        ("generate:", "expected generate:SEED[:STYLE[:WxH[:COVER]]], got 'generate:'"),
        ("pit", "expected generate:SEED[:STYLE[:WxH[:COVER]]], got 'pit'"),
        ("generate:" + "9" * 30, "with a seed from 0 to 2**64-1"),
        ("generate::rooms", "with a seed from 0 to 2**64-1, got ''"),
        ("generate:1:rooms:5x12", "expected WIDTHxHEIGHT, each from 10 to 60 (e.g. 20x12), got"),
        ("generate:1:rooms:20x61", "expected WIDTHxHEIGHT, each from 10 to 60"),
        ("generate:1:rooms:20", "expected WIDTHxHEIGHT, each from 10 to 60"),
        ("generate:1:rooms:20x12.5", "expected WIDTHxHEIGHT, each from 10 to 60"),
        ("generate:1:rooms:-20x12", "expected WIDTHxHEIGHT, each from 10 to 60"),
        ("generate:1:rooms:20x12:none", "unknown cover 'none'; the covers are low, some, much"),
        (
            "generate:1:rooms:20x12:much:x",
            "at most 4 parts after generate:, got 5 (the extra: 'x')",
        ),
    ],
)
def test_map_option_bad_values_exit_2(
    capsys: pytest.CaptureFixture[str], command: str, value: str, said: str
) -> None:
    assert main([command, "werewolf-duel", "--map", value]) == 2
    err = capsys.readouterr().err
    assert said in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("value", "params"),
    [
        ("generate:7", MapParams(7)),
        ("generate:7:rooms", MapParams(7, style="rooms")),
        ("generate:7:rooms:30x16", MapParams(7, (30, 16), "rooms")),
        ("generate:7:rooms:30X16:much", MapParams(7, (30, 16), "rooms", "much")),
        ("generate:7::30x16", MapParams(7, (30, 16))),  # an empty part keeps its default
        ("generate:7:::low", MapParams(7, cover="low")),
        ("generate:7:ring::", MapParams(7, style="ring")),
    ],
)
def test_map_option_size_and_cover(value: str, params: MapParams) -> None:
    from arena.cli.args import map_arg

    assert map_arg(value) == params


@pytest.mark.parametrize("command", ["run", "sim", "play"])
def test_map_option_help_names_size_and_cover(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "generate:SEED[:STYLE[:WxH[:COVER]]]" in out
    assert "generate:7:rooms:30x16:much" in out


def test_run_map_option_with_size_and_cover_plays_on_that_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "fight.yaml"
    value = "generate:5:rooms:30x16:much"
    assert main(["run", "werewolf-duel", "--map", value, "--save", str(save)]) == 0
    capsys.readouterr()
    made = generate(MapParams(5, (30, 16), "rooms", "much"))
    scenario_text = read_yaml_mapping(save)["scenario"]
    assert "cover: much" in scenario_text
    assert f"digest: {made.digest}" in scenario_text  # the digest covers every param


def test_run_map_option_plays_on_the_generated_map(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "werewolf-duel", "--map", "generate:3:street", "--format", "jsonl"]) == 0
    out = capsys.readouterr().out
    assert "fight_ended" in out


def test_run_map_option_is_refused_with_resume(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--resume", "x.yaml", "--map", "generate:3"]) == 2
    assert "--resume takes no scenario, --seed, --dice or --map" in capsys.readouterr().err


def test_run_map_option_refuses_too_many_on_a_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = DUEL + "".join(
        f"  - {{id: t{n}, template: tom, side: south, spawn: {n + 3}}}\n" for n in range(4)
    )
    path = _file(tmp_path, "map: duel", many.replace("spawn: 6", "spawn: 7"))
    path.write_text(path.read_text().replace("map: duel", "map: pit"))
    assert main(["run", str(path), "--map", "generate:3"]) == 2
    err = capsys.readouterr().err
    assert f"--map: {path}: side 'south' has 5 combatants" in err


def test_run_map_option_refuses_a_scenario_with_tasks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "sorcerer-diner", "--map", "generate:3"]) == 2
    assert "its tasks name cells of its own map" in capsys.readouterr().err


def test_sim_map_option_plays_the_batch_on_the_generated_map(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["sim", "sorcerer-duel", "-n", "6", "--jobs", "1", "-q", "--map", "generate:4:ring"])
        == 0
    )
    assert "6 fights" in capsys.readouterr().out


def test_play_map_option_needs_a_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--map", "generate:3"]) == 2
    assert "--map: name the scenario" in capsys.readouterr().err


def test_play_plain_map_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    main(["play", "--plain", "--watch", "werewolf-duel", "--map", "generate:3:rooms"])
    assert "fight is over" in capsys.readouterr().out


# arena map
def test_arena_map_prints_the_rows_as_the_screen_draws_them_and_the_legend(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["map", "--seed", "7", "--style", "rooms", "--size", "24x14", "--cover", "low"]) == 0
    )
    out = capsys.readouterr().out
    made = generate(MapParams(7, (24, 14), "rooms", "low"))
    assert "\n".join(map_lines(made.rows)) in out
    for glyph in ("#", ".", "+", "~", "=", ">", "1-9"):
        assert f"\n{glyph:<3} " in out
    assert made.digest in out


def test_arena_map_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "--seed", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    made = generate(MapParams(7))
    assert data["cells"] == list(made.rows)
    assert data["digest"] == made.digest
    assert data["tries"] == made.tries
    assert data["params"] == {"seed": 7, "size": [20, 12], "style": "yard", "cover": "some"}
    assert sorted(data["spawns"]) == [str(n) for n in range(1, 9)]
    assert data["sides"] == {"west": [1, 2, 3, 4], "east": [5, 6, 7, 8]}
    assert all(made.rows[y][x] == ">" for x, y in data["exits"])


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--seed", "-1"], "argument --seed"),
        (["--seed", "1", "--size", "5x5"], "expected WIDTHxHEIGHT, each from 10 to 60"),
        (["--seed", "1", "--size", "20"], "expected WIDTHxHEIGHT"),
        (["--seed", "1", "--size", "9999999x12"], "expected WIDTHxHEIGHT"),
        (["--seed", "1", "--style", "castle"], "invalid choice: 'castle'"),
        (["--seed", "1", "--cover", "lots"], "invalid choice: 'lots'"),
        ([], "required: --seed"),
    ],
)
def test_arena_map_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    assert main(["map", *args]) == 2
    assert said in capsys.readouterr().err


def test_arena_map_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["map", "--help"])
    assert stop.value.code == 0
    assert "--json" in capsys.readouterr().out


# Saves
def _saved(tmp_path: Path) -> Path:
    save = tmp_path / "fight.yaml"
    assert main(["run", "werewolf-duel", "--map", "generate:5:rooms", "--save", str(save)]) == 0
    return save


def test_save_on_generated_map_stores_params_and_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _saved(tmp_path)
    scenario_text = read_yaml_mapping(save)["scenario"]
    made = generate(MapParams(5, style="rooms"))
    assert "generate:" in scenario_text
    assert "style: rooms" in scenario_text
    assert f"digest: {made.digest}" in scenario_text
    assert "rows:" not in scenario_text  # the map is rebuilt, not copied
    capsys.readouterr()
    assert main(["replay", str(save)]) == 0
    assert main(["run", "--resume", str(save)]) == 0


def test_save_whose_map_digest_differs_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _saved(tmp_path)
    data = read_yaml_mapping(save)
    other = "sha256:" + "0" * 64
    made = generate(MapParams(5, style="rooms"))
    data["scenario"] = data["scenario"].replace(made.digest, other)
    write_yaml_atomic(save, data)  # sealed again: only the map's digest is wrong
    capsys.readouterr()
    assert main(["replay", str(save)]) == 2
    err = capsys.readouterr().err
    assert "map.digest: the map generated from seed=5;size=20x12;style=rooms;cover=some" in err
    assert "is not the one saved" in err
    assert "Traceback" not in err
