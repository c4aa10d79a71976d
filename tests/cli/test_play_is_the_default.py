"""`play` is the default command: its options and a scenario may come without its name."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arena.cli import main

DUEL = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "sorcerer-duel.yaml"


@pytest.mark.parametrize(
    ("argv", "first_line"),
    [
        (["--plain", "sorcerer-duel"], "Rook and Mara trade punches: sorcerer, seed 3."),
        (["sorcerer-duel", "--plain"], "Rook and Mara trade punches: sorcerer, seed 3."),
        (["werewolf-duel", "--plain", "--seed", "9"], "Tom and Vilna trade punches: werewolf"),
        ([str(DUEL), "--plain"], "Rook and Mara trade punches: sorcerer, seed 3."),
    ],
)
def test_a_play_command_line_without_play_plays(
    argv: list[str],
    first_line: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = []
    for words in (argv, ["play", *argv]):
        monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the fight stops at its first question
        status = main([*words, "--saves", str(tmp_path)])
        out = capsys.readouterr().out.splitlines()
        said.append((status, out[:-1]))  # the last line names its own save file
    assert said[0] == said[1]
    assert said[0][0] == 1  # input ended before the fight did
    assert said[0][1][0].split(maxsplit=1)[1].startswith(first_line)


def test_an_option_of_play_alone_is_play_s(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--no-such-option"]) == 2
    assert "unrecognized arguments: --no-such-option (see arena play --help)" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize("word", ["rnu", "no-such-scenario"])
def test_a_word_that_is_no_command_nor_scenario_names_the_commands(
    word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([word]) == 2
    err = capsys.readouterr().err
    assert f"invalid choice: '{word}' (choose from 'play', 'demo'" in err


def test_the_top_level_options_stay_arena_s(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("arena ")


@pytest.mark.parametrize(
    ("word", "meant"),
    [
        ("sorcerer-dul", "sorcerer-duel, "),
        ("werewolf-thug", "werewolf-thugs, "),
        ("sorc\x1b[31merer-duel", "sorcerer-duel, "),
    ],
)
def test_a_scenario_mistyped_is_named_with_those_it_may_mean(
    word: str, meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([word]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: '")
    assert "is neither a command nor a shipped scenario: did you mean " + meant in err
    assert err.endswith("? (see arena --help)\n")
    assert "\x1b" not in err  # a control character is shown escaped, never sent
