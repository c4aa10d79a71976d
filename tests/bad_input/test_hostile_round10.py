"""Hostile input, tenth pass: each is refused in one line with status 2, nothing changed."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.bad_input.hostile import SCENARIO, first_fight_save, run, write_sealed

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


# -- an output never replaces a kept file of another kind ---------------------------------------

# Files a person keeps and arena reads back: a log, a morgue or a plot written over one by a
# slip of the name loses it, though no option of the command reads it. A save saved again,
# or a run's save, replaces its own kind as asked.
KEPT = {"saved fight": "fight.yaml", "gauntlet save": "run.json", "scenario": "s.yaml"}


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """A file of each kept kind, as arena writes it (a scenario as a person does)."""
    from arena.cli import main

    folder = tmp_path_factory.mktemp("kept")
    assert main(["run", "werewolf-duel", "--save", str(folder / "fight.yaml")]) == 0
    argv = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "--saves", str(folder)]
    assert main([*argv, "--save", str(folder / "run.json"), "--out", str(folder / "m.md")]) == 0
    (folder / "s.yaml").write_text(SCENARIO, encoding="utf-8")
    return {kind: (folder / name).read_bytes() for kind, name in KEPT.items()}


WRITERS: dict[str, tuple[list[str], str, str | None]] = {
    "run --out": (["run", "werewolf-duel", "--out"], "the log", None),
    "run --save": (
        ["run", "werewolf-duel", "--stop-after", "2", "--save"],
        "the fight",
        "saved fight",
    ),
    "replay --out": (["replay", "{save}", "--out"], "the log", None),
    "sweep --plot": (
        [
            "sweep",
            "werewolf-duel",
            "--grid",
            "option.initiative=successes,w20",
            "-n",
            "1",
            "--plot",
        ],
        "the plot",
        None,
    ),
    "gauntlet --out": (
        ["gauntlet", "--auto", "ai:garou", "--fights", "1", "--out"],
        "the morgue",
        None,
    ),
    "gauntlet --save": (
        ["gauntlet", "--auto", "ai:garou", "--fights", "1", "--save"],
        "the run",
        "gauntlet save",
    ),
}


@pytest.mark.parametrize("kind", KEPT)
@pytest.mark.parametrize("writer", WRITERS)
def test_an_output_never_replaces_a_kept_file_of_another_kind(
    writer: str,
    kind: str,
    kept: dict[str, bytes],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv, writing, same = WRITERS[writer]
    if kind == same:
        pytest.skip("a kind replaces itself, as asked")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    (tmp_path / "save.yaml").write_bytes(kept["saved fight"])
    (tmp_path / "target.txt").write_bytes(kept[kind])
    argv = [a.replace("{save}", "save.yaml") for a in argv]
    before = sorted(p.name for p in tmp_path.iterdir())
    status, out, err = run([*argv, "target.txt"], capsys)
    option = argv[-1]
    said = (
        f"arena: {option}: target.txt: holds a {kind}; writing {writing} there would replace it\n"
    )
    assert (status, out, err) == (2, "", said)
    assert (tmp_path / "target.txt").read_bytes() == kept[kind]
    assert sorted(p.name for p in tmp_path.iterdir()) == before


# -- a run's save edited and sealed again: what no fight of the run could have left -----------


@pytest.fixture(scope="module")
def one_fight(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A Werewolf run's save after its first fight, as data without its seal."""
    return first_fight_save(tmp_path_factory.mktemp("run"))


def _record(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["records"][0].__setitem__(key, value)


EDITS: dict[str, tuple[Callable[[dict[str, Any]], None], str, str]] = {
    "the run's seed": (
        lambda data: data.__setitem__("seed", data["seed"] + 1),
        "records[0].seed",
        "but fight 1 of this run has",
    ),
    "a fight's seed": (_record("seed", 1), "records[0].seed", "1, but fight 1 of this run has"),
    "a fight's winner": (
        _record("winner", "zz"),
        "records[0].winner",
        "expected one of player, opponents or empty for a draw, got 'zz'",
    ),
    "a fight's status": (
        _record("status", "zz"),
        "records[0].status",
        "expected one of active, cannot_act,",
    ),
    "a Werewolf fight's severity": (
        _record("severity", "hospital"),
        "records[0].severity",
        "'hospital', but a werewolf fight leaves no severity",
    ),
    "a fight's name": (
        _record("name", "A" * 5000),
        "records[0].name",
        "'AAAAAAAAAA",
    ),
    "a key of what is carried": (
        lambda data: data["carried"].__setitem__("zz", 1),
        "carried.zz",
        "not a field of what is carried",
    ),
}


@pytest.mark.parametrize("case", EDITS)
def test_a_sealed_run_with_an_impossible_record_is_refused_at_its_key(
    case: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    one_fight: dict[str, Any],
) -> None:
    edit, key, said = EDITS[case]
    data = copy.deepcopy(one_fight)
    edit(data)
    path = write_sealed(data, tmp_path)
    before = path.read_bytes()
    argv = ["gauntlet", "--continue", str(path), "--auto", "ai:garou", "--saves", str(tmp_path)]
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: {path}:"), err
    assert f": a damaged gauntlet save ({key}: " in err, err
    assert said in err, err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


# -- a change to --vary or --grid is shown whole, so its words never name its key again ---------

CHANGES: dict[str, tuple[list[str], str]] = {
    "--vary, a trait out of range": (
        ["sim", "werewolf-duel", "-n", "1", "-q", "--vary", "tom.strength=99"],
        "arena: werewolf-duel: --vary 'tom.strength=99': must be 0 to 10\n",
    ),
    "--grid, a trait out of range": (
        ["sweep", "werewolf-duel", "-n", "1", "-q", "--grid", "tom.dexterity=2,11"],
        "arena: werewolf-duel: --grid 'tom.dexterity=11': must be 0 to 10\n",
    ),
    "--vary, an unknown key": (
        ["sim", "werewolf-duel", "-n", "1", "-q", "--vary", "zz=1"],
        "arena: werewolf-duel: --vary 'zz=1': unknown key; use one of: COMBATANT.TRAIT=N",
    ),
}


@pytest.mark.parametrize("case", CHANGES)
def test_a_refused_change_names_its_key_once(case: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv, said = CHANGES[case]
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(said), err
