"""Hostile input, fifth pass: files written over what is read, overlapping runs, read-back text."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from arena.cli import main
from arena.content.loader import shipped_content_root
from tests.bad_input.hostile import SCENARIO, listing, run

ROOT = Path(__file__).resolve().parents[2]
CONTENT = Path("content")
"""A copy of the shipped content, made in each test's folder (never the real one harmed)."""
SHIPPED = CONTENT / "scenarios" / "werewolf-duel.yaml"

# -- never overwrite an input ------------------------------------------------------------------


def _content_snapshot() -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(CONTENT.rglob("*")) if p.is_file()}


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a scenario, a link to it, a hard link to it, and a copy of the content."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(shipped_content_root(), tmp_path / CONTENT)
    monkeypatch.setenv("ARENA_CONTENT", str(tmp_path / CONTENT))
    (tmp_path / "fight.yaml").write_text(SCENARIO)
    (tmp_path / "link.yaml").symlink_to("fight.yaml")
    os.link(tmp_path / "fight.yaml", tmp_path / "hard.yaml")
    (tmp_path / "sub").mkdir()
    # Saves folders whose high-score table, or whose morgue's name, is a link into the content.
    (tmp_path / "table").mkdir()
    (tmp_path / "table" / "gauntlet-scores.json").symlink_to(tmp_path / CONTENT_RULES)
    (tmp_path / "morgue").mkdir()
    (tmp_path / "morgue" / "morgue-werewolf-ahroun-1.md").symlink_to(tmp_path / CONTENT / "m.md")
    return tmp_path


# Every option that writes a file, each pointed at a file the command reads (or at content).
CONTENT_RULES = str(CONTENT / "gauntlet" / "rules.yaml")
GAUNTLET = ["gauntlet", "--auto", "ai:garou", "--saves", "."]
WRITERS = [
    ("run own shipped scenario by name", ["run", "werewolf-duel", "--save", str(SHIPPED)]),
    ("run --out own shipped scenario", ["run", "werewolf-duel", "--out", str(SHIPPED)]),
    ("run --save through a link", ["run", "fight.yaml", "--save", "link.yaml"]),
    ("run --save a hard link", ["run", "fight.yaml", "--save", "hard.yaml"]),
    ("run --save through dot-dot", ["run", "fight.yaml", "--save", "sub/../fight.yaml"]),
    ("run --out through dot", ["run", "fight.yaml", "--out", "./fight.yaml"]),
    ("run --out a content file", ["run", "fight.yaml", "--out", str(SHIPPED.parent / "x.yaml")]),
    ("run --save into content", ["run", "fight.yaml", "--save", str(CONTENT / "new.yaml")]),
    ("replay --out a content file", ["replay", "save.yaml", "--out", str(SHIPPED)]),
    ("gauntlet --out a content file", [*GAUNTLET, "--out", CONTENT_RULES]),
    ("gauntlet --save a content file", [*GAUNTLET, "--save", str(SHIPPED)]),
    (
        "gauntlet --saves inside content",
        ["gauntlet", "--auto", "ai:garou", "--saves", str(SHIPPED.parent)],
    ),
    ("gauntlet table linked into content", [*GAUNTLET[:3], "--saves", "table"]),
    ("gauntlet morgue linked into content", [*GAUNTLET[:3], "--saves", "morgue"]),
    (
        "play --saves inside content",
        ["play", "--plain", "werewolf-duel", "--saves", str(SHIPPED.parent)],
    ),
]


@pytest.mark.parametrize("argv", [w[1] for w in WRITERS], ids=[w[0] for w in WRITERS])
def test_no_option_that_writes_replaces_a_file_the_command_reads(
    files: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    if argv[0] == "replay":
        saved = run(["run", "werewolf-duel", "--save", "save.yaml", "--stop-after", "2"], capsys)
        assert saved[0] == 0
    before, content = listing(files), _content_snapshot()
    assert content
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert "replace it" in err or "content" in err, err
    assert listing(files) == before
    assert _content_snapshot() == content


def test_a_scenario_read_from_standard_input_is_not_written_over(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = listing(files)
    with open(files / "fight.yaml") as stdin:
        result = subprocess.run(
            [sys.executable, "-m", "arena", "run", "-", "--out", "hard.yaml"],
            stdin=stdin,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "arena: --out: hard.yaml: is the scenario run; writing there would replace it\n"
    )
    assert listing(files) == before


def test_the_saves_own_file_is_refused_by_name(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["run", "werewolf-duel", "--save", str(SHIPPED)], capsys)
    assert (status, err) == (
        2,
        f"arena: --save: {SHIPPED}: is the scenario run; writing there would replace it\n",
    )
    assert run(["run", "werewolf-duel", "--out", "content/../new.md"], capsys)[0] == 0
    status, _, err = run(["run", "werewolf-duel", "--out", "content/../content/new.md"], capsys)
    assert (status, err) == (
        2,
        f"arena: --out: content/../content/new.md: is in the content folder arena reads "
        f"({files / CONTENT}); writing there would change the content\n",
    )


def test_a_file_the_command_only_writes_is_still_written(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, _ = run(["run", "fight.yaml", "--save", "sub/new.yaml", "--out", "log.txt"], capsys)
    assert status == 0
    assert (files / "sub" / "new.yaml").is_file()
    assert (files / "log.txt").is_file()


# -- nothing lost when runs overlap --------------------------------------------------------------

RECORDER = """
import sys, time
from pathlib import Path
from arena.gauntlet import RunState
from arena.gauntlet.closing import record_run
folder, index, go = Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
(folder / f"ready-{index}").touch()
while not go.exists():
    time.sleep(0.001)
for n in range(4):
    seed = index * 10 + n
    state = RunState("werewolf", "ahroun", seed, end="dead")
    record_run(folder, state, f"Run {seed}", folder / f"morgue-{seed}.md")
"""


def test_runs_ending_at_once_keep_every_high_score(tmp_path: Path) -> None:
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # Four writers on two cores contend for the table as eight did, for half the start-up.
    procs = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(tmp_path), str(i), str(go)], env=env)
        for i in range(4)
    ]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("ready-*"))) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)  # every one has started and waits
    go.touch()
    assert [p.wait(timeout=120) for p in procs] == [0] * 4
    table = json.loads((tmp_path / "gauntlet-scores.json").read_text())
    expected = sorted(i * 10 + n for i in range(4) for n in range(4))
    assert sorted(row["seed"] for row in table) == expected
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_lock_file_stands_in_where_there_is_no_flock(tmp_path: Path) -> None:
    from arena.gauntlet.scores import LOCK_FILE, _lock_file

    with _lock_file(tmp_path):
        assert (tmp_path / LOCK_FILE).exists()
        with (
            pytest.raises(OSError, match="another arena holds the high-score table"),
            _lock_file(tmp_path, wait=0.1),
        ):
            pass
    assert not (tmp_path / LOCK_FILE).exists()
    (tmp_path / LOCK_FILE).touch()
    old = time.time() - 60
    os.utime(tmp_path / LOCK_FILE, (old, old))  # left by a killed arena: taken over
    with _lock_file(tmp_path, wait=0.1):
        pass


# -- folders -----------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["--saves", "ARENA_SAVES"])
def test_a_missing_saves_folder_is_made_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    folder = tmp_path / "new"
    argv = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"]
    if how == "--saves":
        argv += ["--saves", str(folder)]
    else:
        monkeypatch.setenv("ARENA_SAVES", str(folder))
    status, _, err = run(argv, capsys)
    assert status == 0
    assert err == f"arena: {how}: {folder}: no such folder, so it was made\n"
    assert folder.is_dir()


@pytest.mark.parametrize("how", ["--saves", "ARENA_SAVES"])
def test_a_saves_folder_in_a_missing_folder_is_a_typo_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    folder = tmp_path / "typo" / "saves"
    argv = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"]
    if how == "--saves":
        argv += ["--saves", str(folder)]
    else:
        monkeypatch.setenv("ARENA_SAVES", str(folder))
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err == (
        f"arena: {how}: {folder}: no such folder, nor {tmp_path / 'typo'} that would hold it "
        "(check the name, or make the folder first)\n"
    )
    assert not (tmp_path / "typo").exists()


@pytest.mark.parametrize("how", ["--saves", "ARENA_SAVES"])
@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("file", "not a folder but a file"),
        ("dangling", "a link to nothing, not a folder (it names nowhere)"),
    ],
)
def test_a_saves_folder_that_is_a_file_or_a_dangling_link_is_named_so(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    how: str,
    kind: str,
    expected: str,
) -> None:
    folder = tmp_path / "saves"
    if kind == "file":
        folder.write_text("")
    else:
        folder.symlink_to("nowhere")
    if how == "--saves":
        argvs = [
            ["gauntlet", "--scores", "--saves", str(folder)],
            ["play", "--plain", "--saves", str(folder)],
        ]
    else:
        monkeypatch.setenv("ARENA_SAVES", str(folder))
        argvs = [["gauntlet", "--scores"], ["play", "--plain"]]
    for argv in argvs:
        status, out, err = run(argv, capsys)
        assert (status, out, err) == (2, "", f"arena: {how}: {folder}: {expected}\n")


# -- messages say the truth ---------------------------------------------------------------------


def test_a_file_in_a_folder_that_takes_no_new_files_is_not_a_missing_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if not os.access("/proc/version", os.W_OK):
        pytest.skip("needs /proc/version to look writable (as it does to root)")
    status, out, err = run(["run", "werewolf-duel", "--out", "/proc/version"], capsys)
    assert (status, out) == (2, "")
    assert err == (
        "arena: --out: /proc/version: cannot write it: its folder takes no new files "
        "(arena writes the new file beside it first)\n"
    )


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("a/" * 600 + "x", "no such folder: "),
        ("c" * 300, "cannot write it: File name too long"),
    ],
    ids=["deep", "long name"],
)
def test_a_long_paths_message_says_why_before_it_is_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, reason: str
) -> None:
    path = f"{tmp_path}/{name}"
    status, out, err = run(["run", "werewolf-duel", "--out", path], capsys)
    assert (status, out, err.count("\n")) == (2, "", 1)
    assert reason in err, err
    assert len(err) < 400, err
    assert "..." in err


# -- what is read back -------------------------------------------------------------------------

# Each text a reader shows or writes, and the characters arena never writes into one.
CONTROLS = ["\x1b[31m", "\x07", "\x9b", "\x7f", "\u2028", "\u2029", "\u202e", "\u2066", "\n"]


@pytest.fixture(scope="module")
def stopped_duel(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A save of werewolf-duel stopped after 3 decisions, as data: played once for every case."""
    import yaml

    path = tmp_path_factory.mktemp("stopped") / "save.yaml"
    assert main(["run", "werewolf-duel", "--save", str(path), "--stop-after", "3"]) == 0
    data: dict[str, object] = yaml.safe_load(path.read_text())
    return data


@pytest.fixture(scope="module")
def one_fight_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A saved gauntlet run after one fight, as data: played once for every case."""
    folder = tmp_path_factory.mktemp("run")
    path = folder / "run.json"
    argv = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q", "--save", str(path)]
    assert main([*argv, "--saves", str(folder)]) == 0
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _sealed_save(tmp_path: Path, stopped: dict[str, object], edit: object) -> Path:
    """A save of a stopped fight, edited by ``edit(data)`` and sealed again: its digest matches."""
    import yaml

    from arena.content.saves import body_digest

    path = tmp_path / "save.yaml"
    data = copy.deepcopy(stopped)
    edit(data)  # type: ignore[operator]
    data["digest"] = body_digest(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return path


@pytest.mark.parametrize("char", CONTROLS, ids=[repr(c) for c in CONTROLS])
@pytest.mark.parametrize("key", ["reasons", "preset", "scenario name"])
def test_a_sealed_save_holding_a_control_character_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    stopped_duel: dict[str, object],
    char: str,
    key: str,
) -> None:
    def edit(data: dict[str, object]) -> None:
        if key == "reasons":
            data["reasons"][0] += char  # type: ignore[index]
        elif key == "preset":
            data["preset"] = f"seed{char}"
        else:
            data["scenario"] = str(data["scenario"]).replace("name: Tom", f"name: T{char}om", 1)

    path = _sealed_save(tmp_path, stopped_duel, edit)
    if key == "scenario name" and char == "\n":
        pytest.skip("a line break in the scenario's text is its own YAML")
    before = path.read_bytes()
    for argv in (["replay", str(path)], ["run", "--resume", str(path)]):
        status, out, err = run(argv, capsys)
        assert (status, out, err.count("\n")) == (2, "", 1), err
        assert "control character" in err or "text holds" in err, err
    assert path.read_bytes() == before


@pytest.mark.parametrize("char", CONTROLS, ids=[repr(c) for c in CONTROLS])
def test_a_sealed_run_holding_a_control_character_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    one_fight_run: dict[str, Any],
    char: str,
) -> None:
    from arena.gauntlet.save_checks import seal

    path = tmp_path / "run.json"
    data = copy.deepcopy(one_fight_run)
    data["records"][0]["name"] += char
    path.write_text(json.dumps(seal({k: v for k, v in data.items() if k != "digest"})))
    argv = ["gauntlet", "--continue", str(path), "--auto", "ai:garou", "--saves", str(tmp_path)]
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    shown = repr(char[0])[1:-1]
    assert err == (
        f"arena: {path}: records[0].name: text holds the control character {shown}: "
        "arena never writes one\n"
    )


@pytest.mark.parametrize("key", ["name", "ruleset", "end"])
def test_a_score_table_holding_a_control_character_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    row = {"name": "A", "ruleset": "werewolf", "seed": 1, "won": 3, "taken": 0, "end": "won"}
    path = tmp_path / "gauntlet-scores.json"
    path.write_text(json.dumps([{**row, key: f"{row[key]}\u202e"}]))
    status, out, err = run(["gauntlet", "--scores", "--saves", str(tmp_path)], capsys)
    assert (status, out) == (2, "")
    assert err == (
        f"arena: {path}: [0].{key}: text holds the control character \\u202e: "
        "arena never writes one\n"
    )


@pytest.mark.parametrize("fmt", ["text", "markdown", "jsonl"])
@pytest.mark.parametrize("command", ["run", "replay"])
def test_a_log_written_to_a_file_holds_no_raw_control_character(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, command: str
) -> None:
    # A file name may hold any character: the log's header names it.
    folder = tmp_path / "a\x1b]0;owned\x07\u202e\x9b"
    folder.mkdir()
    scenario = folder / "f.yaml"
    scenario.write_text(SCENARIO)
    out = tmp_path / "log"
    if command == "run":
        argv = ["run", str(scenario), "--format", fmt, "--out", str(out)]
    else:
        save = folder / "s.yaml"
        assert run(["run", str(scenario), "--save", str(save), "--stop-after", "2"], capsys)[0] == 0
        argv = ["replay", str(save), "--format", fmt, "--out", str(out)]
    assert run(argv, capsys)[0] == 0
    text = out.read_text()
    for char in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert char not in text
    if fmt == "jsonl":
        header = json.loads(text.splitlines()[0])["header"]
        assert "\x1b" in header["file"]  # escaped by JSON, read back as it was


def test_a_morgue_holds_no_raw_control_character(tmp_path: Path) -> None:
    from arena.gauntlet import RunState
    from arena.gauntlet.morgue import save_morgue

    path = tmp_path / "morgue.md"
    save_morgue(path, RunState("werewolf", "ah\x1b[2J", 1, end="dead\u2028"), "A\x9b\u202eB")
    text = path.read_text()
    assert not any(c in text for c in ("\x1b", "\x9b", "\u202e", "\u2028"))
    assert "A\\x9b\\u202eB" in text


# -- machine-readable output -------------------------------------------------------------------


@pytest.mark.parametrize("out", [False, True], ids=["stdout", "--out"])
def test_a_stopped_json_lines_log_holds_json_lines_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], out: bool
) -> None:
    save = tmp_path / "s.yaml"
    logs: list[str] = []
    for argv in (
        ["run", "werewolf-duel", "--save", str(save), "--stop-after", "4", "--format", "jsonl"],
        ["replay", str(save), "--format", "jsonl"],
    ):
        target = tmp_path / f"{argv[0]}.jsonl"
        status, text, _ = run([*argv, *(["--out", str(target)] if out else [])], capsys)
        assert status == 0
        logs.append(target.read_text() if out else text)
    for log, why in zip(logs, ["stop_after", "saved"], strict=True):
        records = [json.loads(line) for line in log.splitlines()]
        assert records[-1] == {"stopped": {"decisions": 4, "why": why}}
        assert "header" in records[0]


def test_a_stopped_log_in_words_still_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.yaml"
    status, out, _ = run(["run", "werewolf-duel", "--save", str(save), "--stop-after", "4"], capsys)
    assert (status, out.splitlines()[-1]) == (0, "(stopped after 4 decisions; the fight goes on)")


@pytest.mark.parametrize(
    ("jobs", "whom"),
    [
        # Told alone, the parent stops the workers as it does when the group is told (they
        # ignore it): the group case runs by default, this one with -m slow.
        pytest.param("2", "parent", marks=pytest.mark.slow),
        ("2", "group"),
        ("1", "parent"),
    ],
)
def test_sigterm_during_sim_ends_quietly_with_the_partial_report(jobs: str, whom: str) -> None:
    import signal

    argv = [sys.executable, "-m", "arena", "sim", "werewolf-duel", "-n", "3000", "--jobs", jobs]
    proc = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        start_new_session=True,
    )
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the first progress line: fights are being played
    assert first.startswith("sim: "), first
    if whom == "group":
        os.killpg(proc.pid, signal.SIGTERM)
    else:
        proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err, err
    assert "interrupted: " in out
