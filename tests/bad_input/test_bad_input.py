"""Every bad input is refused cleanly: exit 2, one line naming what (and where), nothing changed.

Each case is a hostile input a user could give: a scenario file, a save, a special file or an
argument. The harness (conftest.py) runs the command line in-process and checks that no file
changed; this module checks the status and the one line.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import signal
import socket
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import default_content_root
from tests.bad_input.hostile import SCENARIO


@dataclass(frozen=True)
class Case:
    """One bad input: what to set up, the command, and what its one line must say."""

    argv: list[str]
    """The command's arguments; ``{dir}`` stands for the case's own folder."""
    expected: str
    """Text the error line must hold, e.g. ``bad.yaml:4: seed: must be``; ``{dir}`` as above."""
    files: dict[str, str | bytes] = field(default_factory=dict)
    """Files to create in the case's folder first."""
    setup: Callable[[Path], None] | None = None
    """Anything else to prepare (a pipe, a socket, a read-only folder)."""
    stdin: bytes = b""
    env: dict[str, str] = field(default_factory=dict)


def tree_digest(*roots: Path) -> dict[str, str]:
    """Every file under the roots, by path, with the hash of its bytes (or its kind)."""
    found: dict[str, str] = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_symlink() or not path.exists():
                found[str(path)] = "link"
            elif path.is_file():
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                found[str(path)] = "folder" if path.is_dir() else "special"
    return found


@dataclass
class Outcome:
    status: int
    out: str
    err: str


@pytest.fixture
def refuse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[Case], Outcome]]:
    """Run a case in-process, with a 30-second alarm in case something hangs."""

    def run(case: Case) -> Outcome:
        folder = tmp_path / "case"
        folder.mkdir()
        for name, data in case.files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(data, bytes):
                path.write_bytes(data)
            else:
                path.write_text(data, encoding="utf-8")
        if case.setup is not None:
            case.setup(folder)
            capsys.readouterr()  # what setting up printed is not the case's output
        for key, value in case.env.items():
            monkeypatch.setenv(key, value.replace("{dir}", str(folder)))
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(case.stdin)))
        before = tree_digest(folder, default_content_root())
        argv = [a.replace("{dir}", str(folder)) for a in case.argv]
        signal.signal(signal.SIGALRM, _hung)
        signal.alarm(30)
        try:
            status = main(argv)
        finally:
            signal.alarm(0)
        out, err = capsys.readouterr()
        assert tree_digest(folder, default_content_root()) == before, "a file changed"
        return Outcome(status, out, err.replace(str(folder), "{dir}"))

    yield run
    os.chdir(tmp_path)  # a case never leaves the process elsewhere


def _hung(signum: int, frame: object) -> None:
    raise AssertionError("the command hung for 30 seconds")


WW = SCENARIO.replace("name: Hostile", "name: Bad input")
"""The Werewolf scenario the cases edit, seven lines (see `hostile.SCENARIO`)."""
SO = (
    WW.replace("werewolf", "sorcerer")
    .replace("template: tom", "template: rook")
    .replace("template: vilna", "template: mara")
)
TOM = "{id: tom, template: tom, side: north, spawn: 1}"
VILNA = "{id: vilna, template: vilna, side: south, spawn: 2}"


def scenario(text: str, expected: str, *, command: str = "run") -> Case:
    """A scenario file bad.yaml run (or validated); ``expected`` follows ``bad.yaml:``."""
    argv = [command, "{dir}/bad.yaml"]
    return Case(argv, f"{{dir}}/bad.yaml:{expected}", files={"bad.yaml": text})


def ww(old: str, new: str, expected: str, **kwargs: str) -> Case:
    assert old in WW, old
    return scenario(WW.replace(old, new, 1), expected, **kwargs)


def so(old: str, new: str, expected: str) -> Case:
    assert old in SO, old
    return scenario(SO.replace(old, new, 1), expected)


def _save(folder: Path) -> Path:
    path = folder / "duel.yaml"
    assert main(["run", "werewolf-duel", "--save", str(path), "--stop-after", "4"]) == 0
    return path


def edited_save(edit: Callable[[str], str]) -> Callable[[Path], None]:
    def setup(folder: Path) -> None:
        path = _save(folder)
        path.write_text(edit(path.read_text()))

    return setup


def resume(edit: Callable[[str], str], expected: str, command: str = "run") -> Case:
    argv = (
        ["run", "--resume", "{dir}/duel.yaml"] if command == "run" else [command, "{dir}/duel.yaml"]
    )
    return Case(argv, f"{{dir}}/duel.yaml:{expected}", setup=edited_save(edit))


def _sorcerer_save(folder: Path, edit: Callable[[str], str]) -> None:
    """The Sorcerer duel saved after 3 commands, the table granting bonuses (Rook's is 3rd)."""
    duel = (default_content_root() / "scenarios" / "sorcerer-duel.yaml").read_text()
    honour = folder / "honour.yaml"
    honour.write_text(duel.replace("\nseed: 3\n", "\nseed: 3\noptions: {role_play: honour}\n"))
    path = folder / "duel.yaml"
    assert main(["run", str(honour), "--save", str(path), "--stop-after", "3"]) == 0
    path.write_text(edit(path.read_text()))


def last_command(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        head, sep, tail = text.partition("\nreasons:")
        before, found, after = head.rpartition(old)
        assert found
        return before + new + after + sep + tail

    return edit


def fifo(name: str) -> Callable[[Path], None]:
    return lambda folder: os.mkfifo(folder / name)


def unix_socket(folder: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "sock.yaml"))  # left bound: the path is a socket
    FOR_CLEANUP.append(server)


FOR_CLEANUP: list[socket.socket] = []
GAUNTLET = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"]


def _gauntlet_save(folder: Path) -> None:
    """A run saved after one fight, then given a character no catalog has."""
    path = folder / "run.json"
    assert main([*GAUNTLET, "--save", str(path), "--out", str(folder / "m.md")]) == 0
    path.write_text(path.read_text().replace('"ahroun"', '"nobody"'))


def bomb(levels: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, levels)]
    return WW + "\n".join(lines) + "\n"


def huge_file(folder: Path) -> None:
    with (folder / "bad.yaml").open("wb") as out:
        out.write(WW.encode())
        out.write(b"description: '" + b"x" * (10 * 1024 * 1024) + b"'\n")


def saved_then(folder_edit: Callable[[Path], None]) -> Callable[[Path], None]:
    def setup(folder: Path) -> None:
        _save(folder)
        folder_edit(folder)

    return setup


CASES: dict[str, Case] = {
    # -- scenario files: keys and types ------------------------------------------------------
    "unknown key": ww("seed: 7", "seed: 7\nsede: 8", "5: sede: unknown key (did you mean 'seed'?)"),
    "missing combatants": scenario(WW.split("combatants:")[0], "1: combatants: required key"),
    "seed as text": ww("seed: 7", "seed: seven", "4: seed: expected int, got str 'seven'"),
    "seed of 5,000 digits": ww(
        "seed: 7", "seed: " + "9" * 5000, "4: seed: a number of 5000 digits is out of range"
    ),
    "negative seed": ww("seed: 7", "seed: -1", "4: seed: must be 0 to 18446744073709551615"),
    "seed past 64 bits": ww("seed: 7", f"seed: {2**64}", "4: seed: 18446744073709551616 is out of"),
    "seed yes": ww("seed: 7", "seed: yes", "4: seed: expected int, got yes"),
    "seed octal": ww("seed: 7", "seed: 010", "4: seed: expected int, got 010 (YAML 1.1 reads"),
    "seed float": ww("seed: 7", "seed: 7.0", "4: seed: expected int, got float 7.0"),
    "ruleset unknown": ww("ruleset: werewolf", "ruleset: vampire", "2: ruleset: expected one of"),
    "map unknown": ww("map: duel", "map: dule", "3: map: no arenas/maps named 'dule'"),
    "template unknown": ww("template: tom", "template: tomm", "6: combatants[0].template: no "),
    "tag in a scenario": ww("seed: 7", "seed: !!python/object:os.system 7", "4: seed: expected"),
    "description a list": ww(
        "seed: 7", "seed: 7\ndescription: [a]", "5: description: expected str"
    ),
    "when_rigged_runs_out maybe": ww(
        "seed: 7", "seed: 7\nwhen_rigged_runs_out: maybe", "5: when_rigged_runs_out: expected one"
    ),
    "duplicate key": ww("seed: 7", "seed: 7\nseed: 8", "5: seed: duplicate key 'seed'"),
    # -- ranges --------------------------------------------------------------------------------
    "max_rounds 0": ww("seed: 7", "seed: 7\nmax_rounds: 0", "5: max_rounds: must be 1 to 1000"),
    "max_rounds a billion": ww(
        "seed: 7", "seed: 7\nmax_rounds: 1000000000", "5: max_rounds: must be 1 to 1000, got"
    ),
    "rigged face 11": ww("seed: 7", "seed: 7\nrigged: [3, 11]", "5: rigged[1]: must be 1 to 10"),
    "rigged face 0": ww("seed: 7", "seed: 7\nrigged: [0]", "5: rigged[0]: must be 1 to 10"),
    "100,001 rigged faces": ww(
        "seed: 7",
        "seed: 7\nrigged: [" + ", ".join(["5"] * 100_001) + "]",
        "5: rigged: holds at most 100,000 items, got 100,001",
    ),
    "dexterity a million": ww(
        "spawn: 1}", "spawn: 1, overrides: {dexterity: 1000000}}", "6: combatants[0].overrides."
    ),
    "dexterity 100": ww(
        "spawn: 1}", "spawn: 1, overrides: {dexterity: 100}}", "6: combatants[0].overrides.dex"
    ),
    "dexterity 11": ww(
        "spawn: 1}", "spawn: 1, overrides: {dexterity: 11}}", "6: combatants[0].overrides.dexterity"
    ),
    "unknown werewolf trait": ww(
        "spawn: 1}", "spawn: 1, overrides: {charm: 3}}", "6: combatants[0].overrides.charm: unknown"
    ),
    "unknown sorcerer score": so(
        "spawn: 1}", "spawn: 1, overrides: {dexterity: 3}}", "6: combatants[0].overrides.dexterity"
    ),
    "sorcerer power 50": so(
        "spawn: 1}", "spawn: 1, overrides: {power: 50}}", "6: combatants[0].overrides.power: must"
    ),
    "spawn 0": ww("spawn: 1}", "spawn: 0}", "6: combatants[0].spawn: must be 1 to 9, got 0"),
    "spawn not on the map": ww("spawn: 2}", "spawn: 5}", "7: combatants[1].spawn: map 'duel' has"),
    "expect rounds 0": ww("seed: 7", "seed: 7\nexpect: {rounds: 0}", "5: expect.rounds: must be"),
    # -- who fights whom ----------------------------------------------------------------------
    "no combatants": scenario(WW.split("  - ")[0].replace("combatants:", "combatants: []"), "5: "),
    "one combatant": ww(f"  - {VILNA}\n", "", "6: combatants: needs at least 2 items"),
    "ten combatants": scenario(
        WW
        + "".join(
            f"  - {{id: c{i}, template: tom, side: s{i}, spawn: {i % 9 + 1}}}\n"
            for i in range(3, 11)
        ),
        "6: combatants: holds at most 9 items",
    ),
    "one side only": ww("side: south", "side: north", "6: combatants: every combatant is on side"),
    "two on one spawn": ww("spawn: 2}", "spawn: 1}", "7: combatants[1].spawn: spawn point 1 is"),
    "duplicate id": ww("id: vilna", "id: tom", "7: combatants[1].id: duplicate combatant id"),
    "empty id": ww("id: vilna", "id: ''", "7: combatants[1].id: an id is 1 to 40"),
    "id with a newline": ww("id: vilna", 'id: "vil\\nna"', "7: combatants[1].id: an id is 1 to 40"),
    "id with a space": ww("id: vilna", "id: 'vil na'", "7: combatants[1].id: an id is 1 to 40"),
    "escape code in a name": ww(
        "spawn: 1}", 'spawn: 1, name: "\\e[31mRed"}', "6: combatants[0].name: text holds the"
    ),
    "bidi override in a name": ww(
        "spawn: 1}", 'spawn: 1, name: "Tom\\u202e"}', "6: combatants[0].name: text holds"
    ),
    "empty side": ww("side: south", "side: ' '", "7: combatants[1].side: a side is a printable"),
    # Text that holds a control character is refused for that, in a script entry as in a name.
    "script entry with an escape character": ww(
        "spawn: 1}",
        'spawn: 1, controller: script, script: ["\\e[31m"]}',
        "6: combatants[0].script[0]: text holds the control character \\x1b: remove it",
    ),
    # Script keys no moment of the fight could take: validate refuses them (run plays on and
    # stops at the entry's moment, if it comes, naming it as these do).
    "script attacking no combatant": scenario(
        SO.replace("spawn: 2}", 'spawn: 2, controller: script, script: ["attack:zzz:fists"]}'),
        "7: combatants[1].script[0]: 'attack:zzz:fists' can never be a legal choice: "
        "no combatant 'zzz'; combatants: tom, vilna",
        command="validate",
    ),
    "script moving off the map": ww(
        "spawn: 1}",
        'spawn: 1, controller: script, script: [{action: "move:40,2"}]}',
        "6: combatants[0].script[0].action: 'move:40,2' can never be a legal choice: cell 40,2 "
        "is off the map",
        command="validate",
    ),
    "script with a means not held": ww(
        "spawn: 1}",
        "spawn: 1, controller: script, script: [fly:vilna]}",
        "6: combatants[0].script[0]: 'fly:vilna' can never be a legal choice: tom has no "
        "maneuver or weapon 'fly'",
        command="validate",
    ),
    "script key of no shape": scenario(
        SO.replace("spawn: 2}", "spawn: 2, controller: script, script: [total_defence]}"),
        "7: combatants[1].script[0]: 'total_defence' can never be a legal choice: no key of a "
        "sorcerer decision has this shape (did you mean 'total_defense'?)",
        command="validate",
    ),
    "answers default of no shape for its kind": ww(
        "spawn: 1}",
        "spawn: 1, controller: script, answers: {rage: forgo}}",
        "6: combatants[0].answers.rage: 'forgo' can never be a legal choice: no key of a "
        "werewolf rage decision has this shape; keys: rage:<number>",
        command="validate",
    ),
    "script without script controller": ww(
        "spawn: 1}", "spawn: 1, script: [a]}", "6: combatants[0].script: only a script controller"
    ),
    "controller nonsense": ww(
        "spawn: 1}", "spawn: 1, controller: robot}", "6: combatants[0].controller: expected human"
    ),
    "expect winner unknown": ww(
        "seed: 7", "seed: 7\nexpect: {winner: east}", "5: expect.winner: no side named 'east'"
    ),
    # Taken at load and failed after the fight: no fight could ever meet them.
    "expect an unknown event kind": ww(
        "seed: 7",
        "seed: 7\nexpect: {events: [attack_hitt]}",
        "5: expect.events[0]: no event kind 'attack_hitt' (did you mean 'attack_hit'?)",
        command="validate",
    ),
    "expect an unknown status": ww(
        "seed: 7",
        "seed: 7\nexpect: {status: {tom: flying}}",
        "5: expect.status.tom: no status 'flying'; statuses: active, ",
    ),
    "expect health unknown id": ww(
        "seed: 7", "seed: 7\nexpect: {health: {bob: x}}", "5: expect.health.bob: no such combatant"
    ),
    # -- what run checks, validate checks too ------------------------------------------------
    "unknown AI policy (run)": ww(
        "spawn: 1}", "spawn: 1, controller: ai:neerest}", "6: combatants[0].controller: no AI"
    ),
    "unknown AI policy (validate)": ww(
        "spawn: 1}",
        "spawn: 1, controller: ai:neerest}",
        "6: combatants[0].controller: no AI",
        command="validate",
    ),
    "unknown option": ww("seed: 7", "seed: 7\noptions: {stunts: true}", "5: options.stunts: "),
    "option out of range": ww(
        "seed: 7", "seed: 7\noptions: {block_difficulty: 60}", "5: options.block_difficulty: "
    ),
    "option of the wrong type": ww(
        "seed: 7", "seed: 7\noptions: {stun: maybe}", "5: options.stun: "
    ),
    "unknown preset": ww("seed: 7", "seed: 7\npreset: nosuch", "5: preset: "),
    "w20 preset on sorcerer": so("seed: 7", "seed: 7\npreset: w20", "5: preset: "),
    # -- the file itself -----------------------------------------------------------------------
    "malformed YAML": scenario("name: [unclosed\n", "2: malformed YAML"),
    "tab indentation": scenario("name: x\n\tseed: 1\n", "2: malformed YAML"),
    "not UTF-8": Case(
        ["run", "{dir}/bad.yaml"], "bad.yaml:1: not UTF-8", files={"bad.yaml": b"\xff"}
    ),
    "empty file": scenario("", "1: empty file: expected a scenario"),
    "a list, not a mapping": scenario("- 1\n", "1: expected a mapping, got a list"),
    "two documents": scenario(WW + "---\n" + WW, "8: malformed YAML"),
    "alias bomb": scenario(bomb(9), "13: holds more than 1,000,000 values once its aliases"),
    "nested 100 deep": scenario("a: " + "[" * 100 + "]" * 100 + "\n", "1: nested more than 64"),
    "600,000 values": scenario(
        "a: [" + ",".join(["1"] * 600_000) + "]\n", "1: holds more than 500,000 values"
    ),
    "a 5 MB quoted value": ww("seed: 7", "seed: '" + "x" * 5_000_000 + "'", "4: seed: expected"),
    "a key of 5,000 characters": ww("seed: 7", "seed: 7\n? " + "k" * 5000 + "\n: 1", "5: a key is"),
    "bigger than 10 MB": Case(["run", "{dir}/bad.yaml"], "bad.yaml: is 10.0 MB", setup=huge_file),
    "a named pipe": Case(
        ["run", "{dir}/bad.yaml"], "bad.yaml: is a named pipe", setup=fifo("bad.yaml")
    ),
    "a socket": Case(["run", "{dir}/sock.yaml"], "sock.yaml: is a socket", setup=unix_socket),
    "/dev/zero": Case(["run", "/dev/zero"], "/dev/zero: is a device, not a regular file"),
    "a folder": Case(["run", "{dir}"], "{dir}: is a folder, not a regular file"),
    "no such file or name": Case(["run", "{dir}/nothing.yaml"], "no such file or shipped scenario"),
    "a symlink loop": Case(
        ["run", "{dir}/loop.yaml"],
        "loop.yaml: cannot read it",
        setup=lambda d: os.symlink(d / "loop.yaml", d / "loop.yaml"),
    ),
    "standard input not YAML": Case(["run", "-"], "<stdin>:2: malformed YAML", stdin=b"x: [\n"),
    "standard input over 10 MB": Case(
        ["run", "-"], "<stdin>: is bigger than 10 MB", stdin=b"#" * (10 * 1024 * 1024 + 1)
    ),
    # -- saves -----------------------------------------------------------------------------------
    "save: an edited reason": resume(
        lambda t: t.replace("the nearest enemy", "the nearest foe", 1), " digest: does not match"
    ),
    "save: an edited reason (replay)": resume(
        lambda t: t.replace("the nearest enemy", "the nearest foe", 1),
        " digest: does not match",
        command="replay",
    ),
    "save: digest removed": resume(
        lambda t: t.split("digest: sha256")[0], "1: not an arena save (missing digest)"
    ),
    "save: format true": resume(
        lambda t: t.replace("format: 3", "format: true"), "1: format: expected a whole number"
    ),
    "save: format 3.0": resume(
        lambda t: t.replace("format: 3", "format: 3.0"), "1: format: expected a whole number"
    ),
    "save: an alias": Case(
        ["run", "--resume", "{dir}/duel.yaml"],
        "an anchor (&name): not in a saved file",  # on the line of rigged:, wherever that is
        setup=edited_save(lambda t: t.replace("rigged: []", "rigged: &r []\nx: *r")),
    ),
    "save: a tag": Case(
        ["run", "--resume", "{dir}/duel.yaml"],
        "a tag (!name): not in a saved file",
        setup=edited_save(lambda t: t.replace("seed: 7", "seed: !!int 7")),
    ),
    "save: the last punch made a kick": resume(
        last_command("means: punch", "means: kick"), "39: final_hash: replay diverged"
    ),
    "save: the last bonus of 0 dice made 1": Case(
        ["run", "--resume", "{dir}/duel.yaml"],
        "final_hash: replay diverged",  # on its line, wherever that is in this save
        setup=lambda d: _sorcerer_save(d, last_command("dice: 0", "dice: 1")),
    ),
    "save: round hashes emptied": resume(
        lambda t: (
            t.split("round_hashes:")[0]
            + "round_hashes: []\nfinal_hash:"
            + t.split("final_hash:")[1]
        ),
        "37: round_hashes: 0 recorded",  # the line of round_hashes: []
    ),
    "save: a seed of 5,000 digits": resume(
        lambda t: t.replace("seed: 7", "seed: " + "9" * 5000), " holds a value out of range"
    ),
    "save: truncated": resume(lambda t: t[: len(t) // 2] + "\n  - [", ""),
    "save: not a mapping": resume(lambda t: "- 1\n", "1: expected a mapping, got a list"),
    "save: a named pipe": Case(
        ["run", "--resume", "{dir}/duel.yaml"],
        "duel.yaml: is a named pipe",
        setup=fifo("duel.yaml"),
    ),
    # -- a file of another kind -----------------------------------------------------------
    # A save given as a scenario was a dozen lines, one per key; the others named no kind.
    "run a saved fight": Case(
        ["run", "{dir}/duel.yaml"],
        "{dir}/duel.yaml:1: a saved fight, not a scenario: arena run --resume plays it on",
        setup=_save,
    ),
    "validate a saved gauntlet run": Case(
        ["validate", "{dir}/run.json"],
        "{dir}/run.json:1: a saved gauntlet run, not a scenario: arena gauntlet --continue",
        setup=_gauntlet_save,
    ),
    "replay a saved gauntlet run": Case(
        ["replay", "{dir}/run.json"],
        ": format: a saved gauntlet run, not a fight: arena gauntlet --continue",
        setup=_gauntlet_save,
    ),
    "sim --from a scenario": Case(
        ["sim", "--from", "{dir}/ok.yaml", "-n", "2"],
        "--from: {dir}/ok.yaml: a scenario, not a saved fight: arena run plays it",
        files={"ok.yaml": WW},
    ),
    "gauntlet --continue a saved fight": Case(
        [*GAUNTLET, "--continue", "{dir}/duel.yaml"],
        "{dir}/duel.yaml:1: a saved fight, not a gauntlet run: arena run --resume plays it on",
        setup=_save,
    ),
    # -- where a save may go -----------------------------------------------------------------
    "--save into a missing folder": Case(
        ["run", "werewolf-duel", "--save", "{dir}/no/such/duel.yaml"], "no such folder"
    ),
    "--save onto a folder": Case(["run", "werewolf-duel", "--save", "{dir}"], "is a folder"),
    "--save onto a device": Case(["run", "werewolf-duel", "--save", os.devnull], "is a device"),
    "--save onto a named pipe": Case(
        ["run", "werewolf-duel", "--save", "{dir}/p.yaml"], "is a named pipe", setup=fifo("p.yaml")
    ),
    # -- a file to write that is a file read or written -------------------------------------
    # The log replaced the save or scenario it came from, or the save just written.
    "run --out onto the save resumed": Case(
        ["run", "--resume", "{dir}/duel.yaml", "--out", "{dir}/duel.yaml"],
        "--out: {dir}/duel.yaml: is the save resumed",
        setup=_save,
    ),
    "replay --out onto a link to the save": Case(
        ["replay", "{dir}/duel.yaml", "--out", "{dir}/link.yaml"],
        "--out: {dir}/link.yaml: is the save replayed",
        setup=saved_then(lambda d: os.symlink("duel.yaml", d / "link.yaml")),
    ),
    "run --out onto the scenario": Case(
        ["run", "{dir}/ok.yaml", "--out", "{dir}/ok.yaml"],
        "--out: {dir}/ok.yaml: is the scenario run",
        files={"ok.yaml": WW},
    ),
    "run --save onto the scenario": Case(
        ["run", "{dir}/ok.yaml", "--save", "{dir}/./ok.yaml", "--stop-after", "2"],
        "--save: {dir}/./ok.yaml: is the scenario run",
        files={"ok.yaml": WW},
    ),
    "run --save and --out one file": Case(
        [
            "run",
            "werewolf-duel",
            "--save",
            "{dir}/s.yaml",
            "--stop-after",
            "2",
            "--out",
            "{dir}/s.yaml",
        ],
        "--out: {dir}/s.yaml: is the file given to --save",
    ),
    # The save was written, then the log refused: exit 2 with a new file left behind.
    "run --save with --out into a missing folder": Case(
        [
            "run",
            "werewolf-duel",
            "--save",
            "{dir}/s.yaml",
            "--stop-after",
            "2",
            "--out",
            "{dir}/no/l",
        ],
        "--out: {dir}/no/l: no such folder",
    ),
    "gauntlet --out onto the run continued": Case(
        [*GAUNTLET, "--continue", "{dir}/run.json", "--out", "{dir}/run.json"],
        "--out: {dir}/run.json: is the run continued",
        setup=_gauntlet_save,
    ),
    "gauntlet --out onto the high-score table": Case(
        [*GAUNTLET, "--saves", "{dir}", "--out", "{dir}/gauntlet-scores.json"],
        "--out: {dir}/gauntlet-scores.json: is the high-score table",
        files={"gauntlet-scores.json": "[]\n"},
    ),
    "gauntlet --save onto the high-score table": Case(
        [*GAUNTLET, "--save", "{dir}/gauntlet-scores.json", "--out", "{dir}/m.md"],
        "--save: {dir}/gauntlet-scores.json: is the high-score table",
        env={"ARENA_SAVES": "{dir}"},
    ),
    # -- arguments -------------------------------------------------------------------------------
    "--stop-after 0": Case(
        ["run", "werewolf-duel", "--save", "{dir}/s.yaml", "--stop-after", "0"], "from 1 to"
    ),
    "--stop-after -5": Case(
        ["run", "werewolf-duel", "--save", "{dir}/s.yaml", "--stop-after", "-5"], "from 1 to"
    ),
    "--stop-after without --save": Case(
        ["run", "werewolf-duel", "--stop-after", "3"], "--stop-after needs --save"
    ),
    "--seed of 5,000 digits": Case(
        ["run", "werewolf-duel", "--seed", "9" * 5000], "--seed: expected a whole"
    ),
    "--seed -1": Case(["run", "werewolf-duel", "--seed", "-1"], "expected a whole number"),
    "--dice 11": Case(["run", "werewolf-duel", "--dice", "3,11"], "not a d10 face"),
    "--dice 100,001 faces": Case(
        ["run", "werewolf-duel", "--dice", ",".join(["5"] * 100_001)], "at most 100,000 faces"
    ),
    "--resume with a scenario": Case(
        ["run", "werewolf-duel", "--resume", "x.yaml"], "--resume takes no scenario"
    ),
    "run without a scenario": Case(["run"], "give a scenario file or name"),
    "unknown command": Case(["fight"], "invalid choice: 'fight'"),
    "odds pool 31": Case(["odds", "contest", "31", "5"], "expected a whole number from 0"),
    "odds difficulty 1": Case(["odds", "storyteller", "5", "1"], "DIFFICULTY: expected a whole"),
    "roll --seed abc": Case(["roll", "contest", "3", "3", "--seed", "abc"], "--seed: expected a"),
    "sim --jobs 0": Case(["sim", "werewolf-duel", "--jobs", "0"], "expected a whole number"),
    "sim -n 0": Case(["sim", "werewolf-duel", "-n", "0", "-q"], "expected a whole number"),
    # int() reads an Arabic-Indic one as 1 and 1_0 as 10: neither is a number as typed.
    "sim --jobs in Arabic-Indic digits": Case(
        ["sim", "werewolf-duel", "-n", "2", "-q", "--jobs", "\u0661"],
        "argument --jobs: expected a whole number from 1 to 256, got '\u0661'",
    ),
    "sim --jobs 1_0": Case(
        ["sim", "werewolf-duel", "-n", "2", "-q", "--jobs", "1_0"], "--jobs: expected a whole"
    ),
    "sim --ai-budget in Arabic-Indic digits": Case(
        ["sim", "werewolf-duel", "-n", "2", "-q", "--ai-budget", "\u0663"],
        "argument --ai-budget: expected a whole number from 1 to 60,000",
    ),
    "play --pace -1": Case(["play", "--pace", "-1"], "expected seconds from 0 to 10"),
    "replay --to-round 0": Case(["replay", "x.yaml", "--to-round", "0"], "from 1 to 1,000"),
    "replay a missing save": Case(["replay", "{dir}/none.yaml"], "none.yaml: no such file"),
    "play --saves a file": Case(
        ["play", "--plain", "--saves", "{dir}/f.yaml"],
        "--saves: {dir}/f.yaml: not a folder",
        files={"f.yaml": "x: 1\n"},
    ),
    "ARENA_SAVES a device": Case(
        ["play", "--plain"],
        "ARENA_SAVES: /dev/null: not a folder but a device",
        env={"ARENA_SAVES": "/dev/null"},
    ),
    # The fight or the run was played, then its save failed: "File exists", naming no folder.
    "ARENA_SAVES a loop of links": Case(
        [*GAUNTLET, "--out", "{dir}/m.md"],
        "ARENA_SAVES: {dir}/loop: a loop of links, not a folder",
        setup=lambda d: os.symlink(d / "loop", d / "loop"),
        env={"ARENA_SAVES": "{dir}/loop"},
    ),
    "play --saves a link to nothing": Case(
        ["play", "--plain", "--saves", "{dir}/gone", "werewolf-duel"],
        "--saves: {dir}/gone: a link to nothing, not a folder",
        setup=lambda d: os.symlink(d / "nowhere", d / "gone"),
    ),
    "completion fish": Case(["completion", "fish"], "invalid choice: 'fish'"),
    # -- gauntlet ------------------------------------------------------------------------------
    "gauntlet --continue a named pipe": Case(
        [*GAUNTLET, "--continue", "{dir}/run.json"],
        "run.json: is a named pipe",
        setup=fifo("run.json"),
    ),
    "gauntlet --continue a device": Case([*GAUNTLET, "--continue", "/dev/zero"], "is a device"),
    "gauntlet --continue an unknown character": Case(
        [*GAUNTLET, "--continue", "{dir}/run.json"],
        "run.json:29: a damaged gauntlet save (character: no werewolf character 'nobody')",
        setup=_gauntlet_save,
    ),
    # The saved run's own were kept without a word; an empty id was taken for the default.
    "gauntlet --continue with --seed": Case(
        [*GAUNTLET, "--continue", "{dir}/run.json", "--seed", "5"],
        "--seed: not with --continue (the saved run has its own)",
        setup=_gauntlet_save,
    ),
    "gauntlet --continue with --ruleset": Case(
        [*GAUNTLET, "--continue", "{dir}/run.json", "--ruleset", "sorcerer"],
        "--ruleset: not with --continue",
        setup=_gauntlet_save,
    ),
    "gauntlet --character empty": Case([*GAUNTLET, "--character", ""], "--character: an empty id"),
    "gauntlet --save onto a folder": Case([*GAUNTLET, "--save", "{dir}"], "is a folder"),
    "gauntlet --out into a missing folder": Case(
        [*GAUNTLET, "--out", "{dir}/no/m.md"], "--out: {dir}/no/m.md: no such folder"
    ),
    "gauntlet -n with --continue": Case(
        [*GAUNTLET, "-n", "2", "--continue", "x.json"], "--continue goes with a single run"
    ),
    "gauntlet --saves a file": Case(
        [*GAUNTLET, "--saves", "{dir}/f.json"], "not a folder", files={"f.json": "{}"}
    ),
    "serve --host garbage": Case(["serve", "--host", "bad host!"], "--host: 'bad host!' is not"),
    "serve --host 999.1.1.1": Case(["serve", "--host", "999.1.1.1"], "--host: '999.1.1.1' is not"),
    "serve --host empty": Case(["serve", "--host", ""], "--host: '' is not"),
    # -- content folders ---------------------------------------------------------------------
    "validate a missing path": Case(["validate", "{dir}/nowhere"], "nowhere: no such file or"),
    "validate an empty folder": Case(["validate", "{dir}"], "{dir}: no content files"),
    "ARENA_CONTENT an empty folder": Case(
        ["run", "werewolf-duel"], "{dir}: no content files", env={"ARENA_CONTENT": "{dir}"}
    ),
    "ARENA_CONTENT a file": Case(
        ["run", "werewolf-duel"],
        "ARENA_CONTENT: {dir}/f.yaml: not a folder but a file",
        files={"f.yaml": "x: 1\n"},
        env={"ARENA_CONTENT": "{dir}/f.yaml"},
    ),
    "a content file that is a pipe": Case(
        ["validate", "{dir}/content"],
        "content/arenas/maps.yaml: is a named pipe",
        setup=lambda d: (
            (d / "content" / "arenas").mkdir(parents=True)
            or os.mkfifo(d / "content" / "arenas" / "maps.yaml")
        ),
    ),
    # The name reached the content digest as a surrogate, which UTF-8 cannot encode.
    "a content file named in bytes that are not UTF-8": Case(
        ["validate", "{dir}/content"],
        "content/arenas/maps?.yaml: its name is not UTF-8: rename it",
        setup=lambda d: (
            (d / "content" / "arenas").mkdir(parents=True)
            or (d / "content" / "arenas" / "maps\udcff.yaml").write_text("maps: {}\n")
        ),
    ),
    # -- play, replay and sim without a terminal, and their arguments --------------------------
    "play a file of malformed YAML": Case(
        ["play", "{dir}/bad.yaml"], "{dir}/bad.yaml:2: malformed YAML", files={"bad.yaml": "a: [\n"}
    ),
    "play a file with an unknown key": ww(
        "seed: 7\n", "seed: 7\nbogus: 1\n", "5: bogus", command="play"
    ),
    "play a good file without a terminal": Case(
        ["play", "{dir}/ok.yaml"], "a scenario file needs a terminal", files={"ok.yaml": WW}
    ),
    "replay --ui without a terminal": Case(
        ["replay", "{dir}/duel.yaml", "--ui"], "replay --ui: needs a terminal", setup=_save
    ),
    "replay --big without --ui": Case(
        ["replay", "{dir}/duel.yaml", "--big"], "--big: only with --ui", setup=_save
    ),
    "sim --from a missing save": Case(
        ["sim", "--from", "{dir}/none.yaml", "-n", "5"], "arena: --from: {dir}/none.yaml: no such"
    ),
    "sim --as an unknown policy": Case(
        ["sim", "--from", "{dir}/duel.yaml", "--as", "ai:nobody", "-n", "5"],
        "arena: --as: expected ai:POLICY",
        setup=_save,
    ),
    "sim --vary a trait out of range": Case(
        ["sim", "werewolf-duel", "-n", "5", "--vary", "tom.strength=99"],
        "--vary 'tom.strength=99': must be 0 to 10",
    ),
    "sim --vary a key given twice": Case(
        ["sim", "werewolf-duel", "-n", "5", "--vary", "tom.strength=3", "--vary", "tom.strength=4"],
        "--vary tom.strength: given twice",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_is_refused_cleanly(refuse: Callable[[Case], Outcome], name: str) -> None:
    case = CASES[name]
    outcome = refuse(case)
    for server in FOR_CLEANUP:
        server.close()
    FOR_CLEANUP.clear()
    assert outcome.status == 2, outcome.err
    assert outcome.out == "" or outcome.out.startswith("{")  # validate --json only
    assert outcome.err.count("\n") == 1, outcome.err  # one line
    assert "Traceback" not in outcome.err
    # A quoted value is cut, never a whole file. A path is counted as one short word: the
    # temporary folder's own length (longer under pytest -n) is no part of the message.
    assert len(without_paths(outcome.err)) < 600, outcome.err[:600]
    assert case.expected.replace("{dir}", "{dir}") in outcome.err, outcome.err


_PATH = re.compile(r"(?<![\w.{}])/[^\s':,;]*")
"""An absolute path in a message, up to a quote, a space or punctuation after it."""


def without_paths(err: str) -> str:
    """The message with every absolute path (cut or whole) as ``{path}``."""
    return _PATH.sub("{path}", err)


def test_a_message_is_measured_without_its_paths() -> None:
    deep = "/home/" + "d" * 700 + "/x.yaml"
    assert without_paths(f"arena: {deep}: no such file; see werewolf/characters, 1/1") == (
        "arena: {path}: no such file; see werewolf/characters, 1/1"
    )
    assert without_paths(f"arena: '{deep[:70]}...': no such file") == (
        "arena: '{path}': no such file"
    )


def test_the_suite_is_big_enough() -> None:
    assert len(CASES) >= 60


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes every file")
@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["run", "{dir}/locked.yaml"], "locked.yaml: cannot read it: permission denied"),
        (["run", "werewolf-duel", "--save", "{dir}/ro/s.yaml"], "cannot write"),
    ],
)
def test_permissions(refuse: Callable[[Case], Outcome], argv: list[str], expected: str) -> None:
    def setup(folder: Path) -> None:
        (folder / "locked.yaml").write_text("x")
        (folder / "locked.yaml").chmod(0)
        (folder / "ro").mkdir()
        (folder / "ro").chmod(stat.S_IRUSR | stat.S_IXUSR)

    outcome = refuse(Case(argv, expected, setup=setup))
    assert (outcome.status, outcome.err.count("\n")) == (2, 1)
    assert expected in outcome.err


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["run", "/dev/zero"], b"arena: /dev/zero: is a device, not a regular file\n"),
        (["run", "werewolf-duel", "--seed", "9" * 5000], b"expected a whole number"),
        (["run", "werewolf-duel", "--stop-after", "0"], b"--stop-after: expected a whole number"),
    ],
)
def test_the_real_command_shows_no_traceback(
    tmp_path: Path, argv: list[str], expected: bytes
) -> None:
    # A few cases through the interpreter's own entry point, as a user runs it.
    proc = subprocess.run(
        [sys.executable, "-m", "arena", *argv], cwd=tmp_path, capture_output=True, timeout=60
    )
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert proc.stderr.count(b"\n") == 1
    assert expected in proc.stderr
    assert list(tmp_path.iterdir()) == []
