"""A scenario's AI controller may name a difficulty level, the expert's look-ahead among them."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main

SCENARIO = """name: Levels
ruleset: werewolf
map: duel
combatants:
  - {id: vilna, template: vilna, side: south, spawn: 2, controller: %s}
  - {id: tom, template: tom, side: north, spawn: 1}
"""


@pytest.mark.parametrize(
    "controller", ["ai:garou", "ai:garou/easy", "ai:garou/hard", "ai:garou/expert"]
)
def test_every_level_is_a_controller(
    tmp_path: Path, controller: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "levels.yaml"
    path.write_text(SCENARIO % controller)
    assert main(["validate", str(path)]) == 0, capsys.readouterr().err


def test_an_unknown_level_is_refused_with_the_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "levels.yaml"
    path.write_text(SCENARIO % "ai:garou/godlike")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "levels.yaml:5: combatants[0].controller" in err
    assert "ai:<policy>[/easy|normal|hard|expert], got 'ai:garou/godlike'" in err
