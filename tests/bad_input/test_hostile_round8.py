"""Hostile input, eighth pass: help at 80 columns, saves' lines, an AI's level."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.cli import build_parser
from arena.cli.helpwrap import fit
from tests.bad_input.hostile import SCENARIO, listing, run

# -- every --help at 80 columns ----------------------------------------------------------------
#
# argparse fits the options to the terminal but leaves a raw description or epilog as written,
# and those were written about 96 columns wide: `arena run --help` at 80 columns had lines of
# 100 characters, each broken by the terminal in mid-word.


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser and every subcommand's, subcommands of subcommands included."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                yield from _parsers(child)


def _helps(columns: int, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("COLUMNS", str(columns))
    return {p.prog: p.format_help() for p in _parsers(build_parser())}


def test_every_help_fits_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    helps = _helps(80, monkeypatch)
    assert len(helps) > 15  # every command and the subcommands of odds and roll
    wide = {
        prog: line for prog, text in helps.items() for line in text.splitlines() if len(line) > 80
    }
    assert wide == {}


def test_a_help_fitted_to_80_columns_loses_no_word(monkeypatch: pytest.MonkeyPatch) -> None:
    wide = _helps(300, monkeypatch)
    narrow = _helps(80, monkeypatch)
    assert {p: t.split() for p, t in narrow.items()} == {p: t.split() for p, t in wide.items()}


def test_a_help_item_that_fits_is_left_as_written() -> None:
    text = "usage: x\n\nexamples:\n  arena run a    does a\n\nshort\nlines\n"
    assert fit(text, 40) == text


def test_a_wide_paragraph_is_refilled_whole() -> None:
    text = "one two three four five six\nseven eight\n\nnext"
    assert fit(text, 12) == "one two\nthree four\nfive six\nseven eight\n\nnext"


def test_a_wide_example_goes_on_under_its_second_column() -> None:
    text = "  arena x  " + "word " * 8 + "end"
    refilled = "  arena x  " + "word " * 6 + "word\n" + " " * 11 + "word end"
    assert fit(text, 46) == refilled


def test_a_second_column_too_far_right_goes_on_two_columns_in() -> None:
    text = "  " + "x" * 30 + "  does one thing and another"
    assert fit(text, 50) == "  " + "x" * 30 + "  does one thing\n    and another"


def test_a_wide_indented_item_keeps_the_indent_of_its_later_lines() -> None:
    text = "  easy: one two three four\n    five six\n  hard: seven"
    assert fit(text, 16) == "  easy: one two\n    three four\n    five six\n  hard: seven"


# -- a level after an AI policy that is no level -------------------------------------------------
#
# `controller: ai:nearest/ultra` was refused twice in one breath: once as badly written, once as
# naming no policy (the policy, nearest, is one); on the command line as an unknown policy. It
# is now one message naming the level and the four there are, wherever a controller is given.

LEVELS = "expected ai:<policy>[/easy|normal|hard|expert]"
SORCERER = (
    "name: Hostile\n"
    "ruleset: sorcerer\n"
    "map: duel\n"
    "combatants:\n"
    "  - {id: rook, template: rook, side: north, spawn: 1}\n"
    "  - {id: mara, template: mara, side: south, spawn: 2}\n"
)


def _with_controller(text: str, controller: str) -> str:
    first, second = text.split("  - {", 2)[1:]
    head = text.split("  - {", 1)[0]
    return f"{head}  - {{{first[:-2]}, controller: {controller}}}\n  - {{{second}"


@pytest.mark.parametrize("command", ["run", "validate", "sim", "sweep"])
@pytest.mark.parametrize(("text", "line"), [(SCENARIO, 6), (SORCERER, 5)])
@pytest.mark.parametrize("level", ["ultra", "", "hard/hard", "Hard"])
def test_a_level_that_is_none_is_one_message_naming_the_levels(
    command: str,
    text: str,
    line: int,
    level: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(_with_controller(text, f"ai:nearest/{level}"))
    before = listing(tmp_path)
    extra = {"sim": ["-n", "2"], "sweep": ["-n", "2", "--grid", "option.stun=true"]}
    status, out, err = run([command, "fight.yaml", *extra.get(command, [])], capsys)
    prefix = "" if command == "validate" else "arena: "
    message = f"no level '{level}': {LEVELS}, got 'ai:nearest/{level}'"
    assert (status, out, listing(tmp_path)) == (2, "", before)
    assert err == f"{prefix}fight.yaml:{line}: combatants[0].controller: {message}\n"


def test_a_controller_written_wrong_is_still_one_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(_with_controller(SCENARIO, "AI:Nearest"))
    status, _, err = run(["run", "fight.yaml"], capsys)
    assert status == 2
    assert err == (
        "arena: fight.yaml:6: combatants[0].controller: expected human, script or "
        "ai:<policy>[/easy|normal|hard|expert], got 'AI:Nearest'\n"
    )


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["sim", "werewolf-duel", "-n", "2", "--vary", "tom.controller=ai:garou/ultra"], "--vary"),
        (
            [
                "sweep",
                "sorcerer-duel",
                "-n",
                "2",
                "--grid",
                "rook.controller=ai:nearest,ai:garou/ultra",
            ],
            "--grid",
        ),
    ],
)
def test_a_change_to_a_level_that_is_none_names_the_levels(
    argv: list[str], flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    key = argv[-1].partition("=")[0]
    assert (status, out) == (2, "")
    assert err == f"arena: {flag} {key}: no level 'ultra': {LEVELS}, got 'ai:garou/ultra'\n"


def test_gauntlet_auto_with_a_level_that_is_none_names_the_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["gauntlet", "--auto", "ai:garou/ultra", "--saves", str(tmp_path)]
    status, out, err = run(argv, capsys)
    assert (status, out, listing(tmp_path)) == (2, "", {})
    assert err == f"arena: --auto: no level 'ultra': {LEVELS}, got 'ai:garou/ultra'\n"


def test_sim_as_with_a_level_that_is_none_names_the_levels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(_with_controller(SCENARIO, "human"))
    assert run(["run", "fight.yaml", "--stop-after", "1", "--save", "a.sav"], capsys)[0] == 0
    before = listing(tmp_path)
    status, out, err = run(["sim", "--from", "a.sav", "-n", "2", "--as", "ai:garou/ultra"], capsys)
    assert (status, out, listing(tmp_path)) == (2, "", before)
    assert err == f"arena: --as: no level 'ultra': {LEVELS}, got 'ai:garou/ultra'\n"
