"""Hostile input, fifth pass: files written over what is read, overlapping runs, read-back text."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

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
    procs = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(tmp_path), str(i), str(go)], env=env)
        for i in range(8)
    ]
    time.sleep(1.5)  # every one has started and waits
    go.touch()
    assert [p.wait(timeout=120) for p in procs] == [0] * 8
    table = json.loads((tmp_path / "gauntlet-scores.json").read_text())
    expected = sorted(i * 10 + n for i in range(8) for n in range(4))
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
