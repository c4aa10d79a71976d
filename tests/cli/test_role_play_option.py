"""Option role_play from the command line: scripted bonuses refused unless the table grants them."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main

HEAD = """name: Bonus
ruleset: sorcerer
map: duel
seed: 3
{options}combatants:
  - {{id: rook, template: rook, side: north, spawn: 1}}
  - id: mara
    template: mara
    side: south
    spawn: 2
    controller: script
"""
ENTRIES = {
    # the entry, the key path of the error, and the line past the head it sits on
    "plain": ("    script: [attack:rook:fists, bonus:2]\n", "script[1]", 0),
    "addressed": ('    script: [attack:rook:fists, {bonus: "bonus:2"}]\n', "script[1].bonus", 0),
    "answers": ('    answers: {bonus: "bonus:2"}\n', "answers.bonus", 0),
}


def _write(tmp_path: Path, options: str, entry: str) -> tuple[Path, int]:
    head = HEAD.format(options=options)
    path = tmp_path / "bonus.yaml"
    path.write_text(head + entry)
    return path, head.count("\n") + 1


@pytest.mark.parametrize("form", list(ENTRIES))
@pytest.mark.parametrize(
    ("options", "rule"),
    [
        ("", "sheet"),
        ("options: {role_play: sheet}\n", "sheet"),
        ('options: {role_play: "off"}\n', "off"),
    ],
)
@pytest.mark.parametrize("command", ["validate", "run"])
def test_a_scripted_bonus_is_refused_unless_the_table_grants_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    form: str,
    options: str,
    rule: str,
    command: str,
) -> None:
    entry, where, _ = ENTRIES[form]
    path, line = _write(tmp_path, options, entry)
    out = tmp_path / "log.txt"
    argv = [command, str(path)] + (["--out", str(out)] if command == "run" else [])
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert (
        f"{path}:{line}: combatants[1].{where}: 'bonus:2' is never asked: under role_play: " in err
    )
    assert f"role_play: {rule} " in err
    assert "{role_play: honour}" in err
    assert "Traceback" not in err
    assert not out.exists()  # nothing written


@pytest.mark.parametrize("form", list(ENTRIES))
def test_a_scripted_bonus_is_taken_under_honour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str
) -> None:
    entry, _, _ = ENTRIES[form]
    path, _ = _write(tmp_path, "options: {role_play: honour}\n", entry)
    assert main(["validate", str(path)]) == 0, capsys.readouterr().err


def test_role_play_is_in_the_log_header(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = _write(tmp_path, 'options: {role_play: "off"}\n', "    script: [attack:rook:fists]\n")
    out = tmp_path / "log.md"
    main(["run", str(path), "--format", "markdown", "--out", str(out)])
    assert "| role_play | off |" in out.read_text().splitlines()


def test_sim_varies_role_play_and_refuses_a_word_it_lacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["sim", "sorcerer-duel", "-n", "2", "--vary", "option.role_play=honour"]) == 0
    assert "option.role_play=honour" in capsys.readouterr().out
    assert main(["sim", "sorcerer-duel", "-n", "2", "--vary", "option.role_play=judge"]) == 2
    err = capsys.readouterr().err
    # The change is named once, with the words the option takes.
    assert err.endswith("--vary option.role_play=judge: expected one of sheet|honour|off\n")


@pytest.mark.parametrize("form", list(ENTRIES))
@pytest.mark.parametrize(
    ("options", "bonus", "says"),
    [
        # above the cap the table grants: no choice it offers
        (
            "options: {role_play: honour}\n",
            4,
            "is no choice: under role_play: honour the table grants 0 to 3 dice",
        ),
        ("options: {role_play: honour, role_play_max: 1}\n", 2, "grants 0 to 1 dice"),
        # a cap of 0: the table grants none, so nobody is asked
        (
            "options: {role_play: honour, role_play_max: 0}\n",
            0,
            "is never asked: under role_play_max: 0",
        ),
    ],
)
@pytest.mark.parametrize("command", ["validate", "run"])
def test_a_scripted_bonus_under_honour_is_refused_past_role_play_max(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    form: str,
    options: str,
    bonus: int,
    says: str,
    command: str,
) -> None:
    entry, where, _ = ENTRIES[form]
    path, line = _write(tmp_path, options, entry.replace("bonus:2", f"bonus:{bonus}"))
    out = tmp_path / "log.txt"
    argv = [command, str(path)] + (["--out", str(out)] if command == "run" else [])
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{path}:{line}: combatants[1].{where}: 'bonus:{bonus}' " in err
    assert says in err
    assert "Traceback" not in err
    assert not out.exists()  # nothing written
