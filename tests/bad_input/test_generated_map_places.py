"""Werewolf fights on generated maps need the default werewolf/places entry, checked up front."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from arena.content.loader import shipped_content_root
from tests.bad_input.hostile import SCENARIO, run

MESSAGE = (
    "content/werewolf/places.yaml: places: no 'default' entry, which a Werewolf fight on a "
    "generated map takes a cell's yards and the Gauntlet from"
)


@pytest.fixture
def placed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Content where every map of content has its own werewolf/places entry, and none is default.

    It passes `arena validate`: every drawn fight has its place. Only a generated map, which
    has no entry of its own, is left without one.
    """
    monkeypatch.chdir(tmp_path)
    content = tmp_path / "content"
    shutil.copytree(shipped_content_root(), content)
    maps = sorted(
        name
        for path in (content / "arenas").glob("*.yaml")
        for name in re.findall(r"^  ([a-z][\w-]*):$", path.read_text(), re.MULTILINE)
    )
    places = content / "werewolf" / "places.yaml"
    text = places.read_text()
    listed = set(re.findall(r"^  ([a-z][\w-]*):$", text, re.MULTILINE))
    assert "default" in listed
    assert "pit" in maps
    entry = "  {}:\n    name: {}\n    yards_per_cell: 2\n    gauntlet: 7\n    cover_difficulty: 1\n"
    text = text.replace("  default:\n", "  elsewhere:\n", 1)
    places.write_text(text + "".join(entry.format(m, m) for m in maps if m not in listed))
    for scenario in (content / "scenarios").glob("*.yaml"):  # maps written inline need default
        if "rows:" in scenario.read_text():
            scenario.unlink()
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    return content


def test_content_with_a_place_for_every_map_but_no_default_passes_validate(
    placed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["validate"], capsys)
    assert status == 0, err
    assert out.startswith("ok: ")


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "werewolf-duel", "--maps", "generated", "-n", "2", "-q", "--jobs", "1"],
        ["sim", "werewolf-duel", "--map", "generate:4", "-n", "2", "-q", "--jobs", "1"],
        ["run", "werewolf-duel", "--map", "generate:4"],
        ["play", "werewolf-duel", "--map", "generate:4", "--plain"],
        ["sweep", "werewolf-duel", "--grid", "tom.strength=2,3", "--maps", "generated", "-n", "4"],
        ["gauntlet", "--auto", "ai:garou", "--maps", "generated", "-n", "2", "-q"],
        ["gauntlet", "--auto", "ai:garou", "--maps", "generated", "--saves", "saves"],
    ],
    ids=["sim-maps", "sim-map", "run", "play", "sweep", "gauntlet-batch", "gauntlet-single"],
)
def test_a_werewolf_fight_on_a_generated_map_without_a_default_place_is_refused(
    argv: list[str], placed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It had ended in an internal error at the first roll needing the Gauntlet."""
    status, out, err = run(argv, capsys)
    assert status == 2, err
    assert "internal error" not in err
    assert MESSAGE in err
    assert not out
    written = [p for p in Path().rglob("*") if p.is_file() and p.parts[0] != "content"]
    assert not written  # no run save, no morgue, no log


def test_a_sorcerer_fight_on_a_generated_map_needs_no_werewolf_place(
    placed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["sim", "sorcerer-duel", "--maps", "generated", "-n", "2", "-q"], capsys)
    assert status == 0, err


def test_a_scenario_file_on_a_generated_map_names_the_generated_map(
    placed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path("fight.yaml").write_text(SCENARIO.replace("map: duel", "map:\n  generate:\n    seed: 4"))
    status, _, err = run(["validate", "fight.yaml"], capsys)
    assert status == 2, err
    assert (
        "fight.yaml:4: map: no werewolf/places entry for a generated map, and no 'default' one"
        in err
    )
