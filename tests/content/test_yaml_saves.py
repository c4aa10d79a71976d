"""Save files: sealed atomic YAML writes, strict reads of one mapping, no stale temporaries."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

from arena.content.errors import ContentError
from arena.content.files import remove_stale_temps
from arena.content.saves import check_digest, read_yaml_mapping, write_yaml_atomic


def test_round_trip_keeps_order_and_turns_tuples_into_lists(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    data = {
        "format": 1,
        "seed": 7,
        "rigged": (10, 3),  # frozen values hold tuples
        "commands": [{"kind": "attack", "actor": "vilna", "target": "tom"}],
        "note": None,
        "name": "Vilna's fight",
    }
    write_yaml_atomic(path, data)
    assert list(check_digest(path, read_yaml_mapping(path)).items()) == [
        ("format", 1),
        ("seed", 7),
        ("rigged", [10, 3]),
        ("commands", [{"kind": "attack", "actor": "vilna", "target": "tom"}]),
        ("note", None),
        ("name", "Vilna's fight"),
    ]
    assert path.read_text().startswith("format: 1\nseed: 7\n")
    assert [p.name for p in tmp_path.iterdir()] == ["save.yaml"]  # no temporary file is left


def test_overwrite_replaces_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    write_yaml_atomic(path, {"seed": 1})
    write_yaml_atomic(path, {"seed": 2})
    assert check_digest(path, read_yaml_mapping(path)) == {"seed": 2}


def test_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    write_yaml_atomic(path, {"seed": 1})
    with pytest.raises(TypeError):
        write_yaml_atomic(path, {"seed": object()})  # nothing JSON or YAML can write
    assert check_digest(path, read_yaml_mapping(path)) == {"seed": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.yaml"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("seed: 1\nseed: 2\n", "2: seed: duplicate key 'seed' (first on line 1)"),  # last would win
        ("a:\n  b: 1\n  b: 2\n", "3: a.b: duplicate key 'b' (first on line 2)"),  # nested too
        ("- seed\n", "1: expected a mapping, got a list"),  # not a mapping
        ("", "1: empty file: expected a mapping"),  # empty, e.g. cut off before anything
        ("seed: 7\ncommands: [{kind: attack\n", "3: malformed YAML"),  # truncated mid-write
        ("x: !!python/object:os.system ls\n", "1: a tag (!name): not in a saved file"),  # unsafe
        ("x: !!int 3\n", "1: a tag (!name): not in a saved file"),  # any tag at all
        ("a: &a [1, 2]\nb: *a\n", "1: an anchor (&name): not in a saved file"),  # machine data
        ("format: true\n", "1: format: expected a whole number, got True"),  # not 1
        ("format: 2.0\n", "1: format: expected a whole number, got 2.0"),  # not 2
        ("1: a\n", "1: top-level keys must be text"),  # the caller looks keys up by name
    ],
)
def test_read_refuses(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "save.yaml"
    path.write_text(text)
    with pytest.raises(ContentError) as caught:
        read_yaml_mapping(path)
    assert str(caught.value).startswith(f"{path}:{expected}")


def _sealed(tmp_path: Path) -> Path:
    path = tmp_path / "save.yaml"
    write_yaml_atomic(path, {"format": 2, "seed": 7, "reasons": ["", "keeps its Rage"]})
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("seed: 7", "seed: 8", "digest: does not match the save"),  # any value
        ("keeps its Rage", "keeps its rage", "digest: does not match the save"),  # any text
        ("seed: 7", "seed: '7'", "digest: does not match the save"),  # any type
        ("digest: sha256:", "digest: sha256:0", "digest: expected sha256: and 64 hex digits"),
        ("digest:", "digestx:", "digest: missing"),  # cut off or hand-written
    ],
)
def test_any_edit_breaks_the_seal(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = _sealed(tmp_path)
    path.write_text(path.read_text().replace(old, new))
    with pytest.raises(ContentError) as caught:
        check_digest(path, read_yaml_mapping(path))
    assert str(caught.value).startswith(f"{path}: {message}")


def test_reformatting_keeps_the_seal(tmp_path: Path) -> None:
    path = _sealed(tmp_path)
    path.write_text(path.read_text().replace("seed: 7", "seed:   7  # a comment"))
    assert check_digest(path, read_yaml_mapping(path))["seed"] == 7


@pytest.mark.parametrize("kind", ["folder", "fifo", "device", "missing-folder"])
def test_a_save_goes_only_to_a_file_or_a_new_name(tmp_path: Path, kind: str) -> None:
    target = {
        "folder": tmp_path,
        "fifo": tmp_path / "pipe.yaml",
        "device": Path(os.devnull),
        "missing-folder": tmp_path / "no" / "save.yaml",
    }[kind]
    if kind == "fifo":
        os.mkfifo(target)
    before = sorted(tmp_path.rglob("*"))
    with pytest.raises(OSError, match=r"is a|no such folder") as caught:
        write_yaml_atomic(target, {"seed": 1})
    assert caught.value.filename == str(target)
    assert sorted(tmp_path.rglob("*")) == before


def test_stale_temporaries_go_at_the_next_write(tmp_path: Path) -> None:
    path = _sealed(tmp_path)
    dead = os.fork()
    if dead == 0:
        os._exit(0)  # a process that has ended: its temporary file is stale
    os.waitpid(dead, 0)
    stale = [tmp_path / f".save.yaml.{dead}-abc.tmp", tmp_path / f".save.yaml.{os.getpid()}-x.tmp"]
    live = tmp_path / f".save.yaml.{os.getppid()}-busy.tmp"  # a running process may be writing
    for temp in [*stale, live]:
        temp.write_text("half a save")
    write_yaml_atomic(path, {"seed": 2})
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["save.yaml", live.name])
    assert remove_stale_temps(path) == []


def _write_until_killed(path: Path, body: dict[str, object]) -> None:
    try:
        for seed in range(1, 1_000_000):
            write_yaml_atomic(path, {**body, "seed": seed})
    finally:
        os._exit(1)


@pytest.mark.slow
def test_a_killed_writer_leaves_the_previous_save(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    # About 2 MB, so the kill often lands while the temporary file is being written.
    body = {"format": 2, "scenario": "name: x\n" * 250_000, "commands": [{"kind": "punch"}] * 300}
    started = time.perf_counter()
    write_yaml_atomic(path, {**body, "seed": 0})
    # The kill lands within two writes' time, however loaded the machine is.
    one_write = time.perf_counter() - started
    rng = random.Random(12)
    caught_mid_write = 0
    for attempt in range(100):
        if attempt >= 30 and caught_mid_write >= 3:
            break  # 30 kills, at least 3 of them while a temporary file existed
        child = os.fork()
        if child == 0:
            _write_until_killed(path, body)
        time.sleep(rng.uniform(0.0, max(0.1, 2 * one_write)))
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        caught_mid_write += any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
        # Whatever moment the kill came at, the save is a whole one, sealed.
        data = check_digest(path, read_yaml_mapping(path))
        assert data["commands"] == body["commands"], attempt
        write_yaml_atomic(path, {**body, "seed": 0})
        assert [p.name for p in tmp_path.iterdir()] == ["save.yaml"], attempt
    assert caught_mid_write >= 3
