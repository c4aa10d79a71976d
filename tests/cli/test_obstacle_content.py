"""Low obstacles and a scenario's tasks in content: bad ones refused by validate and run alike,
with file, line and key, status 2 and nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import default_content_root

HEAD = """name: obstacles
ruleset: {ruleset}
map: diner
"""
SORCERER = """combatants:
  - {id: rook, template: rook, side: north, spawn: 2}
  - {id: mara, template: mara, side: south, spawn: 6}
"""
WEREWOLF = """combatants:
  - {id: tom, template: tom, side: north, spawn: 2}
  - {id: vilna, template: vilna, side: south, spawn: 6}
"""


def _scenario(tmp_path: Path, ruleset: str, middle: str) -> Path:
    body = SORCERER if ruleset == "sorcerer" else WEREWOLF
    path = tmp_path / "obstacles.yaml"
    path.write_text(HEAD.format(ruleset=ruleset) + middle + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("ruleset", "tasks", "message"),
    [
        (
            "sorcerer",
            "  - {id: 'a b', cell: [18, 2], pool: 3}\n",
            ":5: tasks[0].id: an id is 1 to 40 letters, digits, - or _, got 'a b'",
        ),
        (
            "sorcerer",
            "  - {id: fuse, cell: [18, 2], pool: 3}\n  - {id: fuse, cell: [1, 1], pool: 1}\n",
            ":6: tasks[1].id: duplicate task id 'fuse' (first at tasks[0])",
        ),
        (
            "sorcerer",
            "  - {id: fuse, cell: [40, 2], pool: 3}\n",
            ":5: tasks[0].cell: cell 40,2 is off the map, whose cells run from 0,0 to 19,8",
        ),
        ("sorcerer", "  - {id: fuse, cell: [4], pool: 3}\n", ":5: tasks[0].cell: needs at least 2"),
        (
            "sorcerer",
            "  - {id: fuse, cell: [4, 2], pool: 0}\n",
            ":5: tasks[0].pool: must be 1 to 30",
        ),
        (
            "sorcerer",
            "  - {id: fuse, cell: [4, 2], pool: -2}\n",
            ":5: tasks[0].pool: must be 1 to 30",
        ),
        ("sorcerer", "  - {id: fuse, cell: [4, 2]}\n", ":5: tasks[0]"),
        (
            "werewolf",
            "  - {id: fuse, cell: [4, 2], pool: 2}\n",
            ":5: tasks[0]: tasks are Sorcerer's other tasks; a werewolf scenario has none",
        ),
    ],
)
@pytest.mark.parametrize("command", ["validate", "run"])
def test_bad_scenario_tasks_are_refused_with_file_line_and_key(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    ruleset: str,
    tasks: str,
    message: str,
) -> None:
    path = _scenario(tmp_path, ruleset, "tasks:\n" + tasks)
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}{message}" in err
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["obstacles.yaml"]


@pytest.mark.parametrize(
    ("ruleset", "entry", "message"),
    [
        ("werewolf", "jump:8,3", "cell 8,3 is a low obstacle: nobody stands on one"),
        ("sorcerer", "climb:8,1", "cell 8,1 is a low obstacle: nobody stands on one"),
        ("sorcerer", "move:8,5", "cell 8,5 is a low obstacle: nobody stands on one"),
        ("sorcerer", "task:fuse", "the scenario names no task 'fuse'"),
        ("werewolf", "climb:9,3", "tom has no maneuver or weapon 'climb'"),
    ],
)
def test_script_keys_onto_low_obstacles_or_unknown_tasks_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str, entry: str, message: str
) -> None:
    body = SORCERER if ruleset == "sorcerer" else WEREWOLF
    first = body.splitlines()[1].replace("}", f", controller: script, script: ['{entry}']}}")
    path = tmp_path / "keys.yaml"
    lines = [HEAD.format(ruleset=ruleset).rstrip("\n"), "combatants:", first, body.splitlines()[2]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:5: combatants[0].script[0]: '{entry}' can never be a legal choice: " in err
    assert message in err


def test_shipped_maps_draw_low_obstacles_for_both_rulesets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in ("werewolf-diner", "sorcerer-diner"):
        assert main(["validate", str(default_content_root() / "scenarios" / f"{name}.yaml")]) == 0
        # Read as words: the line folds at 80 columns where the path's length puts it.
        assert "map diner" in " ".join(capsys.readouterr().out.split())
