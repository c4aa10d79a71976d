"""Gauntlet words: the roll that decided a fight, and runs the AI played marked as such."""

from __future__ import annotations

import json
from pathlib import Path

from arena.engine import Event
from arena.gauntlet import RunState
from arena.gauntlet.record import FightRecord, decisive_rolls
from arena.gauntlet.scores import add_score, load_scores, render_scores
from arena.ui.gauntlet_text import record_lines
from arena.ui.title_screen import scores_text


def hit(round_: int, amount: int, text: str) -> Event:
    return Event(
        "damage_soaked", round_, "ww_soak", text, actor="tom", target="thug", amount=amount
    )


def test_the_decisive_roll_named_is_the_last_blow() -> None:
    # Three heavy blows early, then a light one that ended the fight.
    events = [hit(1, 5, "big one"), hit(2, 4, "big two"), hit(3, 6, "big three"), hit(4, 1, "end")]
    decisive = decisive_rolls(events, "tom", turn="turn")
    assert decisive[-1] == "turn 4: end"
    assert len(decisive) == 3
    assert "turn 3: big three" in decisive  # still the heaviest among the rest
    record = FightRecord(1, "g", "Thugs", ("Thug",), "ring", 1, 4, "player", "active", "", "")
    lines = record_lines(dataclass_replace(record, decisive), "werewolf")
    assert lines[-1] == "  decided by: turn 4: end"


def dataclass_replace(record: FightRecord, decisive: tuple[str, ...]) -> FightRecord:
    import dataclasses

    return dataclasses.replace(record, decisive=decisive)


def test_a_run_the_ai_played_is_marked_in_the_high_scores(tmp_path: Path) -> None:
    add_score(tmp_path, RunState("werewolf", "ahroun", 1, policy="ai:cautious", end="dead"), "A")
    add_score(tmp_path, RunState("werewolf", "ahroun", 2, end="dead"), "B")
    by = {s.name: s.played_by for s in load_scores(tmp_path)}
    assert by == {"A": "ai:cautious", "B": ""}
    shown = scores_text(tmp_path).plain
    assert "A (werewolf, seed 1): 0 won, dead · played by the AI (ai:cautious)" in shown
    assert "B (werewolf, seed 2): 0 won, dead\n" in shown + "\n"
    assert "played by the AI (ai:cautious)" in render_scores(load_scores(tmp_path))


def test_a_table_from_before_the_marks_still_loads(tmp_path: Path) -> None:
    row = {"name": "A", "ruleset": "werewolf", "seed": 1, "won": 3, "taken": 0, "end": "won"}
    (tmp_path / "gauntlet-scores.json").write_text(json.dumps([row]))
    (score,) = load_scores(tmp_path, strict=True)
    assert score.played_by == ""  # a person's run, as every run was then
