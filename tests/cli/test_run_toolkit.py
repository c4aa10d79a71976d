"""arena run for rules testers: a refused script key, richer expect blocks, leftover dice."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import default_content_root

ROOM = """ruleset: werewolf
map: {name: Room, rows: ["#######", "#.12..#", "#######"]}
seed: 5
max_rounds: 3
"""
VILNA = "  - {id: vilna, template: vilna, side: b, spawn: 2}\n"


def write(tmp_path: Path, body: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text("name: Toolkit\n" + ROOM + body)
    return str(path)


def test_an_illegal_key_ends_the_log_with_script_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tom = "  - {id: tom, template: tom, side: a, spawn: 1, controller: script,"
    tom += " script: [punch:vilna, punch:vilna], answers: {rage: 'rage:0'}}\n"
    path = write(tmp_path, "combatants:\n" + VILNA + tom)
    assert main(["run", path, "--format", "jsonl"]) == 2
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[1]["kind"] == "combatant_placed"  # the log so far, after its header
    last = lines[-1]
    assert (last["kind"], last["actor"]) == ("script_refused", "tom")
    assert last["data"] == {"decision": "reaction", "legal": ["abort", "forgo"]}
    # Named as validate names the entry: the file's line and the combatant's index, not its id.
    assert err == (
        f"arena: {path}:8: combatants[1].script[0]: 'punch:vilna' is not a legal choice for "
        "'Tom is attacked before acting: abort into a dodge?'; legal: abort, forgo\n"
    )


SORCERER = """name: Refused
ruleset: sorcerer
map: duel
seed: 3
combatants:
  - {id: rook, template: rook, side: north, spawn: 1}
  - id: mara
    template: mara
    side: south
    spawn: 2
    controller: script
    answers: {reaction: abort, push: "push:0"}
"""


@pytest.mark.parametrize("how", ["file", "name", "stdin", "resume"])
def test_a_refused_entry_is_named_by_its_line_however_the_scenario_came(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    how: str,
) -> None:
    text = SORCERER + "    script:\n      - total_defense\n      - push:7\n"
    path = tmp_path / "scenarios" / "refused.yaml"
    path.parent.mkdir()
    path.write_text(text)
    argv, shown = ["run", str(path)], str(path)
    if how == "name":  # a content tree of its own, the scenario named by its file's stem
        (tmp_path / "arenas").mkdir()
        for folder in ("arenas", "sorcerer"):
            for source in (default_content_root() / folder).glob("*.yaml"):
                (tmp_path / folder).mkdir(exist_ok=True)
                (tmp_path / folder / source.name).write_bytes(source.read_bytes())
        monkeypatch.setenv("ARENA_CONTENT", str(tmp_path))
        argv, shown = ["run", "refused"], f"{tmp_path.name}/scenarios/refused.yaml"
    elif how == "stdin":
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        argv, shown = ["run", "-"], "<stdin>"
    elif how == "resume":
        save = tmp_path / "save.yaml"
        assert main(["run", str(path), "--save", str(save), "--stop-after", "1"]) == 0
        capsys.readouterr()
        argv, shown = ["run", "--resume", str(save)], f"{save} (scenario)"
    assert main(argv) == 2
    err = capsys.readouterr().err
    # A save's lines are those of the scenario text it holds, as its load errors count them.
    line = "15" if how != "resume" else err.split(":")[2]
    assert err.startswith(f"arena: {shown}:{line}: combatants[1].script[1]: 'push:7' is not "), err
    assert "a legal choice for 'Mara: state your intention for round 2'" in err
    # the moves past the first six are counted, not listed: a map has many
    assert err.endswith("move:6,4 and 52 more moves\n"), err
    assert "legal: attack:rook:fists, total_defense, move:5,2, " in err


def test_a_script_that_runs_out_is_named_by_its_combatant_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(SORCERER.replace("    answers", "    when_script_runs_out: error\n    answers"))
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"arena: {path}:7: combatants[1].script: ran out at an intention decision ('Mara: state "
        "your intention for round 1'); legal: attack:rook:fists, total_defense, move:5,2, "
    ), err


EXPECT = (
    """combatants:
  - {id: tom, template: tom, side: a, spawn: 1}
"""
    + VILNA
)


def test_expect_checks_order_events_with_data_and_counts_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = (
        EXPECT
        + """expect:
  winner: b
  order: [[tom@4, vilna@1]]
  events:
    - initiative_rolled
    - {kind: initiative_rolled, actor: vilna, round: 1, data: {score: 1, pool: 7}}
"""
    )
    assert main(["run", write(tmp_path, body)]) == 0
    assert capsys.readouterr().err == "expect: met (4 checks)\n"


def test_unmet_checks_say_what_differed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = (
        EXPECT
        + """expect:
  order: [[tom@9]]
  events: [{kind: initiative_rolled, actor: vilna, data: {score: 9}}]
"""
    )
    assert main(["run", write(tmp_path, body)]) == 1
    err = capsys.readouterr().err
    assert "order[0] (round 1): expected tom@9; got tom@4, vilna@1" in err
    assert "events[0]: expected an event 'initiative_rolled' with actor='vilna'" in err
    assert err.endswith("expect: not met (2 of 2 checks)\n")


def test_a_seed_override_says_expect_is_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, EXPECT + "expect: {winner: b}\n")
    assert main(["run", path, "--seed", "9"]) == 0
    assert capsys.readouterr().err == "expect: not checked (seed or dice overridden)\n"


@pytest.mark.parametrize(("mode", "status"), [("ignore", 0), ("warn", 0), ("error", 1)])
def test_rigged_faces_left_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, status: int
) -> None:
    rigged = f"rigged: [{', '.join(['5'] * 5000)}]\nwhen_rigged_left_over: {mode}\n"
    path = write(tmp_path, rigged + EXPECT)
    assert main(["run", path]) == status
    said = "faces left over" in capsys.readouterr().err
    assert said == (mode != "ignore")


def test_aftermath_is_a_sorcerer_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, EXPECT + "expect: {aftermath: {tom: hospital}}\n")
    assert main(["run", path]) == 2
    assert "expect.aftermath" in capsys.readouterr().err


def test_werewolf_vilna_plays_the_seeds_ten_actions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "werewolf-vilna", "--format", "jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()[1:]]
    mine = [
        (e["data"]["acts_on"], e["data"]["dice"])
        for e in lines
        if e["kind"] == "action_declared" and e["actor"] == "vilna" and e["round"] == 1
    ]
    assert mine == [(segment, 4) for segment in range(9, -1, -1)]
