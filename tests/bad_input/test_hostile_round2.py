"""Hostile input, second pass: each is refused in one line with status 2, nothing changed."""

from __future__ import annotations

import copy
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.cli import main
from arena.cli.places import saves_folder
from arena.content.saves import read_yaml_mapping, write_yaml_atomic
from arena.engine.setup import parse_option_text
from tests.bad_input.hostile import SCENARIO, listing, run, save_line

TOM = "{id: tom, template: tom, side: north, spawn: 1"
VILNA = "{id: vilna, template: vilna, side: south, spawn: 2"


# -- empty names in lists of names -------------------------------------------------------------

INLINE_TOM = (
    "  - id: tom\n"  # 6
    "    side: north\n"  # 7
    "    spawn: 1\n"  # 8
    "    character:\n"  # 9
    "      name: Tom\n"  # 10
    "      glyph: T\n"  # 11
    "      kind: human\n"  # 12
    "      attributes: {strength: 3, dexterity: 4, stamina: 3, wits: 3}\n"  # 13
    "      willpower: 5\n"  # 14
    "      abilities: {brawl: 5}\n"  # 15
    '      maneuvers: ["", punch]\n'  # 16
)


@pytest.mark.parametrize("command", ["validate", "run", "sim"])
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            SCENARIO.replace(TOM, TOM + ', weapons: [""]'),
            "6: combatants[0].weapons[0]: no werewolf/weapons named ''",
            id="weapons",
        ),
        pytest.param(
            SCENARIO.replace(VILNA, VILNA + ", maneuvers: [punch, '']"),
            "7: combatants[1].maneuvers[1]: no werewolf/maneuvers named ''",
            id="maneuvers",
        ),
        pytest.param(
            SCENARIO.replace(f"  - {TOM}}}\n", INLINE_TOM),
            "16: combatants[0].character.maneuvers[0]: no werewolf/maneuvers named ''",
            id="a character's maneuvers",
        ),
    ],
)
def test_an_empty_name_in_a_list_of_names_is_refused_on_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str, expected: str
) -> None:
    # It passed the loader (an empty name was taken for no reference) and failed in the fight.
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    shown = f"{path}:{expected}"
    shown = shown if command == "validate" else f"arena: {shown}"  # validate lists errors
    assert run([command, str(path)], capsys) == (2, "", f"{shown}\n")
    assert listing(tmp_path) == {"bad.yaml": text.encode()}


# -- digits that are not ASCII -----------------------------------------------------------------


def test_a_script_split_with_a_superscript_segment_is_no_legal_choice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # '²'.isdigit() is true, yet int('²') raises: the split was taken for one and crashed.
    key = "split:punch:vilna@²x3+punch:vilna@0x3"
    script = f', controller: script, script: ["rage:0", "{key}"]'
    path = tmp_path / "bad.yaml"
    path.write_text(SCENARIO.replace(VILNA, VILNA + script))
    status, _, err = run(["run", str(path)], capsys)  # the log so far is on standard output
    assert status == 2
    assert err.startswith(
        f"arena: {path}:7: combatants[1].script[1]: {key!r} is not a legal choice for "
        "'Vilna: your action on segment 3'; legal: dodge, "
    )
    assert err.count("\n") == 1
    # No moment takes it: validate says so before any fight.
    status, out, err = run(["validate", str(path)], capsys)
    assert (status, out) == (2, "")
    assert err == (
        f"{path}:7: combatants[1].script[1]: {key!r} can never be a legal choice: each part "
        "is action@SEGMENTxDICE such as punch:tom@4x3, got 'punch:vilna@²x3'\n"
    )


def test_an_expected_order_with_a_superscript_segment_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(SCENARIO + "expect: {order: [[tom@²]]}\n")
    assert run(["validate", str(path)], capsys) == (
        2,
        "",
        f"{path}:8: expect.order[0][0]: expected a combatant id, or id@segment, got 'tom@²'\n",
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("speed=²", (("speed", "²"),)),  # not a number: kept as the text given
        ("speed=--5", (("speed", "--5"),)),  # one sign at most
        ("speed=-5, mode=x", (("speed", -5), ("mode", "x"))),
    ],
)
def test_option_text_takes_only_ascii_digits_for_a_number(
    text: str, expected: tuple[tuple[str, object], ...]
) -> None:
    assert parse_option_text(text) == expected


# -- empty file names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["run", "werewolf-duel", "--save", ""], "--save"),
        (["run", "werewolf-duel", "--stop-after", "2", "--save", ""], "--save"),
        (["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q", "--save", ""], "--save"),
        (["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q", "--out", ""], "--out"),
    ],
)
def test_an_empty_file_name_to_write_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    option: str,
) -> None:
    # An empty name was taken for none: nothing was saved, or the morgue went elsewhere, and 0.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    assert run(argv, capsys) == (2, "", f"arena: {option}: an empty file name\n")
    assert listing(tmp_path) == {}


# -- serve -------------------------------------------------------------------------------------


def test_serve_on_a_port_in_use_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("textual_serve")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        # The server's own bind failed after its banner: an internal error, status 70.
        assert run(["serve", "--port", str(port)], capsys) == (
            2,
            "",
            f"arena: --port: port {port} is in use\n",
        )


# -- option messages ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["serve", "--port", "0"],
            "argument --port: expected a whole number from 1 to 65,535, got '0' "
            "(see arena serve --help)",
        ),
        (
            ["gauntlet", "--fights", "x"],
            "argument --fights: expected a whole number from 1 to 20, got 'x' "
            "(see arena gauntlet --help)",
        ),
    ],
)
def test_a_bad_number_names_its_option_once(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    assert run(argv, capsys) == (2, "", f"arena: {expected}\n")


# -- control characters in file names ----------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["run", "{dir}/no\nsuch.yaml"], "arena: {dir}/no\\nsuch.yaml: no such file or shipped"),
        (["validate", "{dir}/no\nsuch.yaml"], "{dir}/no\\nsuch.yaml: no such file or folder"),
        (["replay", "{dir}/no\nsuch.yaml"], "arena: {dir}/no\\nsuch.yaml: no such file"),
        (
            ["run", "werewolf-duel", "--save", "{dir}/x\n/y"],
            "arena: --save: {dir}/x\\n/y: no such folder: {dir}/x\\n",
        ),
        (["run", "{dir}/a\tb.yaml"], "arena: {dir}/a\\tb.yaml:2: malformed YAML"),
    ],
)
def test_a_file_name_with_a_control_character_stays_on_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    expected: str,
) -> None:
    # Named from inside the folder: a long temporary folder (pytest -n) would have a name
    # cut in its message, and the test would measure the folder, not the name.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a\tb.yaml").write_text("name: [\n")
    status, out, err = run([a.replace("{dir}/", "") for a in argv], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1)
    assert err.startswith(expected.replace("{dir}/", "")), err


# -- the test suite itself ---------------------------------------------------------------------


def test_saves_go_to_a_fresh_folder_outside_the_checkout_in_every_test() -> None:
    folder = saves_folder()
    assert not folder.resolve().is_relative_to(Path(__file__).resolve().parents[2])
    assert folder.is_dir()
    assert list(folder.iterdir()) == []


# -- gauntlet files ----------------------------------------------------------------------------

GAUNTLET = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"[" * 100_000 + b"]" * 100_000, ": not a gauntlet save (nested too deeply)"),
        (b'{"seed": ' + b"9" * 5000 + b"}", ": not a gauntlet save (a number too long)"),
        (b'{\n"format": "\xff"}\n', ":2: not UTF-8 text"),
        (b'{\n"format": }\n', ":2: not a gauntlet save (Expecting value)"),
    ],
    ids=["deep", "long number", "not utf-8", "not json"],
)
def test_continue_from_a_damaged_file_is_refused_on_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, expected: str
) -> None:
    path = tmp_path / "run.json"
    path.write_bytes(data)
    assert run([*GAUNTLET, "--continue", str(path)], capsys) == (
        2,
        "",
        f"arena: {path}{expected}\n",
    )
    assert listing(tmp_path) == {"run.json": data}


def test_scores_from_a_named_pipe_are_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "gauntlet-scores.json")
    assert run(["gauntlet", "--scores", "--saves", str(tmp_path)], capsys) == (
        2,
        "",
        f"arena: {tmp_path}/gauntlet-scores.json: is a named pipe, not a regular file\n",
    )


def test_a_gauntlet_save_interrupted_leaves_the_old_one_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    old = b'{"an earlier run": "kept whole"}\n'
    (tmp_path / "run.json").write_bytes(old)

    def ctrl_c(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", ctrl_c)  # Ctrl-C while the save goes to disk
    argv = [*GAUNTLET, "--save", str(tmp_path / "run.json"), "--out", str(tmp_path / "m.md")]
    status, _, err = run(argv, capsys)
    assert (status, err.splitlines()[-1]) == (130, "arena: interrupted")
    assert listing(tmp_path) == {"run.json": old}


def test_a_gauntlet_save_gets_the_usual_permissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It was written as a temporary file, readable by its owner alone, and renamed.
    umask = os.umask(0o022)
    try:
        argv = [*GAUNTLET, "--save", str(tmp_path / "run.json"), "--out", str(tmp_path / "m.md")]
        assert run(argv, capsys)[0] == 0
    finally:
        os.umask(umask)
    assert (tmp_path / "run.json").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "m.md").stat().st_mode & 0o777 == 0o644


# -- saves with a valid seal and a bad value ---------------------------------------------------

SEED_RANGE = "from 0 to 18,446,744,073,709,551,615"


def _first(kind: str, key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        next(c for c in data["commands"] if c["kind"] == kind)[key] = value

    return edit


SEALED_EDITS: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    # A cell of text reached the grid and raised IndexError: an internal error.
    (_first("move", "to", "x"), "commands[0].to: expected 2 whole numbers, got 'x'"),
    (
        _first("move", "to", [1, 2, 3]),
        "commands[0].to: expected 2 whole numbers, got [1, 2, 3]",
    ),
    (
        _first("move", "to", [5, True]),
        "commands[0].to: expected 2 whole numbers, got [5, True]",
    ),
    (_first("attack", "target", 3), "commands[1].target: expected text, got 3"),
    (_first("attack", "means", None), "commands[1].means: expected text, got None"),
    (
        lambda d: d["commands"].__setitem__(0, "move"),
        "commands[0]: expected a mapping, got 'move'",
    ),
    (lambda d: d.update(seed=7.0), f"seed: expected a whole number {SEED_RANGE}, got 7.0"),
    (lambda d: d.update(seed=True), f"seed: expected a whole number {SEED_RANGE}, got True"),
    (
        lambda d: d.update(seed=2**64),
        f"seed: expected a whole number {SEED_RANGE}, got 18446744073709551616",
    ),
    (
        lambda d: d.update(rigged=[5] * 100_001),
        "rigged: expected a list of at most 100,000 d10 faces",
    ),
    (lambda d: d.update(rigged=[11]), "rigged[0]: expected a d10 face 1-10, got 11"),
    (lambda d: d.update(options=[1]), "options: expected a mapping of option names to values"),
    (
        lambda d: d.update(options={"stun": [1]}),
        "options.stun: expected text, a whole number or true or false, got [1]",
    ),
    (lambda d: d.update(preset=3), "preset: expected a preset's name, got 3"),
]
"""Edits of a save, sealed again, and what loading it must say."""
SEALED_COMMANDS = [["run", "--resume"], ["replay"], ["sim", "-n", "2", "--from"]]
"""The commands that load a save: one loader, so a costly edit is tried by one in the default
run (100,001 faces take seconds to write and to read), by all three with -m slow."""


def _sealed_cases() -> list[Any]:
    cases = []
    for edit, expected in SEALED_EDITS:
        costly = expected.startswith("rigged: expected a list of at most")
        for i, command in enumerate(SEALED_COMMANDS):
            marks = [pytest.mark.slow] if costly and i > 0 else []
            cases.append(pytest.param(command, edit, expected, marks=marks))
    return cases


@pytest.fixture(scope="module")
def duel_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A save of werewolf-duel after 4 decisions, as data: played once for every edit."""
    path = tmp_path_factory.mktemp("sealed") / "duel.yaml"
    assert main(["run", "werewolf-duel", "--save", str(path), "--stop-after", "4"]) == 0
    return read_yaml_mapping(path)


@pytest.mark.parametrize(("command", "edit", "expected"), _sealed_cases())
def test_a_sealed_save_with_a_bad_value_is_refused_naming_its_key(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    duel_save: dict[str, Any],
    command: list[str],
    edit: Callable[[dict[str, Any]], None],
    expected: str,
) -> None:
    path = tmp_path / "duel.yaml"
    data = copy.deepcopy(duel_save)
    edit(data)
    write_yaml_atomic(path, data)  # sealed again: the digest matches the edit
    capsys.readouterr()
    before = listing(tmp_path)
    shown = f"--from: {path}" if command[0] == "sim" else str(path)
    line = save_line(path, expected.partition(":")[0])  # the line of the key named
    assert run([*command, str(path)], capsys) == (2, "", f"arena: {shown}:{line}: {expected}\n")
    assert listing(tmp_path) == before


def test_a_sealed_save_with_an_illegal_move_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "duel.yaml"
    assert main(["run", "werewolf-duel", "--save", str(path), "--stop-after", "4"]) == 0
    data = read_yaml_mapping(path)
    _first("move", "to", [-1, 0])(data)
    write_yaml_atomic(path, data)
    capsys.readouterr()
    status, out, err = run(["replay", str(path)], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1)  # the legal choices were a second line
    assert err.startswith(
        f"arena: {path}:{save_line(path, 'commands[0]')}: commands[0]: "
        "vilna's move (to -1,0) "
        "is not legal at that point; legal choices: vilna (Vilna: your action on segment 3): "
        "dodge, "
    )


# -- names on one line -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            SCENARIO.replace("side: north,", 'side: north, name: "Line\\nbreak",'),
            "6: combatants[0].name: must be one line: remove the line break or tab",
        ),
        (
            SCENARIO.replace("name: Hostile", 'name: "Hostile\\tfight"'),
            "1: name: must be one line: remove the line break or tab",
        ),
    ],
    ids=["a combatant's name", "a scenario's name"],
)
def test_a_name_with_a_line_break_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    # It passed and split the log, the panels and the dice tray's lines in two.
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    assert run(["validate", str(path)], capsys) == (2, "", f"{path}:{expected}\n")
    assert listing(tmp_path) == {"bad.yaml": text.encode()}


def test_serve_takes_an_ipv6_address_in_brackets_as_urls_write_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # '[::1]' was "not an address or a host name this machine can resolve", with no hint.
    pytest.importorskip("textual_serve")
    with socket.socket(socket.AF_INET6) as taken:
        taken.bind(("::1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        # The port in use on ::1 is found: the address was taken without its brackets.
        assert run(["serve", "--host", "[::1]", "--port", str(port)], capsys) == (
            2,
            "",
            f"arena: --port: port {port} is in use\n",
        )


@pytest.mark.parametrize("host", ["[127.0.0.1]", "[localhost]", "[::1", "[]", "[nowhere]"])
def test_serve_refuses_brackets_around_anything_but_ipv6_saying_to_drop_them(
    capsys: pytest.CaptureFixture[str], host: str
) -> None:
    pytest.importorskip("textual_serve")
    status, out, err = run(["serve", "--host", host], capsys)
    assert status == 2
    assert out == ""
    if host.endswith("]"):
        assert err == (
            f"arena: --host: {host!r}: brackets go around an IPv6 address only, and may be left "
            "out; give the address or host name without them\n"
        )
    else:  # no closing bracket: not an address at all
        assert "is not an address or a host name" in err
