"""The specialty and damage_tens options in a whole fight: same dice, the 10s counted anew."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena.cli import main

SCENARIO = """name: House rules
ruleset: werewolf
map: {{name: Room, rows: ["#######", "#.12..#", "#######"]}}
seed: {seed}
max_rounds: 2
options: {{specialty: "{specialty}"}}
combatants:
  - {{id: vilna, template: vilna, side: b, spawn: 2}}
  - id: tom
    side: a
    spawn: 1
    character:
      name: Tom
      glyph: T
      kind: human
      attributes: {{strength: 3, dexterity: 4, stamina: 3, wits: 3}}
      willpower: 5
      abilities: {{brawl: 5, alertness: 2}}
      specialties: [brawl]
"""


def _tom_attacks(tmp_path: Path, capsys: Any, seed: int, specialty: str) -> list[dict[str, Any]]:
    path = tmp_path / f"{specialty}.yaml"
    path.write_text(SCENARIO.format(seed=seed, specialty=specialty))
    assert main(["run", str(path), "--format", "jsonl"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return [e for e in events if e.get("kind") == "attack_rolled" and e.get("actor") == "tom"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_specialty_counts_the_first_attacks_tens_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    plain = _tom_attacks(tmp_path, capsys, seed, "off")[0]["roll"]
    double = _tom_attacks(tmp_path, capsys, seed, "double")[0]["roll"]
    assert double["faces"] == plain["faces"]  # the same dice up to that roll
    assert double["net"] == plain["net"] + plain["faces"].count(10)
