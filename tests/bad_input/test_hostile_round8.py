"""Hostile input, eighth pass: help at 80 columns, saves' lines, an AI's level."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from arena.cli import build_parser
from arena.cli.helpwrap import fit
from arena.content.saves import read_yaml_mapping, write_yaml_atomic
from tests.bad_input.hostile import SCENARIO, listing, run, save_line

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


# -- a save's refusal names the line ------------------------------------------------------------
#
# A save is a YAML file a person may open and edit; its refusals named the file and the key but
# no line ("duel.yaml: seed: ..."), unlike every other file arena reads. A value of the wrong
# type in arena_version or content_digest was taken (5) or shown as a digest ("save None").

SAVE_EDITS: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (lambda d: d.update(arena_version=5), "arena_version: expected text, got 5"),
    (lambda d: d.update(content_digest=None), "content_digest: expected text, got None"),
    (lambda d: d.update(format=99), "format"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d.update(rigged=[3, 0]), "rigged[1]"),
    (lambda d: d.update(options={"stun": 1.5}), "options.stun"),
    (lambda d: d.update(preset=[]), "preset"),
    (lambda d: d.update(scenario=3), "scenario"),
    (lambda d: d.update(commands={}), "commands: expected a list, got {}"),
    (lambda d: d["commands"].__setitem__(2, 5), "commands[2]: expected a mapping, got 5"),
    (lambda d: d["commands"][1].update(actor=5), "commands[1].actor"),
    (lambda d: d["commands"][1].update(kind="fly"), "commands[1]"),
    (lambda d: d["reasons"].__setitem__(1, None), "reasons[1]: expected a line of text"),
    (lambda d: d["reasons"].pop(), "reasons: one line of text per command expected"),
    (lambda d: d.update(round_hashes=5), "round_hashes: expected a list, got 5"),
    (lambda d: d["round_hashes"].__setitem__(0, "a" * 64), "round_hashes[0]: replay diverged"),
    (lambda d: d.update(final_hash="x"), "final_hash: expected a SHA-256 hash"),
    (lambda d: d.update(final_hash="0" * 64), "final_hash: replay diverged"),
    (lambda d: d.update(extra=1), "extra"),
]


LOADERS = [
    ("werewolf-duel", ["run", "--resume"]),
    ("werewolf-duel", ["replay"]),
    ("werewolf-duel", ["sim", "-n", "2", "--from"]),
    ("sorcerer-duel", ["replay"]),  # one loader for every command: the other ruleset once
]


@pytest.mark.parametrize(("edit", "said"), SAVE_EDITS)
@pytest.mark.parametrize(("scenario", "command"), LOADERS)
def test_a_sealed_save_s_refusal_names_the_line_of_its_key(
    edit: Callable[[dict[str, Any]], None],
    said: str,
    command: list[str],
    scenario: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "duel.yaml"
    assert run(["run", scenario, "--save", str(path), "--stop-after", "6"], capsys)[0] == 0
    data = read_yaml_mapping(path)
    edit(data)
    write_yaml_atomic(path, data)  # sealed again: the digest matches the edit
    before = listing(tmp_path)
    status, out, err = run([*command, str(path)], capsys)
    key = said.partition(":")[0]
    line = save_line(path, key)
    shown = f"--from: {path}" if command[0] == "sim" else str(path)
    assert (status, out, listing(tmp_path)) == (2, "", before)
    assert err.startswith(f"arena: {shown}:{line}: ")
    assert said in err
    assert err.count("\n") == 1


def test_a_save_missing_a_key_is_named_on_its_first_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "duel.yaml"
    assert run(["run", "werewolf-duel", "--save", str(path), "--stop-after", "2"], capsys)[0] == 0
    data = read_yaml_mapping(path)
    del data["seed"]
    write_yaml_atomic(path, data)
    assert run(["replay", str(path)], capsys) == (
        2,
        "",
        f"arena: {path}:1: not an arena save (missing seed)\n",
    )


# -- what a newcomer runs first, at 80 columns --------------------------------------------------
#
# `arena validate` printed its counts on one line of 173 characters and `arena odds table` its
# heading on one of 94 (more with --tens): each broken by the terminal in mid-word.


@pytest.mark.parametrize(
    "argv",
    [
        ["validate"],
        ["odds", "table"],
        ["odds", "table", "--tens", "double"],
        ["odds", "table", "--tens", "reroll"],
        ["odds", "table", "--damage"],
    ],
)
def test_a_first_look_fits_80_columns(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    status, out, err = run(argv, capsys)
    assert (status, err) == (0, "")
    assert [line for line in out.splitlines() if len(line) > 80] == []


def test_validate_s_counts_fitted_lose_no_word(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    wide = run(["validate"], capsys)[1]
    monkeypatch.setenv("COLUMNS", "80")
    assert run(["validate"], capsys)[1].split() == wide.split()
    assert len(wide.splitlines()) == 1


# -- who plays, said twice ----------------------------------------------------------------------
#
# `arena play --hot-seat --watch` played with the AI on every side, and `--as tom --watch` and
# `--hot-seat --as tom` dropped one of the two without a word.

WHO = {
    "--as": ["--as", "tom"],
    "--watch": ["--watch"],
    "--hot-seat": ["--hot-seat"],
}
SAID = {
    "--as": "you play one combatant",
    "--watch": "the AI plays every side",
    "--hot-seat": "a person plays every side",
}


@pytest.mark.parametrize(
    ("one", "other"), [("--as", "--watch"), ("--as", "--hot-seat"), ("--watch", "--hot-seat")]
)
@pytest.mark.parametrize(
    "where",
    [
        ["play", "--plain", "--scenario", "werewolf-duel"],
        ["play", "--plain", "--scenario", "sorcerer-duel"],
        ["play", "--scenario", "werewolf-duel"],
        ["play"],
        ["serve", "play", "--scenario", "werewolf-duel"],
    ],
)
def test_two_ways_of_saying_who_plays_are_refused(
    one: str,
    other: str,
    where: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    argv = [*where, *WHO[other], *WHO[one]]  # the order given does not matter
    status, out, err = run(argv, capsys)
    assert (status, out, listing(tmp_path)) == (2, "", {})
    assert (
        err == f"arena: play: {one} ({SAID[one]}) and {other} ({SAID[other]}) exclude each other\n"
    )
