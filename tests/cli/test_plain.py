"""`arena play --plain`: numbered lines out, answers in, and `arena play` without a terminal."""

from __future__ import annotations

import dataclasses
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli.plain import PlainFight
from arena.content.loader import Catalog
from arena.engine import Fight
from arena.engine.setup import scenario_fight, with_human
from tests.ui.conftest import ROOK_WINS

ROOT = Path(__file__).resolve().parents[2]


def test_lines_are_numbered_and_the_player_answers_by_number(catalog: Catalog) -> None:
    fight = scenario_fight(catalog, "sorcerer-duel", human="rook", rigged=ROOK_WINS)
    out = io.StringIO()
    # Each round: 1 = the first action listed (attack Mara); no bonus is asked (role_play:
    # sheet, the default, gives Rook its sheet's 0).
    answers = io.StringIO("1\n" * 3)
    assert PlainFight(fight, out).play(answers) == 0
    # A line past 80 columns goes on unnumbered, under its words.
    lines = [line for line in out.getvalue().splitlines() if not line.startswith(" " * 6)]
    numbers = [int(line[:4]) for line in lines]
    assert numbers == list(range(1, len(lines) + 1))
    assert all(len(line) <= 80 for line in out.getvalue().splitlines())
    assert lines[-1].endswith("The fight is over: Rook wins.")
    assert fight.view().winner == "north"


def test_a_key_a_cell_and_a_wrong_answer(catalog: Catalog) -> None:
    duel = catalog.scenarios["sorcerer-duel"]
    honour = dataclasses.replace(duel, options={**duel.options, "role_play": "honour"})
    fight = Fight(with_human(honour, "rook"), catalog, rigged=ROOK_WINS)
    out = io.StringIO()
    # "9" is no action's number: asked again. Then Rook attacks (1); under role_play: honour
    # the player at the table grants a bonus of two dice by its key; next round Rook moves by
    # typing a cell; then input ends.
    answers = io.StringIO("9\n1\nbonus:2\n4,2\n")
    assert PlainFight(fight, out).play(answers) == 1
    text = out.getvalue()
    assert "'9' is not a choice" in text
    rook = [c for c in fight.commands if c.actor == "rook"]
    assert [c.kind for c in rook] == ["attack", "role_play", "move"]
    assert rook[1].dice == 2  # type: ignore[attr-defined]
    assert rook[2].to == (4, 2)  # type: ignore[attr-defined]
    assert "Input ended before the fight did" in text


def test_q_stops_and_saves(catalog: Catalog, tmp_path: Path) -> None:
    fight = scenario_fight(catalog, "sorcerer-duel", human="rook", rigged=ROOK_WINS)
    out = io.StringIO()
    save = tmp_path / "plain.yaml"
    assert PlainFight(fight, out, save_to=save).play(io.StringIO("q\n")) == 1
    assert save.exists()
    # The path may fold onto a line of its own: the words are the same.
    assert f"Saved to {save}." in " ".join(out.getvalue().split())


def run_arena(saves: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ARENA_SAVES=str(saves))
    return subprocess.run(
        [sys.executable, "-m", "arena", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
    )


def test_plain_through_the_command_line_reads_stdin(tmp_path: Path) -> None:
    # Input ends at once: the fight starts, asks, stops without hanging, and is saved.
    result = run_arena(tmp_path, "play", "--plain", "--scenario", "sorcerer-duel", "--as", "rook")
    assert result.returncode == 1
    assert "   1  Rook and Mara trade punches: sorcerer, seed 3." in result.stdout
    assert "You play rook." in result.stdout
    assert "Input ended before the fight did" in result.stdout
    assert len(list(tmp_path.glob("*.yaml"))) == 1


def test_play_without_a_terminal_lists_and_plays_without_waiting(tmp_path: Path) -> None:
    result = run_arena(tmp_path, "play", "sorcerer-duel")
    assert result.returncode == 0
    assert result.stdout.startswith("Shipped scenarios")
    assert "The fight is over" in result.stdout


def test_c_coaches_the_decision_and_the_end_lists_the_costliest(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arena.cli import plain
    from tests.ui.conftest import TOM_WINS

    monkeypatch.setattr(plain, "PER_CHOICE", 2)  # a quick coach: two continuations a choice
    fight = scenario_fight(catalog, "werewolf-duel", human="tom", rigged=TOM_WINS)
    out = io.StringIO()
    assert PlainFight(fight, out).play(io.StringIO("c\n1\n" + "1\n" * 30)) == 0
    lines = [line[6:] for line in out.getvalue().splitlines()]
    start = lines.index("Coach: 2 continuations a choice, the same dice for each...")
    ranked = lines[start + 2 : start + 5]
    assert "] best " in " ".join(ranked[0].split())  # chance, interval, then the gap
    assert all(line.startswith("  ") and "% [" in line for line in ranked)
    assert lines[start + 5 :].count("costliest decisions") <= 1
    assert fight.over
    assert any(line.startswith("costliest decisions") for line in lines[start:])
