"""`arena validate`: a summary and status 0, or every problem on stderr and status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from arena.cli import main
from arena.content import loader
from arena.content.maps import MapDef
from arena.content.registry import Registry

DATA = Path(__file__).resolve().parents[1] / "data"
GOOD = DATA / "good_content"
BAD = DATA / "bad_content"


@dataclass(frozen=True, slots=True)
class Sheet:
    """A test-only sheet matching tests/data/good_content/werewolf/characters.yaml."""

    name: str
    armed: bool = False


@pytest.fixture(autouse=True)
def sample_sections(monkeypatch: pytest.MonkeyPatch) -> None:
    # The command uses the default registry; these tests swap in test-only sheets.
    registry = Registry()
    registry.register("arenas", "maps", MapDef)
    registry.register("werewolf", "characters", Sheet)
    monkeypatch.setattr(loader, "default_registry", lambda: registry)
    monkeypatch.setenv("ARENA_CONTENT", str(GOOD))


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["validate", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_content_folder_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, str(GOOD)) == (0, "ok: 3 files, 1 map, 2 characters, 1 scenario\n", "")


def test_default_folder(capsys: pytest.CaptureFixture[str]) -> None:
    # ARENA_CONTENT points at the good tree
    assert _run(capsys) == (0, "ok: 3 files, 1 map, 2 characters, 1 scenario\n", "")


def test_scenario_file_ok(capsys: pytest.CaptureFixture[str]) -> None:
    path = GOOD / "scenarios" / "brawl.yaml"
    status, out, err = _run(capsys, str(path))
    # A line past 80 columns is folded: its words, in order, are the line's.
    assert (status, out.split(), err) == (
        0,
        f"ok: {path} (werewolf, 2 combatants, map ring)".split(),
        "",
    )
    assert all(len(line) <= 80 or str(path) in line for line in out.splitlines())


def test_bad_folder_lists_problems_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    expected = (
        "duplicate_entry/arenas/more.yaml:6: maps.ring: arenas/maps 'ring' is already defined "
        "in duplicate_entry/arenas/maps.yaml:3\n"
    )
    assert _run(capsys, str(BAD / "duplicate_entry")) == (2, "", expected)


def test_bad_scenario_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    path = BAD / "dangling_ref.yaml"
    expected = (
        f"{path}:8: combatants[1].template: no werewolf/characters named 'tomm' "
        "(did you mean 'tom'?)\n"
    )
    assert _run(capsys, str(path)) == (2, "", expected)


def test_scenario_file_needs_valid_content(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a scenario is checked against the default content, which must load first
    monkeypatch.setenv("ARENA_CONTENT", str(BAD / "unknown_key"))
    status, out, err = _run(capsys, str(GOOD / "scenarios" / "brawl.yaml"))
    assert (status, out) == (2, "")
    assert err == (
        "unknown_key/arenas/maps.yaml:5: maps.ring.descripton: unknown key "
        "(did you mean 'description'?)\n"
    )


@pytest.mark.parametrize(
    ("argv", "content", "expected"),
    [
        # a path that names nothing
        (["no/such/place"], None, "no/such/place: no such file or folder\n"),
        # a default content folder that is missing
        ([], "no/such/content", "arena: ARENA_CONTENT: no/such/content: no such content folder\n"),
    ],
)
def test_missing_paths_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    content: str | None,
    expected: str,
) -> None:
    if content is not None:
        monkeypatch.setenv("ARENA_CONTENT", content)
    assert _run(capsys, *argv) == (2, "", expected)


def test_no_traceback_from_the_real_command() -> None:
    # the installed command, with the real registry, on a tree that needs no ruleset
    proc = subprocess.run(
        [sys.executable, "-m", "arena", "validate", str(BAD / "bad_glyph")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (
        "bad_glyph/arenas/maps.yaml:8: maps.ring.rows[2]: unknown glyph 'x' at column 2; "
        "use # . + ~ > = or 1-9\n"
    )


def test_an_empty_folder_is_not_valid_content(capsys, tmp_path: Path) -> None:
    assert _run(capsys, str(tmp_path)) == (
        2,
        "",
        f"{tmp_path}: no content files (*.yaml) in this folder\n",
    )


def test_json_summary_and_errors(capsys) -> None:
    status, out, err = _run(capsys, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["ok"] is True
    assert data["files"] == 3
    assert data["counts"]["scenarios"] == 1
    status, out, err = _run(capsys, str(BAD / "dangling_ref.yaml"), "--json")
    assert (status, err) == (2, "")
    data = json.loads(out)
    assert data["ok"] is False
    assert data["errors"] == [
        {
            "file": str(BAD / "dangling_ref.yaml"),
            "line": 8,
            "key": "combatants[1].template",
            "message": "no werewolf/characters named 'tomm' (did you mean 'tom'?)",
        }
    ]


def test_a_scenario_from_standard_input(monkeypatch, capsys) -> None:
    text = (GOOD / "scenarios" / "brawl.yaml").read_text()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert _run(capsys, "-") == (0, "ok: <stdin> (werewolf, 2 combatants, map ring)\n", "")


OPTIONS = "options: {stun: true, block_difficulty: 6, rage_actions: w20}"


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        # an AI policy run would refuse, with the nearest name
        ("controller: script, script: [dodge, wait]}", "controller: ai:neerest}",
         "7: combatants[1].controller", "no AI policy 'ai:neerest' (did you mean 'ai:nearest'?)"),
        # an unknown option
        (OPTIONS, "options: {stunts: true}", "9: options.stunts", "unknown option"),
        # an option out of its range
        (OPTIONS, "options: {block_difficulty: 60}", "9: options.block_difficulty", "2 to 10"),
        # a preset of the other ruleset
        ("seed: 7", "seed: 7\npreset: nosuch", "5: preset", "for werewolf"),
    ],
)  # fmt: skip
def test_validate_refuses_what_run_refuses(capsys, tmp_path, old, new, where, message) -> None:
    text = (GOOD / "scenarios" / "brawl.yaml").read_text()
    assert old in text
    path = tmp_path / "s.yaml"
    path.write_text(text.replace(old, new))
    status, out, err = _run(capsys, str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"{path}:{where}: ")
    assert message in err


def test_a_folder_of_scenarios_outside_the_content(capsys, tmp_path: Path) -> None:
    # Each *.yaml directly in a folder with no content folder is a scenario, checked against
    # the content arena runs on; one bad file does not hide the others.
    text = (GOOD / "scenarios" / "brawl.yaml").read_text()
    (tmp_path / "a.yaml").write_text(text)
    (tmp_path / "c.yaml").write_text(text)
    (tmp_path / "b.yaml").write_bytes((BAD / "dangling_ref.yaml").read_bytes())
    (tmp_path / "notes.txt").write_text("not a scenario")
    status, out, err = _run(capsys, str(tmp_path))
    assert status == 2
    # A line past 80 columns is folded: its words, in order, are the line's.
    assert out.split() == [
        word
        for name in ("a.yaml", "c.yaml")
        for word in f"ok: {tmp_path / name} (werewolf, 2 combatants, map ring)".split()
    ]
    assert err == (
        f"{tmp_path / 'b.yaml'}:8: combatants[1].template: "
        "no werewolf/characters named 'tomm' (did you mean 'tom'?)\n"
    )


def test_several_paths_and_json(capsys, tmp_path: Path) -> None:
    scenario = tmp_path / "a.yaml"
    scenario.write_text((GOOD / "scenarios" / "brawl.yaml").read_text())
    status, out, err = _run(capsys, str(scenario), str(GOOD), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["ok"] is True
    assert data["paths"] == [str(scenario), str(GOOD)]
    assert [c.get("scenario") for c in data["checked"]] == [str(scenario), None]
    assert data["checked"][1]["files"] == 3
    status, out, err = _run(capsys, str(scenario), str(BAD / "dangling_ref.yaml"), "--json")
    data = json.loads(out)
    assert (status, data["ok"], len(data["checked"])) == (2, False, 1)
    assert [(e["file"], e["line"], e["key"]) for e in data["errors"]] == [
        (str(BAD / "dangling_ref.yaml"), 8, "combatants[1].template")
    ]
