"""Hostile input, tenth pass: each is refused in one line with status 2, nothing changed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.bad_input.hostile import SCENARIO, run

# -- a refusal names its key once ---------------------------------------------------------------

# argparse names the option (or a positional's metavar) first; the words after it say what
# is wrong and the value, never the option again: "argument --seed: the seed must be ..." and
# "argument --level: unknown level ..." said it twice.
OPTIONS: dict[str, tuple[list[str], str]] = {
    "--seed": (["run", "werewolf-duel", "--seed", "-5"], "seed"),
    "-n": (["sim", "werewolf-duel", "-n", "zz"], "fights"),
    "--jobs": (["sim", "werewolf-duel", "--jobs", "0"], "workers"),
    "--per-map": (["sim", "werewolf-duel", "--maps", "generated", "--per-map", "0"], "map"),
    "--ai-budget": (["run", "werewolf-duel", "--ai-budget", "0"], "look-ahead"),
    "POOL": (["odds", "storyteller", "31", "6"], "pool"),
    "--level": (["run", "werewolf-duel", "--level", "legendary"], "level"),
    "gauntlet --fights": (["gauntlet", "--auto", "ai:garou", "--fights", "0"], "fights"),
    "replay --to-round": (["replay", "x.yaml", "--to-round", "0"], "round"),
}


@pytest.mark.parametrize("case", OPTIONS)
def test_a_refused_option_value_names_the_option_once(
    case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, word = OPTIONS[case]
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    said = re.fullmatch(r"arena: argument ([^ ]+): (.*) \(see arena [a-z ]+--help\)\n", err)
    assert said is not None, err
    assert said[2].startswith("expected "), err
    assert word not in said[2].lower(), err


# A scenario's expect: keyed by a combatant id, and an expected event's data keyed by a field:
# the location ends with the key, so the words say what is wrong without naming it again.
EXPECTS: dict[str, tuple[str, str, str]] = {
    "status of no combatant": (
        "  status: {bob: active}\n",
        "9: expect.status.bob",
        "no such combatant; ids: tom, vilna",
    ),
    "health of a misspelt combatant": (
        "  health: {tomm: Bruised}\n",
        "9: expect.health.tomm",
        "no such combatant (did you mean 'tom'?); ids: tom, vilna",
    ),
    "penalty of no combatant": (
        "  penalty: {bob: 1}\n",
        "9: expect.penalty.bob",
        "no such combatant; ids: tom, vilna",
    ),
    "an unknown data field": (
        "  events:\n    - {kind: attack_hit, data: {zzz: 2}}\n",
        "10: expect.events[0].data.zzz",
        "no such werewolf event data field; see docs/events-werewolf.md",
    ),
}


@pytest.mark.parametrize("case", EXPECTS)
def test_an_expect_keyed_by_an_unknown_name_names_it_once(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    block, where, said = EXPECTS[case]
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO + "expect:\n" + block, encoding="utf-8")
    status, out, err = run(["validate", str(path)], capsys)
    assert (status, out, err) == (2, "", f"{path}:{where}: {said}\n")


# -- the preferences file, malformed: its line named, the defaults used -------------------------

PREFERENCES: dict[str, tuple[bytes, str]] = {
    "a missing colon": (b'{\n "pace": 1,\n "hold" 2\n}\n', "3: not JSON (Expecting ':' delimiter"),
    "cut short": (b'{\n "pace": 1,\n', "3: not JSON (Expecting property name"),
    "empty": (b"", "1: not JSON (Expecting value at column 1)"),
    "not UTF-8 on line 2": (b'{\n "verbosity": "\xff"\n}\n', "2: not UTF-8 text"),
    "a trailing comma": (
        b'{"pace": 1,}',
        "1: not JSON (Expecting property name enclosed in double quotes at column 12)",
    ),
}


@pytest.mark.parametrize("case", PREFERENCES)
def test_malformed_preferences_are_refused_at_their_line(case: str, tmp_path: Path) -> None:
    from arena.ui.preferences import Preferences, load_preferences

    text, said = PREFERENCES[case]
    path = tmp_path / "pre\x1b[31mfs.json"  # the folder comes from the environment
    path.write_bytes(text)
    preferences, problem = load_preferences(path)
    assert preferences == Preferences()
    assert problem.startswith(f"{tmp_path}/pre\\x1b[31mfs.json:{said}"), problem
    assert problem.endswith("; using the defaults")
    assert path.read_bytes() == text
