"""Hostile input, sixth pass: sweep grids, oversized numbers in changes, side names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.bad_input.hostile import SCENARIO, run

# -- a number too long for int() in --vary and --grid ------------------------------------------

HUGE = "9" * 5000
"""More digits than int() converts (4,300): it raised an error of its own, status 70."""


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "werewolf-duel", "--vary", f"tom.dexterity={HUGE}"],
        ["sim", "werewolf-duel", "--vary", f"option.block_difficulty={HUGE}"],
        ["sim", "werewolf-duel", "--vary", f"option.block_difficulty=-{HUGE}"],
        ["sweep", "werewolf-duel", "--grid", f"tom.dexterity=2,{HUGE}"],
        ["sweep", "werewolf-duel", "--grid", f"option.block_difficulty={HUGE}"],
    ],
    ids=["vary trait", "vary option", "vary negative option", "grid trait", "grid option"],
)
def test_a_number_of_thousands_of_digits_is_refused_with_its_bound(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run([*argv, "-n", "1", "-q"], capsys)
    assert status == 2, err
    assert "a number of 5,000 digits is out of range (at most 20)" in err
    assert out == ""
    assert len(err) < 300  # the value is cut, not repeated whole


def test_a_long_grid_value_is_cut_in_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(
        ["sweep", "werewolf-duel", "--grid", "tom.dexterity=" + "x" * 9000], capsys
    )
    assert status == 2
    assert "a trait takes a whole number from 0" in err
    assert len(err) < 300


# -- one value given in two spellings ------------------------------------------------------------


@pytest.mark.parametrize(
    ("grid", "said"),
    [
        ("tom.dexterity=01,1", "01 and 1 are one value; give it once"),
        ("tom.dexterity=1..3,002", "2 and 002 are one value; give it once"),
        ("option.block_difficulty=6,06", "6 and 06 are one value; give it once"),
        ("option.block_difficulty=+6,6", "+6 and 6 are one value; give it once"),
        ("tom.dexterity=2,2", "2 given twice"),
    ],
)
def test_a_grid_value_given_twice_in_another_spelling_is_refused(
    grid: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each spelling played the same setting again, as another column of the report."""
    status, out, err = run(["sweep", "werewolf-duel", "--grid", grid, "-n", "1", "-q"], capsys)
    assert status == 2, err
    assert said in err
    assert out == ""


def test_a_range_message_gives_both_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["sweep", "werewolf-duel", "--grid", "tom.dexterity=1..1000000"], capsys)
    assert status == 2
    assert "whole numbers from 0 to 999,999, got '1..1000000'" in err


# -- a side is a name, and 'none' is taken ------------------------------------------------------


@pytest.mark.parametrize(
    ("side", "said"),
    [
        (
            "'" + "n" * 41 + "'",
            "a side is a printable name: it holds at most 40 characters, got 41",
        ),
        ('"\\u0301"', "it must not begin with the combining mark U+0301"),
        ('"\\u0301north"', "it must not begin with the combining mark U+0301"),
        ("none", "a side may not be called 'none': expect.winner: none means no side won"),
    ],
    ids=["over 40 characters", "a lone accent", "an accent first", "none"],
)
@pytest.mark.parametrize("command", ["validate", "run", "sim", "sweep"])
def test_a_side_is_a_one_line_name_and_not_none(
    side: str,
    said: str,
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A long side ran past the summary and the chart; 'none' won where no side won too."""
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(SCENARIO.replace("side: north", f"side: {side}"))
    extra = {"sim": ["-n", "1", "-q"], "sweep": ["--grid", "tom.dexterity=2", "-n", "1", "-q"]}
    status, out, err = run([command, "fight.yaml", *extra.get(command, [])], capsys)
    assert status == 2, err
    assert "fight.yaml:6: combatants[0].side: " in out + err
    assert said in out + err
    assert "Traceback" not in err


def test_a_name_that_begins_with_an_accent_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The accent lands on the panel's border or the cell before: names share the rule."""
    monkeypatch.chdir(tmp_path)
    text = SCENARIO.replace("spawn: 1}", 'spawn: 1, name: "\\u0301Tom"}')
    Path("fight.yaml").write_text(text)
    status, out, err = run(["validate", "fight.yaml"], capsys)
    assert status == 2
    said = "fight.yaml:6: combatants[0].name: must not begin with the combining mark U+0301"
    assert said in out + err


def test_a_side_with_an_accent_inside_is_a_side(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(SCENARIO.replace("side: north", 'side: "nórte\\u0301"'))
    status, out, err = run(["validate", "fight.yaml"], capsys)
    assert status == 0, out + err


# -- a file's name holding an escape code, in what reports it -----------------------------------

ODD_NAME = "n\nl\x1b[2J\u202e.yaml"
"""A file name may hold any character but / and NUL."""


@pytest.mark.parametrize(
    "argv",
    [
        ["validate"],
        ["sim", "-n", "1", "-q"],
        ["sim", "-n", "1", "-q", "--markdown"],
        ["sweep", "--grid", "tom.dexterity=2", "-n", "1", "-q"],
        ["sweep", "--grid", "tom.dexterity=2", "-n", "1", "-q", "--markdown"],
    ],
    ids=["validate", "sim", "sim markdown", "sweep", "sweep markdown"],
)
def test_a_scenario_file_name_is_shown_escaped(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """validate's ok line and the reports' file line printed the name as it was."""
    monkeypatch.chdir(tmp_path)
    Path(ODD_NAME).write_text(SCENARIO)
    status, out, err = run([argv[0], ODD_NAME, *argv[1:]], capsys)
    assert status == 0, err
    assert "n\\nl\\x1b[2J\\u202e.yaml" in out
    assert "\x1b" not in out + err
    assert "\u202e" not in out + err


def test_a_scenario_file_name_is_escaped_in_a_folder_validated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("d").mkdir()
    (Path("d") / ODD_NAME).write_text(SCENARIO)
    status, out, err = run(["validate", "d"], capsys)
    assert status == 0, err
    assert "ok: d/n\\nl\\x1b[2J\\u202e.yaml (werewolf" in out
    assert "\x1b" not in out


# -- '-' where a file is written ----------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "fight.yaml", "--out", "-"],
        ["run", "fight.yaml", "--save", "-"],
        ["replay", "save.yaml", "--out", "-"],
        ["sweep", "fight.yaml", "--grid", "tom.dexterity=2", "-n", "1", "-q", "--plot", "-"],
        ["gauntlet", "--auto", "ai:garou", "--saves", ".", "--fights", "1", "--out", "-"],
        ["gauntlet", "--auto", "ai:garou", "--saves", ".", "--fights", "1", "--save", "-"],
    ],
    ids=["run --out", "run --save", "replay --out", "sweep --plot", "gauntlet --out", "--save"],
)
def test_a_dash_is_no_file_to_write(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'-' was taken as a file's name: a file called '-' appeared, and was written over."""
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(SCENARIO)
    assert run(["run", "fight.yaml", "--save", "save.yaml", "--stop-after", "1"], capsys)[0] == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    status, out, err = run(argv, capsys)
    assert status == 2, err
    option = argv[-2]
    assert err == (
        f"arena: {option}: '-' names standard output, which {option} does not write; name a "
        "file (./- for one called '-'), or leave the option out\n"
    )
    assert out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_file_called_dash_is_written_as_dot_slash_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(SCENARIO)
    status, _, err = run(["run", "fight.yaml", "--out", "./-"], capsys)
    assert status == 0, err
    assert Path("-").read_text().startswith("scenario: Hostile")


# -- a scenario given where a save is read ------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "prefix"),
    [(["replay"], ""), (["run", "--resume"], ""), (["sim", "-q", "-n", "1", "--from"], "--from: ")],
)
@pytest.mark.parametrize("shipped", ["werewolf-duel", "sorcerer-duel"])
def test_a_scenario_given_as_a_save_is_called_a_scenario(
    argv: list[str], prefix: str, shipped: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its description's line breaks were refused as control characters a save never holds."""
    path = str(Path(__file__).resolve().parents[2] / "content" / "scenarios" / f"{shipped}.yaml")
    status, out, err = run([*argv, path], capsys)
    assert status == 2
    said = ": a scenario, not a saved fight: arena run plays it"
    assert err == f"arena: {prefix}{path}{said}\n"
    assert out == ""


# -- a file or folder name with an escape code, in what run and gauntlet say on the side -----------


def test_an_unmet_expect_names_the_file_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    name = "x\x1b[31m.yaml"
    shipped = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "werewolf-duel.yaml"
    Path(name).write_text(shipped.read_text().replace("winner: south", "winner: north"))
    status, _, err = run(["run", name], capsys)
    assert status == 1
    assert "x\\x1b[31m.yaml: the fight did not meet its expect: block:" in err
    assert "\x1b" not in err


def test_the_morgue_line_escapes_the_saves_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """$ARENA_SAVES is the user's, but an escape code in it must not reach the terminal."""
    folder = tmp_path / "s\x1b[2J"
    folder.mkdir()
    monkeypatch.setenv("ARENA_SAVES", str(folder))
    status, out, err = run(["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"], capsys)
    assert status == 0, err
    assert "morgue: " + str(tmp_path) + "/s\\x1b[2J/morgue-werewolf-ahroun-1.md" in out
    assert "\x1b" not in out + err


# -- a run continued with an AI of the other ruleset ----------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "auto", "other"),
    [
        ("werewolf", "ai:garou", "ai:sorcerer"),
        ("werewolf", "ai:garou", "ai:demon/hard"),
        ("sorcerer", "ai:sorcerer", "ai:garou"),
    ],
)
def test_a_run_continued_by_an_ai_of_the_other_ruleset_is_refused(
    ruleset: str,
    auto: str,
    other: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It ended in an internal error (status 70) inside the first fight."""
    monkeypatch.chdir(tmp_path)
    first = ["gauntlet", "--auto", auto, "--ruleset", ruleset, "--saves", ".", "--fights", "1"]
    assert run([*first, "--save", "run.json", "-q"], capsys)[0] == 0
    before = Path("run.json").read_bytes()
    argv = ["gauntlet", "--auto", other, "--continue", "run.json", "--saves", ".", "-q"]
    status, out, err = run(argv, capsys)
    assert status == 2, err
    assert err.startswith(f"arena: --auto: {other!r} plays ")
    assert f"; {ruleset} policies: " in err
    assert out == ""
    assert Path("run.json").read_bytes() == before


# -- a value thousands of characters long, before the reason it is refused ------------------------

LONG = "a" * 3000


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["sweep", "werewolf-duel", "--grid", "tom.dexterity=2", "--side", LONG], "sides: north"),
        (["gauntlet", "--auto", "ai:garou", "--character", LONG], "characters: tom, vilna"),
        (["replay", LONG], ": cannot read it: File name too long"),
        (["run", "werewolf-duel", "--format", LONG], "(choose from 'text', 'jsonl'"),
        (["completion", LONG], "(choose from 'bash', 'zsh')"),
        (["serve", "--host", LONG], "is not an address or a host name"),
    ],
    ids=["sweep --side", "gauntlet --character", "replay", "run --format", "completion", "serve"],
)
def test_a_long_value_is_cut_in_the_middle_so_the_reason_stays(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The line was cut at 1,000 characters from its start, and the reason went with the end."""
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert reason in err
    assert len(err) <= 1010


# -- $ARENA_CONTENT that is no folder -------------------------------------------------------------


def _content_places(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """Each kind of wrong $ARENA_CONTENT, and what the message says of it."""
    (tmp_path / "file.yaml").write_text("x: 1\n")
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    return {
        "missing": (str(tmp_path / "gone"), "no such content folder"),
        "a file": (str(tmp_path / "file.yaml"), "not a folder but a file"),
        "a device": ("/dev/null", "not a folder but a device"),
        "under a file": (
            str(tmp_path / "file.yaml" / "x"),
            f"not a folder: {tmp_path / 'file.yaml'} is a file",
        ),
        "a link to nothing": (
            str(tmp_path / "dangling"),
            f"a link to nothing, not a folder (it names {tmp_path / 'gone'})",
        ),
    }


@pytest.mark.parametrize(
    "kind", ["missing", "a file", "a device", "under a file", "a link to nothing"]
)
@pytest.mark.parametrize(
    "argv",
    [["run", "werewolf-duel"], ["validate"], ["sim", "werewolf-duel", "-n", "1", "-q"]],
    ids=["run", "validate", "sim"],
)
def test_arena_content_that_is_no_folder_is_named_as_the_variable(
    kind: str,
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A file or a device was called 'no such content folder', and the variable not named."""
    value, said = _content_places(tmp_path)[kind]
    monkeypatch.setenv("ARENA_CONTENT", value)
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err == f"arena: ARENA_CONTENT: {value}: {said}\n"


# -- a save's name in what --as says ---------------------------------------------------------------


def test_as_with_nobody_to_play_names_the_save_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line break in the save's name split the message in two."""
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(SCENARIO)
    name = "s\nave.yaml"
    assert run(["run", "fight.yaml", "--save", name, "--stop-after", "1"], capsys)[0] == 0
    status, out, err = run(["sim", "--from", name, "--as", "ai:garou", "-n", "2", "-q"], capsys)
    assert (status, out) == (2, "")
    assert err.startswith("arena: --as ai:garou: nobody in s\\nave.yaml is played by a person")
    assert err.count("\n") == 1


@pytest.mark.parametrize("argv", [["replay"], ["run", "--resume"]])
@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (("format: 3", "format: 99"), "made by a newer arena, format 99"),
        (("content_digest: ", "content_digest: 0"), "content_digest: the content has changed"),
        (("kind: attack", "kind: zzz"), "unknown command kind 'zzz'"),
    ],
    ids=["newer format", "other content", "unknown command"],
)
def test_a_save_whose_name_breaks_its_line_is_named_on_one_line(
    argv: list[str],
    edit: tuple[str, str],
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("fight.yaml").write_text(SCENARIO)
    name = "s\nave.yaml"
    assert run(["run", "fight.yaml", "--save", name, "--stop-after", "3"], capsys)[0] == 0
    text = Path(name).read_text()
    assert edit[0] in text
    Path(name).write_text(text.replace(edit[0], edit[1], 1))
    status, out, err = run([*argv, name], capsys)
    assert (status, out) == (2, "")
    assert re.match(r"arena: s\\nave\.yaml:\d+: ", err)
    assert said in err
    assert err.count("\n") == 1


# -- a file with thousands of problems ------------------------------------------------------------


@pytest.mark.parametrize("command", ["run", "sim", "sweep", "play"])
def test_a_file_of_thousands_of_problems_lists_twenty_and_counts_the_rest(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A file that is no scenario at all gave one line per key: thousands of lines."""
    monkeypatch.chdir(tmp_path)
    Path("many.yaml").write_text("".join(f"k{i}: {i}\n" for i in range(5000)))
    extra = {"play": ["--plain"], "sweep": ["--grid", "tom.dexterity=2"]}.get(command, [])
    status, out, err = run([command, "many.yaml", *extra], capsys)
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 21
    assert lines[0] == "arena: many.yaml:1: k0: unknown key"
    assert lines[-1] == "... and 4,984 more problems (arena validate lists them all)"


def test_validate_still_lists_every_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("many.yaml").write_text("".join(f"k{i}: {i}\n" for i in range(100)))
    status, _, err = run(["validate", "many.yaml"], capsys)
    assert status == 2
    assert len(err.splitlines()) == 104  # 100 unknown keys, 4 required ones missing


# -- a link to nothing, read ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "prefix"),
    [
        (["run", "dl.yaml"], "arena: "),
        (["validate", "dl.yaml"], ""),
        (["replay", "dl.yaml"], "arena: "),
        (["run", "--resume", "dl.yaml"], "arena: "),
        (["gauntlet", "--auto", "ai:garou", "--saves", ".", "--continue", "dl.yaml"], "arena: "),
        (["sim", "--from", "dl.yaml", "-q"], "arena: --from: "),
    ],
    ids=["run", "validate", "replay", "resume", "gauntlet --continue", "sim --from"],
)
def test_a_link_to_nothing_is_called_so(
    argv: list[str],
    prefix: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It was called 'no such file', though the name is right there in the folder."""
    monkeypatch.chdir(tmp_path)
    Path("dl.yaml").symlink_to("gone\n.yaml")
    status, out, err = run(argv, capsys)
    assert status == 2
    assert f"{prefix}dl.yaml: a link to nothing (it names gone\\n.yaml)\n" in out + err


# -- --scenario given twice ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--plain", "--scenario", "werewolf-duel", "--scenario", "sorcerer-duel"],
        ["play", "--plain", "--scenario", "werewolf-duel", "--scenario", "werewolf-duel"],
        ["serve", "play", "--scenario", "werewolf-duel", "--scenario", "sorcerer-duel"],
    ],
    ids=["play two", "play the same twice", "serve play"],
)
def test_scenario_option_given_twice_is_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The last one was played without a word, where two arguments are refused."""
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err.startswith("arena: play takes one scenario, got 2: 'werewolf-duel', ")


# -- a dash where the saves folder is named ----------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "env", "said"),
    [
        (["play", "--plain", "--saves", "-"], None, "--saves"),
        (["play", "--plain", "--saves", "-", "werewolf-duel"], None, "--saves"),
        (
            ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q", "--saves", "-"],
            None,
            "--saves",
        ),
        (["play", "--plain", "werewolf-duel"], "-", "ARENA_SAVES"),
        (["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"], "-", "ARENA_SAVES"),
    ],
    ids=["play", "play a scenario", "gauntlet", "ARENA_SAVES play", "ARENA_SAVES gauntlet"],
)
def test_a_dash_is_no_saves_folder(
    argv: list[str],
    env: str | None,
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'--saves -' made a folder called '-' in the current folder and saved there."""
    monkeypatch.chdir(tmp_path)
    if env is not None:
        monkeypatch.setenv("ARENA_SAVES", env)
    status, out, err = run(argv, capsys)
    assert status == 2, err
    instead = "leave the option out" if said == "--saves" else "unset it"
    assert err == (
        f"arena: {said}: '-' names standard input or output, not a folder for saves; name a "
        f"folder (./- for one called '-'), or {instead}\n"
    )
    assert out == ""
    assert list(tmp_path.iterdir()) == []


def test_a_saves_folder_called_dash_is_named_as_dot_slash_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q", "--saves", "./-"]
    status, _, err = run([*argv, "--out", "m.md"], capsys)
    assert status == 0, err
    assert Path("-").is_dir()  # the folder named on purpose is made, as any other
